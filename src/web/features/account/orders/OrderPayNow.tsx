import { Button } from '../../../components/ui/Button';
import { useT } from '../../../lib/i18n';
import type { Order } from './api';
import type { OrdersTabState } from './use-orders-tab';

/** Whether an order still waits for its online payment (and so can be paid again, or switched to cash). */
export function awaitsPayment(order: Order): boolean {
  return order.paymentStatus === 'awaiting_payment' && order.status !== 'cancelled';
}

/**
 * "Pay again" and "Pay on delivery instead" on the order's own card or row, so that an unpaid order
 * is settled from the list, not only once its items are opened. Nothing for any other order.
 */
export function OrderPayNow({ order, tab, className = '' }: { order: Order; tab: OrdersTabState; className?: string }) {
  const t = useT();
  const { actions } = tab;
  if (!awaitsPayment(order)) return null;
  const retrying = actions.retrying === order.id;
  const switching = actions.switching === order.id;
  return (
    <div className={`flex flex-col gap-2 ${className}`} data-testid="order-pay-now">
      <Button size="sm" onClick={() => actions.retry(order.id)} loading={retrying} disabled={switching}>
        {t('orders.payment.payAgain')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => actions.payOnDelivery(order.id)} loading={switching} disabled={retrying}>
        {t('orders.payment.payOnDelivery')}
      </Button>
    </div>
  );
}
