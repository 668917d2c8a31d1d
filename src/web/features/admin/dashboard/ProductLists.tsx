import { Link } from 'react-router';
import type { StockProduct, TopProduct } from '../../../../shared/dashboard';
import { formatCount, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

const productLink = 'font-medium text-slate-900 underline decoration-slate-300 underline-offset-2 hover:decoration-amber-500';

/** A top-five table: the product (a link to its page), units sold, revenue; the list's own figure in bold. */
export function TopProductsTable({
  caption,
  products,
  by,
}: {
  caption: string;
  products: TopProduct[];
  by: 'revenue' | 'units';
}) {
  const t = useT();
  const locale = useLocale();
  if (products.length === 0) return <p className="py-4 text-sm text-slate-500">{t('admin-dashboard.top.none')}</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase">
          <th scope="col" className="py-2 pr-3 font-semibold">
            {t('admin-dashboard.top.product')}
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-semibold">
            {t('admin-dashboard.top.units')}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t('admin-dashboard.top.revenue')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {products.map((product) => (
          <tr key={product.productId}>
            <td className="py-2 pr-3 wrap-anywhere">
              <Link to={`/products/${product.productId}`} className={productLink}>
                {product.name}
              </Link>
            </td>
            <td
              className={`py-2 pr-3 text-right tabular-nums ${by === 'units' ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
            >
              {formatCount(product.units, locale)}
            </td>
            <td
              className={`py-2 text-right whitespace-nowrap tabular-nums ${by === 'revenue' ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
            >
              {formatPrice(product.revenue, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Low or out of stock: each product (a link to its page) with what is left and its alert level. */
export function StockList({
  label,
  group,
  empty,
  testId,
}: {
  label: string;
  group: { count: number; products: StockProduct[] };
  empty: string;
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (group.count === 0) return <p className="py-4 text-sm text-slate-500">{empty}</p>;
  return (
    <>
      <ul aria-label={label} className="divide-y divide-slate-100" data-testid={testId}>
        {group.products.map((product) => (
          <li key={product.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
            <Link to={`/products/${product.id}`} className={`${productLink} min-w-0 wrap-anywhere`}>
              {product.name}
            </Link>
            <span className={`shrink-0 text-right tabular-nums ${product.stock === 0 ? 'text-red-700' : 'text-amber-800'}`}>
              {t('admin-dashboard.stock.left', {
                stock: formatCount(product.stock, locale),
                threshold: formatCount(product.threshold, locale),
              })}
            </span>
          </li>
        ))}
      </ul>
      {group.count > group.products.length && (
        <p className="mt-2 text-xs text-slate-500">
          {t('admin-dashboard.stock.more', {
            shown: formatCount(group.products.length, locale),
            count: formatCount(group.count, locale),
          })}
        </p>
      )}
    </>
  );
}
