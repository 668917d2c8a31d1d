import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { ButtonLink } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';

/** Placeholder until the cart issue: the sortable cart table with Total Amount goes here. */
export function CartTab() {
  return (
    <Card title="Your Cart">
      <EmptyState icon={<ShoppingCart className="size-7" aria-hidden="true" />} title="Your cart is coming soon">
        <p>Soon you will see and manage the items in your cart here. Meanwhile, have a look around the shop.</p>
        <ButtonLink to="/products" variant="primary" size="sm" className="mt-4">
          Browse products
        </ButtonLink>
      </EmptyState>
    </Card>
  );
}
