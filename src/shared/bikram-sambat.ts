import converter from 'nepali-datetime/dateConverter';
import { toNepaliDigits } from './locale.js';

/**
 * Bikram Sambat, Nepal's calendar, for order dates in Nepali: the conversion is
 * nepali-datetime's (opensource-nepal, maintained, its tables checked against Nepal's official
 * calendar); the month names and digits are written here. tests/api/locale-format.test.ts checks
 * known dates.
 */
const MONTHS = ['बैशाख', 'जेठ', 'असार', 'साउन', 'भदौ', 'असोज', 'कात्तिक', 'मंसिर', 'पुस', 'माघ', 'फागुन', 'चैत'] as const;

/** Nepal keeps UTC+5:45 all year (no summer time): its calendar day of an instant, without Intl. */
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

export interface BikramSambatDate {
  year: number;
  /** 1 (Baisakh) to 12 (Chaitra). */
  month: number;
  day: number;
}

/** The Bikram Sambat date of an instant, in Nepal; undefined outside the converter's years (about 1918–2043 AD). */
export function toBikramSambat(instant: Date): BikramSambatDate | undefined {
  const nepal = new Date(instant.getTime() + NEPAL_OFFSET_MS);
  if (Number.isNaN(nepal.getTime())) return undefined;
  try {
    const [year, monthIndex, day] = converter.englishToNepali(nepal.getUTCFullYear(), nepal.getUTCMonth(), nepal.getUTCDate());
    return { year, month: monthIndex + 1, day };
  } catch {
    return undefined; // out of the converter's range
  }
}

/** '२०८३ मंसिर १०'; '' when the date cannot be converted. */
export function formatBikramSambat(instant: Date): string {
  const date = toBikramSambat(instant);
  if (!date) return '';
  return `${toNepaliDigits(String(date.year))} ${MONTHS[date.month - 1]} ${toNepaliDigits(String(date.day))}`;
}
