import ImageOff from 'lucide-react/icons/image-off';
import { Link } from 'react-router';
import type { OrderItem, OrderItemDetail } from '../../../shared/orders';
import { localDigits } from '../../../shared/locale';
import { formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { Spinner } from '../ui/Spinner';
import { itemTotal } from './order-items';

/** A line's product as an order read on its own has it (picture, still in the shop); the list's lines have neither. */
type ShownItem = OrderItem | OrderItemDetail;
const detailOf = (item: ShownItem) => ('available' in item.product ? item.product : undefined);

/**
 * A line's product: its small picture and its name, one link to its page; a product no longer in the
 * shop keeps its name, without a link, beside a placeholder. Lines without pictures (the list's
 * shape) show the name alone.
 */
function LineProduct({ item }: { item: ShownItem }) {
  const t = useT();
  const product = detailOf(item);
  if (!product) return <span className="font-medium text-slate-900">{item.product.name}</span>;
  const picture = product.thumbnail ? (
    <img
      src={product.thumbnail}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-md border border-slate-200 bg-white object-contain"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-slate-400"
      data-testid="line-placeholder"
    >
      <ImageOff className="size-5" />
    </span>
  );
  if (!product.available) {
    return (
      <span className="flex items-center gap-3">
        {picture}
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{item.product.name}</span>
          <span className="block text-xs text-slate-500">{t('orders.items.unavailable')}</span>
        </span>
      </span>
    );
  }
  return (
    <Link
      to={`/products/${item.product.id}`}
      className="group flex items-center gap-3 rounded-md font-medium text-slate-900 hover:text-amber-700"
    >
      {picture}
      <span className="min-w-0 underline decoration-slate-300 underline-offset-2 group-hover:decoration-amber-600">
        {item.product.name}
      </span>
    </Link>
  );
}

/**
 * An order's items (Product Name, Category, Price, Quantity, Total): a table on wider
 * screens, a list of small cards on phones; each product with its picture, linking to its page.
 */
export function OrderItemsList({
  items,
  loading = false,
  error,
  caption,
}: {
  items: readonly ShownItem[];
  loading?: boolean;
  error?: string;
  caption: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-2 py-3 text-sm text-slate-500">
        <Spinner className="size-4 text-amber-500" />
        {t('orders.items.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="py-3 text-sm font-medium text-red-600">
        {error}
      </p>
    );
  }
  if (items.length === 0) return <p className="py-3 text-sm text-slate-500">{t('orders.items.none')}</p>;
  return (
    <>
      <ul className="space-y-2 md:hidden" aria-label={caption}>
        {items.map((item, index) => (
          <li key={item.id ?? index} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <LineProduct item={item} />
            <p className={`text-xs text-slate-500 ${detailOf(item) ? 'mt-1' : ''}`}>{item.product.category}</p>
            <p className="mt-1 flex justify-between text-slate-700">
              <span>
                {formatPrice(item.price, locale)} × {localDigits(String(item.quantity), locale)}
              </span>
              <span className="font-semibold text-slate-900">{formatPrice(itemTotal(item), locale)}</span>
            </p>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('orders.items.productName')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('orders.items.category')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('orders.items.price')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('orders.items.quantity')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('orders.items.total')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item, index) => (
            <tr key={item.id ?? index}>
              <td className="px-3 py-2">
                <LineProduct item={item} />
              </td>
              <td className="px-3 py-2 text-slate-600">{item.product.category}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(item.price, locale)}</td>
              <td className="px-3 py-2 text-right">{localDigits(String(item.quantity), locale)}</td>
              <td className="px-3 py-2 text-right font-semibold whitespace-nowrap text-slate-900">
                {formatPrice(itemTotal(item), locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
