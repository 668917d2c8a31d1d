import { formatBikramSambat } from '../../shared/bikram-sambat';
import type { Locale } from '../../shared/locale';
import { formatDateTime, formatNepalDateTime, toDate } from './format';

// Apart from format.ts, which every page loads: the Bikram Sambat tables (~4 KB) come only with the
// pages that show an order.

/**
 * An order's date: formatDateTime in English; in Nepali the Bikram Sambat date first, then the
 * Gregorian one ('२०८३ मंसिर १० (२०२६-११-२६, ०२:०५ अपराह्न)').
 */
export function formatOrderDate(value: string | number | Date, locale: Locale = 'en', nepalTime = false): string {
  const date = toDate(value);
  const gregorian = nepalTime ? formatNepalDateTime(date, locale) : formatDateTime(date, locale);
  if (locale !== 'ne' || !gregorian) return gregorian;
  const bikramSambat = formatBikramSambat(date);
  return bikramSambat ? `${bikramSambat} (${gregorian})` : gregorian;
}
