import { formatOrderId } from '../../../../shared/orders';
import { OrderItemsList } from '../../../components/orders/OrderItemsList';
import { OrderShipment } from '../../../components/orders/OrderShipment';
import { OrderTimeline } from '../../../components/orders/OrderTimeline';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useT } from '../../../lib/i18n';
import type { Order } from './api';
import { OrderAddress, OrderPayment } from './OrderParts';
import { OrderReturns } from './OrderReturns';
import { OrderWarranty } from './OrderWarranty';
import type { OrdersTabState } from './use-orders-tab';

/**
 * An open order, fetched from its own address: its items with pictures linking to the products,
 * its history, where it goes, how it is paid, and while it is pending a Cancel that asks why.
 */
export function OrderDetails({ order, tab }: { order: Order; tab: OrdersTabState }) {
  const t = useT();
  const { openOrder, actions, cancel } = tab;
  return (
    <div className="space-y-4">
      <OrderItemsList
        items={openOrder.data?.items ?? []}
        loading={openOrder.isPending}
        error={openOrder.isError ? t('orders.itemsFailed') : undefined}
        caption={t('orders.items.caption', { orderId: formatOrderId(order.id) })}
      />
      {openOrder.data?.order && <OrderShipment order={openOrder.data.order} />}
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby={`order-history-${order.id}`} className="rounded-lg border border-slate-200 bg-white p-3">
          <h4 id={`order-history-${order.id}`} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('orders.timeline.title')}
          </h4>
          {openOrder.data ? (
            <OrderTimeline
              createdAt={order.createdAt}
              history={openOrder.data.history}
              audience="shopper"
              label={t('orders.timeline.label', { orderId: formatOrderId(order.id) })}
            />
          ) : (
            openOrder.isPending && <Spinner className="size-4 text-amber-500" />
          )}
        </section>
        <OrderAddress order={order} />
      </div>
      <OrderPayment
        order={order}
        onRetry={() => actions.retry(order.id)}
        onPayOnDelivery={() => actions.payOnDelivery(order.id)}
        retrying={actions.retrying === order.id}
        switching={actions.switching === order.id}
      />
      {order.status === 'delivered' && <OrderReturns userId={tab.orders.userId} orderId={order.id} />}
      {order.status === 'delivered' && <OrderWarranty userId={tab.orders.userId} orderId={order.id} />}
      {order.status === 'pending' && (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-600">{t('orders.cancel.while')}</p>
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            onClick={() => tab.setCancelling(order)}
            loading={cancel.cancelling === order.id}
          >
            {t('orders.cancel.button')}
          </Button>
        </div>
      )}
    </div>
  );
}
