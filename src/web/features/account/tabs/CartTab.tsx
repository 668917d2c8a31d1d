import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { ListLoadFailed, ListLoading } from '../../../components/ui/ListState';
import { sortRows, useTableSort } from '../../../components/ui/SortableHeader';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { openCartDrawer } from '../../../lib/cart-drawer';
import { type CartItem, cartSum, lineTotal, useCart, useRemoveCartItem, useSetCartQuantity } from '../../../lib/cart';
import { CartCards, type CartColumn, CartTable } from './CartTabLines';

function pick(item: CartItem, column: CartColumn): string | number {
  if (column === 'product') return item.product.name;
  if (column === 'unitPrice') return item.product.price;
  return lineTotal(item);
}

/**
 * The dashboard's Cart tab: 'Your Cart', a table with Product, Unit Price and Total Price
 * sortable, Remove per row and Total Amount below; stacked cards on phones.
 */
export function CartTab() {
  const t = useT();
  const locale = useLocale();
  const cart = useCart();
  const remove = useRemoveCartItem();
  const quantity = useSetCartQuantity();
  const { sort, toggle } = useTableSort<CartColumn>();

  let content;
  if (cart.isPending) {
    content = <ListLoading label={t('cart.tab.loading')} />;
  } else if (cart.isError) {
    content = (
      <ListLoadFailed
        text={t('cart.loadFailed')}
        retryLabel={t('cart.tryAgain')}
        onRetry={() => void cart.refetch()}
        retrying={cart.isFetching}
      />
    );
  } else if (cart.items.length === 0) {
    content = (
      <EmptyState icon={<ShoppingCart className="size-7" aria-hidden="true" />} title={t('cart.emptyTab')}>
        <ButtonLink to="/products" variant="primary" size="sm" className="mt-2">
          {t('cart.tab.browse')}
        </ButtonLink>
      </EmptyState>
    );
  } else {
    const rows = sortRows(cart.items, sort, pick);
    content = (
      <>
        <CartCards rows={rows} remove={remove} quantity={quantity} />
        <CartTable rows={rows} remove={remove} quantity={quantity} sort={sort} onSort={toggle} />
        <div className="mt-4 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-4 md:justify-end">
          <span className="text-base font-semibold text-slate-700">{t('cart.tab.totalAmount')}</span>
          <span className="text-xl font-bold text-slate-900" data-testid="cart-total-amount">
            {formatPrice(cartSum(cart.items), locale)}
          </span>
        </div>
        {/* The checkout form lives in the cart drawer: this opens it there, at the form. */}
        <div className="mt-4 flex md:justify-end">
          <Button size="lg" className="w-full md:w-auto" onClick={() => openCartDrawer({ checkout: true })}>
            {t('cart.tab.checkout')}
          </Button>
        </div>
      </>
    );
  }

  return <Card title={t('cart.tab.title')}>{content}</Card>;
}
