import { DATE_TIME_LOCALE, DATE_TIME_OPTIONS } from '../../shared/dates';
import { type Locale, localDigits } from '../../shared/locale';
import { groupDigits } from '../../shared/money';
import type { Translate } from './i18n';

/** 'Rs. 1,23,456' (Nepali/Indian digit grouping; 'रू १,२३,४५६' in Nepali): one helper for the web and the server's mails. */
export { formatDeliveryFee, formatPrice, lineTotal } from '../../shared/money';

export { groupDigits };

// Made at the first date shown, not when the app starts: building an Intl formatter loads its
// locale's data, a long pause on a slow phone, and most pages show no date.
const dateTimes = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: Locale, timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''}`;
  let format = dateTimes.get(key);
  if (!format) {
    // English: the en-GB form of shared/dates.ts; Nepali: ne-NP's own (२०२६-११-२६, ०२:०५ अपराह्न).
    format = new Intl.DateTimeFormat(locale === 'ne' ? 'ne-NP' : DATE_TIME_LOCALE, { ...DATE_TIME_OPTIONS, timeZone });
    dateTimes.set(key, format);
  }
  return format;
}

/** A value as the API or a caller gives it (ISO text, epoch ms or a Date) as a Date. */
export function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A date and time as shared/dates.ts writes it: e.g. '23/06/2024, 02:05 pm', in the browser's time zone. */
export function formatDateTime(value: string | number | Date, locale: Locale = 'en'): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale).format(date);
}

/** formatDateTime in Nepal's time zone, whatever the browser's (invoices: the shop's own dates). */
export function formatNepalDateTime(value: string | number | Date, locale: Locale = 'en'): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale, 'Asia/Kathmandu').format(date);
}

/** Category names travel in URLs with spaces written as hyphens. */
export function toUrlName(name: string): string {
  return name.trim().replace(/\s+/g, '-');
}

export function productsUrl(filter: { category?: string; subcategory?: string; childcategory?: string } = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, toUrlName(value));
  const query = params.toString();
  return query ? `/products?${query}` : '/products';
}

/** A whole number with lakh grouping, in the language's digits ('१,२३,४५६' in Nepali). */
export function formatCount(value: number, locale: Locale = 'en'): string {
  return localDigits(groupDigits(value), locale);
}

/** "1 product", "2,400 products", or "240+ products" when a search matched more than it lists. */
export function productCount(page: { total: number; totalAtLeast?: boolean | undefined }, t: Translate, locale: Locale): string {
  const total = formatCount(page.total, locale);
  return page.totalAtLeast ? t('common.productCount.atLeast', { total }) : t('common.productCount', { count: page.total, total });
}
