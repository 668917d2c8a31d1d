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

/** The Bikram Sambat date of a Gregorian calendar day ('YYYY-MM-DD'); undefined outside the converter's years. */
export function bikramSambatOfDay(day: string): BikramSambatDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  try {
    const [year, monthIndex, date] = converter.englishToNepali(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    return { year, month: monthIndex + 1, day: date };
  } catch {
    return undefined;
  }
}

/** The Gregorian calendar day ('YYYY-MM-DD') of a Bikram Sambat date; undefined when there is no such date. */
export function dayOfBikramSambat(date: BikramSambatDate): string | undefined {
  try {
    const [year, monthIndex, day] = converter.nepaliToEnglish(date.year, date.month - 1, date.day);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${year}-${pad(monthIndex + 1)}-${pad(day)}`;
  } catch {
    return undefined;
  }
}

/** How many days a Bikram Sambat month has (29 to 32), from the converter's tables. */
export function bikramSambatMonthDays(year: number, month: number): number {
  for (let day = 32; day >= 29; day -= 1) {
    const there = dayOfBikramSambat({ year, month, day });
    // The converter may roll an impossible day over into the next month: it must come back the same.
    if (there && bikramSambatOfDay(there)?.day === day) return day;
  }
  return 30;
}

/** The years the converter knows. */
export const BIKRAM_SAMBAT_YEARS = { first: converter.npMinYear(), last: converter.npMaxYear() } as const;

/** Month names in Nepali (as formatBikramSambat writes them) and in English letters. */
export const BIKRAM_SAMBAT_MONTHS = {
  ne: MONTHS,
  en: ['Baisakh', 'Jestha', 'Asar', 'Shrawan', 'Bhadra', 'Asoj', 'Kartik', 'Mangsir', 'Poush', 'Magh', 'Falgun', 'Chaitra'],
} as const;
