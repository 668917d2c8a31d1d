import ArrowRight from 'lucide-react/icons/arrow-right';
import { formatOrderId } from '../../../../shared/orders';
import type { WaitingGroup } from '../../../../shared/dashboard';
import { formatCount, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { formatOrderDate } from '../../../lib/order-dates';
import { type OrdersFilter, useAdminNavigation } from '../navigation';
import type { Dashboard } from './api';

type Kind = keyof Dashboard['waiting'];

/** Where each group leads: the Orders tab with the filter that lists it (and its neighbours). */
const FILTERS: Record<Kind, OrdersFilter> = {
  pending: { status: 'pending' },
  awaitingPayment: { paymentStatus: 'awaiting_payment' },
  refundDue: { paymentStatus: 'refund_due' },
  codToConfirm: { status: 'pending', paymentStatus: 'unpaid' },
};

/** Pending orders, online payments overdue, refunds due, cash on delivery to confirm: how many, the oldest few, and a way to the Orders tab. */
export function WaitingOrders({ data }: { data: Dashboard }) {
  const t = useT();
  const locale = useLocale();
  const titles: Record<Kind, string> = {
    pending: t('admin-dashboard.waiting.pending'),
    awaitingPayment: t('admin-dashboard.waiting.awaitingPayment', { minutes: formatCount(data.paymentTimeoutMinutes, locale) }),
    refundDue: t('admin-dashboard.waiting.refundDue'),
    codToConfirm: t('admin-dashboard.waiting.codToConfirm', { hours: formatCount(data.codConfirmHours, locale) }),
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(Object.keys(FILTERS) as Kind[]).map((kind) => (
        <Group key={kind} kind={kind} title={titles[kind]} group={data.waiting[kind]} />
      ))}
    </div>
  );
}

function Group({ kind, title, group }: { kind: Kind; title: string; group: WaitingGroup }) {
  const t = useT();
  const locale = useLocale();
  const { openOrders } = useAdminNavigation();
  return (
    <section
      aria-label={title}
      data-testid={`waiting-${kind}`}
      className={`flex min-w-0 flex-col rounded-xl border p-4 ${group.count > 0 ? 'border-amber-300 bg-amber-50/60' : 'border-slate-200'}`}
    >
      <h3 className="flex items-baseline justify-between gap-3 text-sm font-semibold text-slate-800">
        <span>{title}</span>
        <span className="text-2xl font-bold text-slate-900 tabular-nums">{formatCount(group.count, locale)}</span>
      </h3>
      {group.count === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t('admin-dashboard.waiting.none')}</p>
      ) : (
        <>
          {(group.overdue ?? 0) > 0 && (
            <p className="mt-1 text-sm font-semibold text-red-700" data-testid="refunds-overdue">
              {t('admin-dashboard.waiting.overdueCount', { count: group.overdue ?? 0, days: 7 })}
            </p>
          )}
          <ul className="mt-2 divide-y divide-amber-200/70 text-sm">
            {group.orders.map((order) => (
              <li key={order.id} className="py-1.5">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-mono text-xs text-slate-700">
                    {formatOrderId(order.id)}
                    {order.overdue && (
                      <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 font-sans font-semibold text-red-800">
                        {t('admin-dashboard.waiting.overdue')}
                      </span>
                    )}
                  </span>
                  <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                    {formatPrice(order.totalAmount, locale)}
                  </span>
                </div>
                <div className="flex items-baseline justify-between gap-2 text-xs text-slate-600">
                  <span className="min-w-0 truncate">{order.fullName}</span>
                  <time dateTime={order.createdAt} className="shrink-0">
                    {formatOrderDate(order.createdAt, locale)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => openOrders(FILTERS[kind])}
            className="mt-3 inline-flex min-h-10 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-semibold text-slate-900 underline decoration-amber-500 underline-offset-4 hover:bg-amber-100"
          >
            {t('admin-dashboard.waiting.open')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </button>
        </>
      )}
    </section>
  );
}
