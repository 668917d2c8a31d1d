import { CartLineName } from '../../../components/CartLineName';
import { localDigits } from '../../../../shared/locale';
import { CartLineStepper } from '../../../components/CartLineStepper';
import { CartThumb } from '../../../components/CartThumb';
import { Button } from '../../../components/ui/Button';
import { WideTable } from '../../../components/ui/WideTable';
import { SortableHeader, type SortState } from '../../../components/ui/SortableHeader';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type CartItem, lineTotal, type useRemoveCartItem, type useSetCartQuantity } from '../../../lib/cart';

export type CartColumn = 'product' | 'unitPrice' | 'totalPrice';

/** What the phone cards and the table both need: the sorted lines, and the changes made to them. */
export interface CartTabLinesProps {
  rows: readonly CartItem[];
  remove: ReturnType<typeof useRemoveCartItem>;
  quantity: ReturnType<typeof useSetCartQuantity>;
}

/** The line's stepper (its product's stock the most); a line that cannot be bought shows its number. */
function LineQuantity({ item, quantity }: { item: CartItem; quantity: CartTabLinesProps['quantity'] }) {
  const locale = useLocale();
  return item.product.isAvailable ? (
    <div className="flex justify-end">
      <CartLineStepper item={item} quantity={quantity} />
    </div>
  ) : (
    localDigits(String(item.quantity), locale)
  );
}

function RemoveLine({ item, remove }: { item: CartItem; remove: CartTabLinesProps['remove'] }) {
  const t = useT();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => remove.remove(item.id)}
      loading={remove.pendingId === item.id}
      className="border-red-200 text-red-600 hover:bg-red-50"
      aria-label={t('cart.tab.removeLabel', { name: item.product.name })}
    >
      {t('cart.tab.remove')}
    </Button>
  );
}

/** Phones: one card per line. */
export function CartCards({ rows, remove, quantity }: CartTabLinesProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="space-y-3 md:hidden" aria-label={t('cart.items.label')}>
      {rows.map((item) => (
        <li key={item.id} className="flex gap-3 rounded-xl border border-slate-200 p-3">
          <CartThumb images={item.product.images} alt={item.product.name} />
          <div className="min-w-0 flex-1">
            <CartLineName item={item} className="line-clamp-2 font-medium text-slate-900 hover:text-amber-700" />
            <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-slate-500">{t('cart.tab.unitPrice')}</dt>
              <dd className="text-right text-slate-800">{formatPrice(item.product.price, locale)}</dd>
              <dt className="text-slate-500">{t('cart.tab.quantity')}</dt>
              {/* The stepper on a row of its own: beside the label it is too wide for a phone. */}
              <dd className={`text-right text-slate-800 ${item.product.isAvailable ? 'col-span-2 my-1' : ''}`}>
                <LineQuantity item={item} quantity={quantity} />
              </dd>
              <dt className="text-slate-500">{t('cart.tab.totalPrice')}</dt>
              <dd className="text-right font-semibold text-slate-900">{formatPrice(lineTotal(item), locale)}</dd>
            </dl>
            <div className="mt-2 flex justify-end">
              <RemoveLine item={item} remove={remove} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: the sortable table. */
export function CartTable({
  rows,
  remove,
  quantity,
  sort,
  onSort,
}: CartTabLinesProps & { sort: SortState<CartColumn> | null; onSort: (column: CartColumn) => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <WideTable
      caption={t('cart.tab.caption')}
      head={
        <>
          <SortableHeader label={t('cart.tab.product')} column="product" sort={sort} onSort={onSort} />
          <SortableHeader label={t('cart.tab.unitPrice')} column="unitPrice" sort={sort} onSort={onSort} align="right" />
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            {t('cart.tab.quantity')}
          </th>
          <SortableHeader label={t('cart.tab.totalPrice')} column="totalPrice" sort={sort} onSort={onSort} align="right" />
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            {t('cart.tab.actions')}
          </th>
        </>
      }
    >
      {rows.map((item) => (
        <tr key={item.id}>
          <td className="px-3 py-3">
            <div className="flex items-center gap-3">
              <CartThumb images={item.product.images} alt="" className="size-12" />
              <div>
                <CartLineName item={item} className="font-medium text-slate-900 hover:text-amber-700" />
              </div>
            </div>
          </td>
          <td className="px-3 py-3 text-right whitespace-nowrap">{formatPrice(item.product.price, locale)}</td>
          <td className="px-3 py-3 text-right">
            <LineQuantity item={item} quantity={quantity} />
          </td>
          <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
            {formatPrice(lineTotal(item), locale)}
          </td>
          <td className="px-3 py-3 text-right">
            <RemoveLine item={item} remove={remove} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}
