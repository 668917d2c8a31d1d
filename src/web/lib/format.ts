import { DATE_TIME_LOCALE, DATE_TIME_OPTIONS } from '../../shared/dates';
import { groupDigits } from '../../shared/money';

/** 'Rs. 1,23,456' (Nepali/Indian digit grouping): one helper for the web and the server's mails. */
export { formatDeliveryFee, formatPrice, lineTotal } from '../../shared/money';

export { groupDigits };

// Made at the first date shown, not when the app starts: building an Intl formatter loads its
// locale's data, a long pause on a slow phone, and most pages show no date.
let dateTime: Intl.DateTimeFormat | undefined;

/** SPEC §9, as shared/dates.ts writes it: e.g. '23/06/2024, 02:05 pm', in the browser's time zone. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  dateTime ??= new Intl.DateTimeFormat(DATE_TIME_LOCALE, DATE_TIME_OPTIONS);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** Category names travel in URLs with spaces written as hyphens (SPEC §2). */
export function toUrlName(name: string): string {
  return name.trim().replace(/\s+/g, '-');
}

export function productsUrl(filter: { category?: string; subcategory?: string; childcategory?: string } = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, toUrlName(value));
  const query = params.toString();
  return query ? `/products?${query}` : '/products';
}

let nepalDateTime: Intl.DateTimeFormat | undefined;

/** formatDateTime in Nepal's time zone, whatever the browser's (invoices: the shop's own dates). */
export function formatNepalDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  nepalDateTime ??= new Intl.DateTimeFormat(DATE_TIME_LOCALE, { ...DATE_TIME_OPTIONS, timeZone: 'Asia/Kathmandu' });
  return Number.isNaN(date.getTime()) ? '' : nepalDateTime.format(date);
}

/** "1 product", "2,400 products", or "1,000+ products" when a search matched more than it lists. */
export function productCount(page: { total: number; totalAtLeast?: boolean | undefined }): string {
  if (page.total === 1 && !page.totalAtLeast) return '1 product';
  return `${groupDigits(page.total)}${page.totalAtLeast ? '+' : ''} products`;
}
