import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { orderIdMatches } from '../../../../shared/orders';
import { sortRows, useTableSort } from '../../../components/ui/SortableHeader';
import {
  type Order,
  type PaymentLanding,
  readPaymentLanding,
  useCancelOrder,
  useOpenOrder,
  useOrders,
  usePaymentActions,
} from './api';

export type OrderColumn = 'id' | 'total' | 'date';

function pick(order: Order, column: OrderColumn): string | number {
  if (column === 'id') return order.id;
  if (column === 'total') return order.totalAmount;
  return Date.parse(order.createdAt) || 0;
}

/** An order found by what the shopper typed: its id (grouped or not) or a product's name. */
function matches(order: Order, typed: string): boolean {
  const text = typed.trim().toLowerCase();
  if (text === '') return true;
  return orderIdMatches(order.id, text) || order.orderItems.some((item) => item.product.name.toLowerCase().includes(text));
}

/** While the shopper waits for a gateway's confirmation, the list is asked again this often. */
const PENDING_POLL_MS = 3_000;
const LANDING_PARAMS = ['order', 'payment'] as const;

/**
 * Back from eSewa or Khalti (/account?tab=orders&order=…&payment=…): the result is kept here and
 * the parameters leave the address, so a reload does not show the banner again. `onLanded` opens
 * the order the gateway names.
 */
function usePaymentLanding(onLanded: (orderId: string) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const hasLanding = searchParams.has('order') || searchParams.has('payment');
  const landingKey = hasLanding ? `${location.key}|${searchParams.toString()}` : null;
  const [seenLandingKey, setSeenLandingKey] = useState<string | null>(null);
  const [landing, setLanding] = useState<PaymentLanding | null>(null);
  if (landingKey !== seenLandingKey) {
    setSeenLandingKey(landingKey);
    if (landingKey) {
      const next = readPaymentLanding(searchParams);
      setLanding(next);
      if (next.orderId) onLanded(next.orderId);
    }
  }
  useEffect(() => {
    if (!hasLanding) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of LANDING_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [hasLanding, setSearchParams]);
  return { landing, setLanding };
}

/**
 * The state of the Orders tab: the list (asked again while a gateway's answer is awaited), its
 * search and sort, the one open order with its details, the order being cancelled, and the payment
 * result the shopper came back with.
 */
export function useOrdersTab() {
  const [query, setQuery] = useState('');
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const { landing, setLanding } = usePaymentLanding(setExpanded);

  const orders = useOrders({ pollMs: landing?.result === 'pending' ? PENDING_POLL_MS : undefined });
  const { sort, setSort, toggle } = useTableSort<OrderColumn>({ key: 'date', direction: 'desc' });
  const openOrder = useOpenOrder(orders.userId, expanded);
  const cancel = useCancelOrder(orders.userId, () => setCancelling(null));
  const actions = usePaymentActions(orders.userId, (order) => {
    // Settled as cash on delivery: the failure banner about it has done its job.
    if (landing?.orderId === order.id) setLanding(null);
  });
  const landedOrder = landing?.orderId ? orders.data?.find((order) => order.id === landing.orderId) : undefined;
  const rows = orders.data
    ? sortRows(
        orders.data.filter((order) => matches(order, query)),
        sort,
        pick,
      )
    : [];

  return {
    orders,
    rows,
    query,
    setQuery,
    sort,
    setSort,
    toggle,
    expanded,
    toggleItems: (id: string) => setExpanded((current) => (current === id ? null : id)),
    openOrder,
    cancelling,
    setCancelling,
    cancel,
    actions,
    landing,
    landedOrder,
  };
}

export type OrdersTabState = ReturnType<typeof useOrdersTab>;
