import type { Locale } from '../../../../shared/locale';

/**
 * Nepal days ('2026-11-20', as the Dashboard's answer names them) for people: '20 Nov' or, with the
 * year, '20 Nov 2026' ('२० नोभे' in Nepali). Read as UTC dates, so the browser's own time zone cannot
 * move them a day.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatDay(day: string, locale: Locale, withYear = false): string {
  const key = `${locale}${withYear ? 'y' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'ne' ? 'ne-NP' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    formats.set(key, format);
  }
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format.format(date);
}
