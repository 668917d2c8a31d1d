import type { CartItem, useSetCartQuantity } from '../lib/cart';
import { QuantityStepper } from './QuantityStepper';

/** A cart line's quantity stepper: at most its product's stock, busy while its change is on its way. */
export function CartLineStepper({ item, quantity }: { item: CartItem; quantity: ReturnType<typeof useSetCartQuantity> }) {
  return (
    <QuantityStepper
      value={item.quantity}
      onChange={(value) => quantity.setQuantity(item.id, value)}
      max={item.product.stock}
      productName={item.product.name}
      showLabel={false}
      busy={quantity.pendingId === item.id}
    />
  );
}
