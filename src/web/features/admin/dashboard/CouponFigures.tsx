import { formatCount, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { Dashboard } from './api';

/**
 * The coupons of the period's revenue orders (cancelled, refunded and test-payment orders left
 * out): the discounts given in all, then the codes that brought the most revenue, with their
 * orders, discount and revenue.
 */
export function CouponFigures({ data }: { data: Dashboard }) {
  const t = useT();
  const locale = useLocale();
  const { discounts } = data;
  return (
    <div data-testid="dashboard-coupons">
      <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid="dashboard-discounts">
        {formatPrice(discounts.total, locale)}
      </p>
      <p className="text-sm text-slate-600">
        {t('admin-dashboard.coupons.given', { count: discounts.orders, orders: formatCount(discounts.orders, locale) })}
      </p>
      {discounts.byCoupon.length === 0 ? (
        <p className="py-4 text-sm text-slate-500">{t('admin-dashboard.coupons.none')}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">{t('admin-dashboard.coupons.byRevenue')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase">
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('admin-dashboard.coupons.code')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('admin-dashboard.coupons.orders')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('admin-dashboard.coupons.discount')}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t('admin-dashboard.coupons.revenue')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {discounts.byCoupon.map((coupon) => (
              <tr key={coupon.code}>
                <td className="py-2 pr-3 font-mono font-medium wrap-anywhere text-slate-900">{coupon.code}</td>
                <td className="py-2 pr-3 text-right text-slate-700 tabular-nums">{formatCount(coupon.orders, locale)}</td>
                <td className="py-2 pr-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
                  {formatPrice(coupon.discount, locale)}
                </td>
                <td className="py-2 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                  {formatPrice(coupon.revenue, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
