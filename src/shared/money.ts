/**
 * Money helpers shared by the web and the server (mails). Amounts are stored as integer paisa
 * (Rs. 1 = 100 paisa) and travel in the API as rupee numbers.
 */

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const rupeesAndPaisa = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 'Rs. 1,23,456' — Nepali/Indian digit grouping (en-IN). Paisa are shown, always as two
 * digits, only when there are any: 'Rs. 1,234.50'.
 */
export function formatPrice(rupees: number): string {
  const paisa = toPaisa(rupees);
  const format = paisa % 100 === 0 ? wholeRupees : rupeesAndPaisa;
  return `Rs. ${format.format(paisa / 100)}`;
}

/** formatPrice() of an amount in paisa. */
export const formatPaisa = (paisa: number): string => formatPrice(paisa / 100);

/** Rupees (as the API carries them) to whole paisa; rounds away float noise such as 0.1 + 0.2. */
export const toPaisa = (rupees: number): number => Math.round(rupees * 100);

/** Paisa (as stored) to the rupee number the API answers with. */
export const toRupees = (paisa: number): number => paisa / 100;
