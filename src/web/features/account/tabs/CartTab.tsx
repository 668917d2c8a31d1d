import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Link } from 'react-router';
import { localDigits } from '../../../../shared/locale';
import { QuantityStepper } from '../../../components/QuantityStepper';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { SortableHeader, sortRows, useTableSort } from '../../../components/ui/SortableHeader';
import { Spinner } from '../../../components/ui/Spinner';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { openCartDrawer } from '../../../lib/cart-drawer';
import { type CartItem, cartSum, lineTotal, useCart, useRemoveCartItem, useSetCartQuantity } from '../../../lib/cart';
import { CartThumb } from '../../../components/CartThumb';

type Column = 'product' | 'unitPrice' | 'totalPrice';

function pick(item: CartItem, column: Column): string | number {
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
  const { remove, pendingId } = useRemoveCartItem();
  const quantity = useSetCartQuantity();
  const { sort, toggle } = useTableSort<Column>();

  /** The line's stepper (its product's stock the most); a line that cannot be bought shows its number. */
  const quantityOf = (item: CartItem, className: string) =>
    item.product.isAvailable ? (
      <div className={className}>
        <QuantityStepper
          value={item.quantity}
          onChange={(value) => quantity.setQuantity(item.id, value)}
          max={item.product.stock}
          productName={item.product.name}
          showLabel={false}
          busy={quantity.pendingId === item.id}
        />
      </div>
    ) : (
      localDigits(String(item.quantity), locale)
    );

  let content;
  if (cart.isPending) {
    content = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t('cart.tab.loading')}
      </p>
    );
  } else if (cart.isError) {
    content = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p role="alert" className="font-medium text-red-600">
          {t('cart.loadFailed')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void cart.refetch()} loading={cart.isFetching}>
          {t('cart.tryAgain')}
        </Button>
      </div>
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
        {/* Phones: one card per line. */}
        <ul className="space-y-3 md:hidden" aria-label={t('cart.items.label')}>
          {rows.map((item) => (
            <li key={item.id} className="flex gap-3 rounded-xl border border-slate-200 p-3">
              <CartThumb images={item.product.images} alt={item.product.name} />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/products/${item.product.id}`}
                  className="line-clamp-2 font-medium text-slate-900 hover:text-amber-700"
                >
                  {item.product.name}
                </Link>
                <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-0.5 text-sm">
                  <dt className="text-slate-500">{t('cart.tab.unitPrice')}</dt>
                  <dd className="text-right text-slate-800">{formatPrice(item.product.price, locale)}</dd>
                  <dt className="text-slate-500">{t('cart.tab.quantity')}</dt>
                  {/* The stepper on a row of its own: beside the label it is too wide for a phone. */}
                  <dd className={`text-right text-slate-800 ${item.product.isAvailable ? 'col-span-2 my-1' : ''}`}>
                    {quantityOf(item, 'flex justify-end')}
                  </dd>
                  <dt className="text-slate-500">{t('cart.tab.totalPrice')}</dt>
                  <dd className="text-right font-semibold text-slate-900">{formatPrice(lineTotal(item), locale)}</dd>
                </dl>
                <div className="mt-2 flex justify-end">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => remove(item.id)}
                    loading={pendingId === item.id}
                    className="border-red-200 text-red-600 hover:bg-red-50"
                    aria-label={t('cart.tab.removeLabel', { name: item.product.name })}
                  >
                    {t('cart.tab.remove')}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>

        {/* Wider screens: the sortable table. */}
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('cart.tab.caption')}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <SortableHeader label={t('cart.tab.product')} column="product" sort={sort} onSort={toggle} />
                <SortableHeader label={t('cart.tab.unitPrice')} column="unitPrice" sort={sort} onSort={toggle} align="right" />
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('cart.tab.quantity')}
                </th>
                <SortableHeader label={t('cart.tab.totalPrice')} column="totalPrice" sort={sort} onSort={toggle} align="right" />
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('cart.tab.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((item) => (
                <tr key={item.id}>
                  <td className="px-3 py-3">
                    <div className="flex items-center gap-3">
                      <CartThumb images={item.product.images} alt="" className="size-12" />
                      <Link to={`/products/${item.product.id}`} className="font-medium text-slate-900 hover:text-amber-700">
                        {item.product.name}
                      </Link>
                    </div>
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap">{formatPrice(item.product.price, locale)}</td>
                  <td className="px-3 py-3 text-right">{quantityOf(item, 'flex justify-end')}</td>
                  <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                    {formatPrice(lineTotal(item), locale)}
                  </td>
                  <td className="px-3 py-3 text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => remove(item.id)}
                      loading={pendingId === item.id}
                      className="border-red-200 text-red-600 hover:bg-red-50"
                      aria-label={t('cart.tab.removeLabel', { name: item.product.name })}
                    >
                      {t('cart.tab.remove')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

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
