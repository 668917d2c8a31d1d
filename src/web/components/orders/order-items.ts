import type { OrderItem } from '../../../shared/orders';
import { lineTotal } from '../../lib/format';

/** The well-formed items of an order; a list in another shape, or no list, gives []. */
export function orderItemsOf(order: { orderItems?: unknown } | null | undefined): OrderItem[] {
  const items = order?.orderItems;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is OrderItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as OrderItem).price === 'number' &&
      typeof (item as OrderItem).quantity === 'number' &&
      typeof (item as OrderItem).product === 'object' &&
      (item as OrderItem).product !== null &&
      typeof (item as OrderItem).product.name === 'string',
  );
}

/** Price × quantity in rupees, computed in paisa. */
export function itemTotal(item: Pick<OrderItem, 'price' | 'quantity'>): number {
  return lineTotal(item.price, item.quantity);
}
