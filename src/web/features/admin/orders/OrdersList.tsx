import { Fragment } from 'react';
import { PaymentBadge, TestPaymentBadge, paymentMethodLabel } from '../../../components/orders/PaymentBadge';
import { Button } from '../../../components/ui/Button';
import { SortableHeader } from '../../../components/ui/SortableHeader';
import { Spinner } from '../../../components/ui/Spinner';
import { formatPrice } from '../../../lib/format';
import { formatOrderDate } from '../../../lib/order-dates';
import { useLocale, useT } from '../../../lib/i18n';
import type { Order } from './api';
import { OrderDetails } from './OrderDetails';
import { StatusSelect } from './StatusSelect';
import type { OrdersTabState } from './use-orders-tab';

/** One page of orders: a card per order on phones, a table on wider screens; one order open at a time. */
export function OrdersList({ tab }: { tab: OrdersTabState }) {
  return (
    <>
      <OrderCards tab={tab} />
      <OrdersTable tab={tab} />
    </>
  );
}

/** An order's status select, and a spinner while it saves. */
function OrderStatusCell({ tab, order }: { tab: OrdersTabState; order: Order }) {
  return (
    <span className="inline-flex items-center gap-2">
      <StatusSelect order={order} saving={tab.pendingId === order.id} onSave={(next) => tab.save(order, next)} />
      {tab.pendingId === order.id && <Spinner className="size-4 text-amber-500" />}
    </span>
  );
}

/** View Items / Hide Items: opens the order's details (`controls`) under it. */
function ToggleButton({
  tab,
  order,
  controls,
  wide = false,
}: {
  tab: OrdersTabState;
  order: Order;
  controls: string;
  wide?: boolean;
}) {
  const t = useT();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-expanded={tab.expanded === order.id}
      aria-controls={controls}
      onClick={() => tab.toggleOrder(order.id)}
      className={wide ? 'w-full' : 'whitespace-nowrap'}
    >
      {tab.expanded === order.id ? t('admin.orders.hideItems') : t('admin.orders.viewItems')}
    </Button>
  );
}

/** Phones: one card per order. */
function OrderCards({ tab }: { tab: OrdersTabState }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="space-y-3 md:hidden" aria-label={t('admin.orders.title')}>
      {tab.orders.map((order) => (
        <li key={order.id} className="rounded-xl border border-slate-200 p-4" data-testid="admin-order-card">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-mono text-sm font-semibold text-slate-900">{order.id}</p>
              {order.number !== null && (
                <p className="text-sm font-bold text-slate-900" data-testid="order-number">
                  #{order.number}
                </p>
              )}
              <p className="text-xs text-slate-500">{formatOrderDate(order.createdAt, locale)}</p>
            </div>
            <p className="font-semibold whitespace-nowrap text-slate-900">{formatPrice(order.totalAmount, locale)}</p>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            {order.user.firstName} {order.user.lastName} · {order.user.phoneNumber}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('admin.orders.payment')}</dt>
            <dd className="text-right text-slate-800">{paymentMethodLabel(order.paymentMethod, t)}</dd>
            <dt className="text-slate-500">{t('admin.orders.paymentStatus')}</dt>
            <dd className="flex flex-wrap justify-end gap-1.5">
              <PaymentBadge status={order.paymentStatus} />
              <TestPaymentBadge testPayment={order.testPayment} />
            </dd>
          </dl>
          <div className="mt-3 flex items-center justify-between gap-2">
            <OrderStatusCell tab={tab} order={order} />
          </div>
          <div className="mt-3">
            <ToggleButton tab={tab} order={order} controls={`admin-order-m-${order.id}`} wide />
          </div>
          {tab.expanded === order.id && (
            <div id={`admin-order-m-${order.id}`} className="mt-3">
              <OrderDetails order={order} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: the table, the open order's details in a row under it. */
function OrdersTable({ tab }: { tab: OrdersTabState }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('admin.orders.caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              {t('admin.orders.orderId')}
            </th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              {t('admin.orders.customer')}
            </th>
            <SortableHeader
              label={t('admin.orders.orderDate')}
              column="date"
              sort={{ key: 'date', direction: tab.params.sort === 'date_desc' ? 'desc' : 'asc' }}
              onSort={tab.flipSort}
            />
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('admin.orders.totalAmount')}
            </th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              {t('admin.orders.payment')}
            </th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              {t('admin.orders.paymentStatus')}
            </th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              {t('admin.orders.status')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('admin.orders.actions')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tab.orders.map((order) => (
            <Fragment key={order.id}>
              <tr className={tab.expanded === order.id ? 'bg-amber-50/40' : undefined}>
                <td className="px-2 py-3 font-mono text-xs font-semibold text-slate-900">
                  <span className="block">{order.id}</span>
                  {order.number !== null && (
                    <span className="block font-sans text-sm font-bold" data-testid="order-number">
                      #{order.number}
                    </span>
                  )}
                </td>
                <td className="px-2 py-3">
                  <p className="font-medium text-slate-900">
                    {order.user.firstName} {order.user.lastName}
                  </p>
                  <p className="text-xs text-slate-500">{order.user.phoneNumber}</p>
                </td>
                <td className="min-w-24 px-2 py-3 text-slate-700">{formatOrderDate(order.createdAt, locale)}</td>
                <td className="px-2 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                  {formatPrice(order.totalAmount, locale)}
                </td>
                <td className="px-2 py-3 whitespace-nowrap text-slate-700">{paymentMethodLabel(order.paymentMethod, t)}</td>
                <td className="px-2 py-3">
                  <PaymentBadge status={order.paymentStatus} />
                  {order.testPayment && (
                    <span className="mt-1 block">
                      <TestPaymentBadge testPayment />
                    </span>
                  )}
                </td>
                <td className="px-2 py-3">
                  <OrderStatusCell tab={tab} order={order} />
                </td>
                <td className="px-2 py-3 text-right">
                  <ToggleButton tab={tab} order={order} controls={`admin-order-${order.id}`} />
                </td>
              </tr>
              {tab.expanded === order.id && (
                <tr id={`admin-order-${order.id}`} className="bg-slate-50">
                  <td colSpan={8} className="px-3 py-4">
                    <OrderDetails order={order} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
