/** At or under this many left, a product says how few (the product's own low-stock threshold when it has one). */
export const FEW_LEFT_DEFAULT = 5;

export type StockState = { kind: 'untracked' } | { kind: 'out' } | { kind: 'few'; left: number } | { kind: 'in' };

/**
 * What a card and the product page say of a product's stock, from the same rule:
 * nothing when stock is not tracked, 'Out of stock' at 0, 'Only 3 left' from 1 up to the product's
 * low-stock threshold (the shop's default 5 when the answer has none), else in stock.
 */
export function stockState(stock: number | null, lowStockThreshold?: number): StockState {
  if (stock === null) return { kind: 'untracked' };
  if (stock <= 0) return { kind: 'out' };
  if (stock <= (lowStockThreshold ?? FEW_LEFT_DEFAULT)) return { kind: 'few', left: stock };
  return { kind: 'in' };
}
