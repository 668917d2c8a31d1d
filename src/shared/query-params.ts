import { z } from 'zod';

/**
 * The query-string fields the admin's lists share (orders, audit, archived products, dashboard):
 * the same rules and the same messages wherever they appear, and the days they name as bounds.
 */

/** A day as YYYY-MM-DD that exists on the calendar (2026-02-30 does not); optional. */
export const queryDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} must be a real date`)
    .optional();

/** A whole number from 1 to `max`, written with at most `digits` digits; optional. */
export const queryWholeNumber = (label: string, max: number, digits = 6) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}$`), `${label} must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `${label} must be a whole number from 1 to ${max}`)
        .max(max, `${label} must be a whole number from 1 to ${max}`),
    )
    .optional();

const TZ_OFFSET_MESSAGE = 'tzOffset must be minutes east of UTC, from -720 to 840';

/** The admin's time zone as minutes east of UTC (Nepal: 345), for reading days; optional. */
export const queryTzOffset = () =>
  z
    .string()
    .regex(/^[+-]?\d{1,4}$/, TZ_OFFSET_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(-720, TZ_OFFSET_MESSAGE).max(840, TZ_OFFSET_MESSAGE))
    .optional();

/** For .refine of a query with `from` and `to` days: they may not be the wrong way round. */
export const daysInOrder: [
  (query: { from?: string | undefined; to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => query.from === undefined || query.to === undefined || query.from <= query.to,
  { message: 'from must not be after to', path: ['from'] },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Inclusive days in the admin's time zone as ISO bounds on a timestamp: `from` inclusive (the
 * first day's midnight there), `before` exclusive (the midnight after the last day).
 */
export function dayBounds(query: { from?: string | undefined; to?: string | undefined; tzOffset?: number | undefined }): {
  from?: string;
  before?: string;
} {
  const offsetMs = (query.tzOffset ?? 0) * 60_000;
  const bounds: { from?: string; before?: string } = {};
  if (query.from !== undefined) bounds.from = new Date(Date.parse(`${query.from}T00:00:00Z`) - offsetMs).toISOString();
  if (query.to !== undefined) bounds.before = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS - offsetMs).toISOString();
  return bounds;
}
