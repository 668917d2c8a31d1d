import type { ReactNode } from 'react';
import { ORDER_STATUSES } from '../../../../shared/orders';
import { paymentMethodLabel } from '../../../components/orders/PaymentBadge';
import { formatCount, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { statusLabel } from '../../../components/orders/order-status';
import type { Dashboard } from './api';

/** One figure in a small card: its name, the number, and a line of what it is made of. */
function FigureCard({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={label}>
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums wrap-anywhere" data-testid={testId}>
        {value}
      </p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </section>
  );
}

/** Revenue (online and cash on delivery apart), orders, average order value, new shoppers. */
export function HeadlineFigures({ data }: { data: Dashboard }) {
  const t = useT();
  const locale = useLocale();
  const { revenue } = data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.5fr)_repeat(3,minmax(0,1fr))]">
      <FigureCard label={t('admin-dashboard.revenue')} value={formatPrice(revenue.total, locale)} testId="dashboard-revenue">
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
          <dt>{t('admin-dashboard.revenue.online')}</dt>
          <dd className="text-right font-medium text-slate-800 tabular-nums" data-testid="dashboard-revenue-online">
            {formatPrice(revenue.online, locale)}
          </dd>
          <dt>{t('admin-dashboard.revenue.cod')}</dt>
          <dd className="text-right font-medium text-slate-800 tabular-nums" data-testid="dashboard-revenue-cod">
            {formatPrice(revenue.cashOnDelivery, locale)}
          </dd>
        </dl>
        <p className="mt-1 text-xs text-slate-500">
          {t('admin-dashboard.revenue.orders', { count: revenue.orders, orders: formatCount(revenue.orders, locale) })}
        </p>
      </FigureCard>
      <FigureCard label={t('admin-dashboard.orders')} value={formatCount(data.orders.total, locale)} testId="dashboard-orders">
        {t('admin-dashboard.orders.hint')}
      </FigureCard>
      <FigureCard label={t('admin-dashboard.aov')} value={formatPrice(data.averageOrderValue, locale)} testId="dashboard-aov">
        {t('admin-dashboard.aov.hint')}
      </FigureCard>
      <FigureCard
        label={t('admin-dashboard.newShoppers')}
        value={formatCount(data.newShoppers, locale)}
        testId="dashboard-shoppers"
      >
        {t('admin-dashboard.newShoppers.hint')}
      </FigureCard>
    </div>
  );
}

/** A row of a breakdown: a name, its figures, and a bar of its share. */
function ShareRow({ label, figures, share }: { label: string; figures: string; share: number }) {
  return (
    <li className="py-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-right text-slate-700 tabular-nums">{figures}</span>
      </div>
      <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-amber-500" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </li>
  );
}

export function OrdersByStatus({ data }: { data: Dashboard }) {
  const t = useT();
  const locale = useLocale();
  const total = data.orders.total;
  if (total === 0) return <p className="py-4 text-sm text-slate-500">{t('admin-dashboard.noOrders')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {ORDER_STATUSES.map((status) => (
        <ShareRow
          key={status}
          label={statusLabel(status, t)}
          figures={formatCount(data.orders.byStatus[status], locale)}
          share={data.orders.byStatus[status] / total}
        />
      ))}
    </ul>
  );
}

export function PaymentMix({ data }: { data: Dashboard }) {
  const t = useT();
  const locale = useLocale();
  const total = data.paymentMethods.reduce((sum, method) => sum + method.orders, 0);
  if (total === 0) return <p className="py-4 text-sm text-slate-500">{t('admin-dashboard.noOrders')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {data.paymentMethods.map((method) => (
        <ShareRow
          key={method.method}
          label={paymentMethodLabel(method.method, t)}
          figures={`${t('admin-dashboard.payments.orders', { count: method.orders, orders: formatCount(method.orders, locale) })} · ${formatPrice(method.amount, locale)}`}
          share={method.orders / total}
        />
      ))}
    </ul>
  );
}
