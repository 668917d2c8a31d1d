import { z } from 'zod';

/**
 * The query-string fields the admin's lists share (orders, audit, archived products, dashboard):
 * the same rules and the same messages wherever they appear.
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
