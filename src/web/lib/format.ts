/** 'Rs. 1,23,456' (Nepali/Indian digit grouping): one helper for the web and the server's mails. */
export { formatPrice } from '../../shared/money';

export { groupDigits } from '../../shared/money';

// Made at the first date shown, not when the app starts: building an Intl formatter loads its
// locale's data, a long pause on a slow phone, and most pages show no date.
let dateTime: Intl.DateTimeFormat | undefined;

/** SPEC §9: en-GB, 2-digit day/month, 2-digit hour/minute, 12-hour clock, e.g. '23/06/2024, 02:05 pm'. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  dateTime ??= new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    // hourCycle, not hour12: with en-GB, hour12 gives '00:05 pm' for five past noon in some engines.
    hourCycle: 'h12',
  });
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
