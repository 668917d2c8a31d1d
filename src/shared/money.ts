import { type Locale, toNepaliDigits } from './locale.js';

/**
 * Money helpers shared by the web and the server (mails). Amounts are stored as integer paisa
 * (Rs. 1 = 100 paisa) and travel in the API as rupee numbers.
 */

/**
 * 1234567 → '12,34,567': the Nepali/Indian digit grouping of en-IN (the last three digits, then
 * pairs) of a whole number. Written out rather than with Intl.NumberFormat: building the first
 * formatter loads the locale's data, which was most of the page code's start-up on a slow phone
 * (docs/benchmarks.md). tests/api/money.test.ts checks it against Intl.
 */
export function groupDigits(whole: number): string {
  const digits = String(Math.abs(Math.trunc(whole)));
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return whole <= -1 ? `-${grouped}` : grouped;
}

/**
 * 'Rs. 1,23,456' — Nepali/Indian digit grouping (en-IN). Paisa are shown, always as two
 * digits, only when there are any: 'Rs. 1,234.50'. In Nepali: 'रू १,२३,४५६'.
 */
export function formatPrice(rupees: number, locale: Locale = 'en'): string {
  const paisa = toPaisa(rupees);
  const symbol = locale === 'ne' ? 'रू' : 'Rs.';
  // Bad data (NaN, Infinity) reads as Intl wrote it, not as digits.
  if (!Number.isFinite(paisa)) return `${symbol} ${Number.isNaN(paisa) ? 'NaN' : `${paisa < 0 ? '-' : ''}∞`}`;
  const abs = Math.abs(paisa);
  const sign = paisa < 0 ? '-' : '';
  const fraction = abs % 100 === 0 ? '' : `.${String(abs % 100).padStart(2, '0')}`;
  const amount = `${sign}${groupDigits(Math.floor(abs / 100))}${fraction}`;
  return `${symbol} ${locale === 'ne' ? toNepaliDigits(amount) : amount}`;
}

/** Price × quantity in rupees, reckoned in whole paisa (no float noise in a line's total). */
export function lineTotal(price: number, quantity: number): number {
  return (toPaisa(price) * quantity) / 100;
}

/** A delivery charge as shoppers see it: 'Free' (निःशुल्क) when there is none. */
export function formatDeliveryFee(rupees: number, locale: Locale = 'en'): string {
  if (rupees !== 0) return formatPrice(rupees, locale);
  return locale === 'ne' ? 'निःशुल्क' : 'Free';
}

/** formatPrice() of an amount in paisa. */
export const formatPaisa = (paisa: number, locale: Locale = 'en'): string => formatPrice(paisa / 100, locale);

/** Rupees (as the API carries them) to whole paisa; rounds away float noise such as 0.1 + 0.2. */
export const toPaisa = (rupees: number): number => Math.round(rupees * 100);

/** Paisa (as stored) to the rupee number the API answers with. */
export const toRupees = (paisa: number): number => paisa / 100;

export interface DeliveryRates {
  valleyFeePaisa: number;
  outsideFeePaisa: number;
  /** Subtotals from this amount on are delivered free. */
  freeFromPaisa: number;
}

/**
 * The one rule of what delivery costs: free from the threshold on, otherwise the valley's or the
 * outside rate. Checkout charges by it (shared/payments.ts, by district) and the product page
 * tells by it (the price alone).
 */
export function placeFeePaisa(valley: boolean, subtotalPaisa: number, rates: DeliveryRates): number {
  if (subtotalPaisa >= rates.freeFromPaisa) return 0;
  return valley ? rates.valleyFeePaisa : rates.outsideFeePaisa;
}

/** The rates of payment-options' `delivery` (rupees) in paisa, as placeFeePaisa takes them. */
export function deliveryRatesOf(delivery: { valleyFee: number; outsideFee: number; freeFrom: number }): DeliveryRates {
  return {
    valleyFeePaisa: Math.round(delivery.valleyFee * 100),
    outsideFeePaisa: Math.round(delivery.outsideFee * 100),
    freeFromPaisa: Math.round(delivery.freeFrom * 100),
  };
}
