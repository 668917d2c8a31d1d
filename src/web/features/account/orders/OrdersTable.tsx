import { Fragment } from 'react';
import { formatOrderId } from '../../../../shared/orders';
import { PaymentBadge, TestPaymentBadge } from '../../../components/orders/PaymentBadge';
import { StatusBadge } from '../../../components/orders/StatusBadge';
import { Button } from '../../../components/ui/Button';
import { WideTable } from '../../../components/ui/WideTable';
import { SortableHeader } from '../../../components/ui/SortableHeader';
import { formatPrice } from '../../../lib/format';
import { formatOrderDate } from '../../../lib/order-dates';
import { useLocale, useT } from '../../../lib/i18n';
import { OrderDetails } from './OrderDetails';
import { OrderPayNow } from './OrderPayNow';
import type { OrdersTabState } from './use-orders-tab';

/** Wider screens: the sortable table with an items row under the open order. */
export function OrdersTable({ tab }: { tab: OrdersTabState }) {
  const t = useT();
  const locale = useLocale();
  const { rows, sort, toggle, expanded } = tab;
  return (
    <WideTable
      caption={t('orders.list.label')}
      head={
        <>
          <SortableHeader label={t('orders.orderId')} column="id" sort={sort} onSort={toggle} />
          <SortableHeader label={t('orders.totalAmount')} column="total" sort={sort} onSort={toggle} align="right" />
          <SortableHeader label={t('orders.orderDate')} column="date" sort={sort} onSort={toggle} />
          <th scope="col" className="px-3 py-2 text-left font-semibold">
            {t('orders.table.status')}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            {t('orders.table.actions')}
          </th>
        </>
      }
    >
      {rows.map((order) => {
        const open = expanded === order.id;
        return (
          <Fragment key={order.id}>
            <tr className={open ? 'bg-amber-50/40' : undefined}>
              <td className="px-3 py-3 font-mono text-xs font-semibold whitespace-nowrap text-slate-900" data-testid="order-id">
                {formatOrderId(order.id)}
                {order.number !== null && (
                  <span className="block font-sans text-sm font-bold" data-testid="order-number">
                    {t('orders.number', { number: order.number })}
                  </span>
                )}
              </td>
              <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                {formatPrice(order.totalAmount, locale)}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatOrderDate(order.createdAt, locale)}</td>
              <td className="px-3 py-3">
                <div className="flex flex-wrap items-center gap-1.5">
                  <StatusBadge status={order.status} />
                  <PaymentBadge status={order.paymentStatus} />
                  <TestPaymentBadge testPayment={order.testPayment} />
                </div>
              </td>
              <td className="px-3 py-3 text-right">
                {!open && <OrderPayNow order={order} tab={tab} className="mb-2 items-end" />}
                <Button
                  variant="outline"
                  size="sm"
                  aria-expanded={open}
                  aria-controls={`order-items-${order.id}`}
                  onClick={() => tab.toggleItems(order.id)}
                >
                  {open ? t('orders.hideItems') : t('orders.viewItems')}
                </Button>
              </td>
            </tr>
            {open && (
              <tr id={`order-items-${order.id}`} className="bg-slate-50">
                <td colSpan={5} className="px-3 py-3">
                  <OrderDetails order={order} tab={tab} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </WideTable>
  );
}
