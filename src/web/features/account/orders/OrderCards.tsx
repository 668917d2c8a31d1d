import { formatOrderId } from '../../../../shared/orders';
import { PaymentBadge, TestPaymentBadge } from '../../../components/orders/PaymentBadge';
import { StatusBadge } from '../../../components/orders/StatusBadge';
import { Button } from '../../../components/ui/Button';
import { formatPrice } from '../../../lib/format';
import { formatOrderDate } from '../../../lib/order-dates';
import { useLocale, useT } from '../../../lib/i18n';
import { OrderDetails } from './OrderDetails';
import { OrderPayNow } from './OrderPayNow';
import type { OrderColumn, OrdersTabState } from './use-orders-tab';

/** Phones: sort buttons and one card per order. */
export function OrderCards({ tab }: { tab: OrdersTabState }) {
  const t = useT();
  const locale = useLocale();
  const { rows, sort, expanded } = tab;
  const mobileSort = (column: OrderColumn, label: string) => {
    const active = sort?.key === column && sort.direction === 'desc';
    return (
      <Button
        variant={active ? 'secondary' : 'outline'}
        size="sm"
        aria-pressed={active}
        onClick={() => tab.setSort({ key: column, direction: 'desc' })}
        className="flex-1"
      >
        {label}
      </Button>
    );
  };
  return (
    <div className="md:hidden">
      <div className="mb-4 flex gap-2" role="group" aria-label={t('orders.sort.label')}>
        {mobileSort('date', t('orders.sort.newest'))}
        {mobileSort('total', t('orders.sort.highest'))}
      </div>
      <ul className="space-y-3" aria-label={t('orders.list.label')}>
        {rows.map((order) => {
          const open = expanded === order.id;
          return (
            <li key={order.id} className="rounded-xl border border-slate-200 p-4" data-testid="order-card">
              {/* The id stays on one line, as it is read out; a long status goes under it when there is no room. */}
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <div>
                  <p className="text-xs text-slate-500">{t('orders.orderId')}</p>
                  <p className="font-mono text-sm font-semibold whitespace-nowrap text-slate-900" data-testid="order-id">
                    {formatOrderId(order.id)}
                  </p>
                  {order.number !== null && (
                    <p className="text-sm font-bold text-slate-900" data-testid="order-number">
                      {t('orders.number', { number: order.number })}
                    </p>
                  )}
                </div>
                <StatusBadge status={order.status} />
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">{t('orders.orderDate')}</dt>
                <dd className="text-right text-slate-800">{formatOrderDate(order.createdAt, locale)}</dd>
                <dt className="text-slate-500">{t('orders.totalAmount')}</dt>
                <dd className="text-right font-semibold text-slate-900">{formatPrice(order.totalAmount, locale)}</dd>
                <dt className="text-slate-500">{t('orders.card.payment')}</dt>
                <dd className="flex flex-wrap justify-end gap-1.5">
                  <PaymentBadge status={order.paymentStatus} />
                  <TestPaymentBadge testPayment={order.testPayment} />
                </dd>
              </dl>
              {/* Opened, the order's payment section offers the same. */}
              {!open && <OrderPayNow order={order} tab={tab} className="mt-3" />}
              <Button
                variant="outline"
                size="sm"
                className="mt-3 w-full"
                aria-expanded={open}
                aria-controls={`order-items-m-${order.id}`}
                onClick={() => tab.toggleItems(order.id)}
              >
                {open ? t('orders.hideItems') : t('orders.viewItems')}
              </Button>
              {open && (
                <div id={`order-items-m-${order.id}`} className="mt-3">
                  <OrderDetails order={order} tab={tab} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
