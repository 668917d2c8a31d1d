/**
 * Product comparison, without zod (the web's catalogue pages import it; the API's schemas are in
 * product-compare.ts). The compare page's address is /compare?ids=1,2,3: the products in the order
 * the shopper added them, at most COMPARE_MAX of them.
 */

/** How many products are compared side by side at most. */
export const COMPARE_MAX = 4;

/** The largest id a product can have (the id columns are 32-bit signed integers on both databases). */
export const PRODUCT_ID_MAX = 2 ** 31 - 1;

/**
 * The ids of a compare address's `ids` (or of the device's remembered list), read leniently: what
 * is not a product id is left out, a repeated id counts once, and only the first COMPARE_MAX are kept,
 * so a hand-edited link never breaks the page.
 */
export function readCompareIds(text: string | null | undefined): number[] {
  const ids: number[] = [];
  for (const part of (text ?? '').split(',')) {
    const trimmed = part.trim();
    if (!/^\d{1,10}$/.test(trimmed)) continue;
    const id = Number(trimmed);
    if (id >= 1 && id <= PRODUCT_ID_MAX && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, COMPARE_MAX);
}

/** The compare page's address for these products ('/compare' when there are none). */
export function compareHref(ids: readonly number[]): string {
  return ids.length === 0 ? '/compare' : `/compare?ids=${ids.join(',')}`;
}
