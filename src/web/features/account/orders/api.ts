import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateOrderResponse,
  Order,
  OrderDetail,
  OrderHistoryEntry,
  OrderItem,
  OrderStatus,
} from '../../../../shared/orders';
import type { PaymentResult } from '../../../../shared/payments';
import { orderItemsOf } from '../../../components/orders/order-items';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { tokenUserId } from '../../../lib/jwt';
import { goToPayment } from '../../../lib/payment-redirect';
import { queryKeys } from '../../../lib/query-client';
import { useShopperToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';

export type { Order, OrderDetail, OrderHistoryEntry, OrderItem, OrderStatus };

/** ['orders', userId, …]: logout removes them all (session-scoped), checkout invalidates them. */
export const orderKeys = {
  list: (userId: number | undefined) => [...queryKeys.orders, userId ?? 'guest', 'list'] as const,
  one: (userId: number, orderId: string) => [...queryKeys.orders, userId, 'order', orderId] as const,
};

/** GET /api/orders/user/{userId} → orders (anything that is not a list counts as none). */
export async function fetchOrders(userId: number, signal?: AbortSignal): Promise<Order[]> {
  const reply = await apiGet<{ orders?: unknown }>(`/api/orders/user/${userId}`, { auth: 'user', signal });
  return Array.isArray(reply?.orders) ? (reply.orders as Order[]) : [];
}

/** One order read on its own: its items (with pictures) and its history. */
export interface OpenOrder {
  items: OrderItem[];
  history: OrderHistoryEntry[];
  order: OrderDetail | undefined;
}

/**
 * One order from GET /api/orders/user/{userId}/order/{orderId}: its items (items in an
 * unexpected format are treated as an empty list) and its history (none when missing).
 */
export async function fetchOpenOrder(userId: number, orderId: string, signal?: AbortSignal): Promise<OpenOrder> {
  const reply = await apiGet<{ order?: OrderDetail }>(`/api/orders/user/${userId}/order/${encodeURIComponent(orderId)}`, {
    auth: 'user',
    signal,
  });
  return openOrderOf(reply?.order);
}

function openOrderOf(order: OrderDetail | undefined): OpenOrder {
  return { items: orderItemsOf(order), history: Array.isArray(order?.history) ? order.history : [], order };
}

/**
 * The shopper's orders. With `pollMs`, asked again that often while any order still awaits its
 * payment (a gateway's confirmation may come after the shopper is back).
 */
export function useOrders({ pollMs }: { pollMs?: number } = {}) {
  const userId = tokenUserId(useShopperToken());
  const query = useQuery({
    queryKey: orderKeys.list(userId),
    queryFn: ({ signal }) => fetchOrders(userId!, signal),
    enabled: userId !== undefined,
    // The shop changes statuses: each visit of the tab asks again.
    staleTime: 0,
    refetchInterval: (current) =>
      pollMs && current.state.data?.some((order) => order.paymentStatus === 'awaiting_payment') ? pollMs : false,
  });
  return { ...query, userId };
}

// ---------------------------------------------------------------------------------------------
// Paying an order that awaits its online payment

/** Where a gateway's return lands: /account?tab=orders&order=…&payment=paid|pending|failed. */
export interface PaymentLanding {
  orderId: string | null;
  result: PaymentResult | null;
}

export function readPaymentLanding(params: URLSearchParams): PaymentLanding {
  const result = params.get('payment');
  const orderId = params.get('order');
  return {
    orderId: orderId && /^[A-Za-z0-9_-]{1,100}$/.test(orderId) ? orderId : null,
    result: result === 'paid' || result === 'pending' || result === 'failed' ? result : null,
  };
}

/** POST …/order/{orderId}/pay: a new try at the gateway (same answer shape as the checkout's). */
export function payOrder(userId: number, orderId: string): Promise<CreateOrderResponse> {
  return apiPost<CreateOrderResponse>(
    `/api/orders/user/${userId}/order/${encodeURIComponent(orderId)}/pay`,
    {},
    { auth: 'user' },
  );
}

/** POST …/order/{orderId}/pay-on-delivery: the order becomes cash on delivery. */
export async function payOrderOnDelivery(userId: number, orderId: string): Promise<Order> {
  const reply = await apiPost<{ order: Order }>(
    `/api/orders/user/${userId}/order/${encodeURIComponent(orderId)}/pay-on-delivery`,
    {},
    { auth: 'user' },
  );
  return reply.order;
}

/** Puts the server's copy of an order in the cached list. */
function replaceInList(client: ReturnType<typeof useQueryClient>, userId: number, order: Order): void {
  client.setQueryData<Order[]>(orderKeys.list(userId), (orders) =>
    orders?.map((current) => (current.id === order.id ? order : current)),
  );
}

/**
 * Try again (back to the gateway) and Pay on delivery instead, for an order awaiting payment.
 * `onSwitched` runs once an order is cash on delivery.
 */
export function usePaymentActions(userId: number | undefined, onSwitched?: (order: Order) => void) {
  const t = useT();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: orderKeys.list(userId) });
  const retry = useMutation({
    mutationFn: (orderId: string) => payOrder(userId!, orderId),
    onSuccess: (reply) => {
      if (reply.payment) {
        goToPayment(reply.payment);
        return;
      }
      replaceInList(client, userId!, reply.order);
      toast.info(reply.paymentMessage ?? t('orders.payment.retryFailed'));
      void refresh();
    },
    onError: (error) => {
      // 409: the order no longer awaits payment (paid meanwhile, cancelled): the server says which.
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('orders.payment.retryFailed'));
      void refresh();
    },
  });
  const cod = useMutation({
    mutationFn: (orderId: string) => payOrderOnDelivery(userId!, orderId),
    onSuccess: (order) => {
      replaceInList(client, userId!, order);
      toast.success(t('orders.payment.switchedToCod'));
      onSwitched?.(order);
      void refresh();
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('orders.payment.codFailed'));
      void refresh();
    },
  });
  return {
    retry: (orderId: string) => retry.mutate(orderId),
    payOnDelivery: (orderId: string) => cod.mutate(orderId),
    /** The order being sent to the gateway (it stays busy while the browser leaves). */
    retrying: retry.isPending || (retry.isSuccess && Boolean(retry.data?.payment)) ? retry.variables : undefined,
    switching: cod.isPending ? cod.variables : undefined,
  };
}

export function useOpenOrder(userId: number | undefined, orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.one(userId ?? 0, orderId ?? ''),
    queryFn: ({ signal }) => fetchOpenOrder(userId!, orderId!, signal),
    enabled: userId !== undefined && orderId !== null,
  });
}

// ---------------------------------------------------------------------------------------------
// Cancelling a pending order

/** POST …/order/{orderId}/cancel {reason} → the order as it is now, with its history. */
export async function cancelOrder(userId: number, orderId: string, reason: string): Promise<OrderDetail> {
  const reply = await apiPost<{ order: OrderDetail }>(
    `/api/orders/user/${userId}/order/${encodeURIComponent(orderId)}/cancel`,
    { reason },
    { auth: 'user' },
  );
  return reply.order;
}

/** The shopper's Cancel: on success the list and the open order show it at once; `onDone` closes the dialog. */
export function useCancelOrder(userId: number | undefined, onDone: () => void) {
  const t = useT();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) => cancelOrder(userId!, orderId, reason),
    onSuccess: (order) => {
      const { history: _history, ...listed } = order;
      replaceInList(client, userId!, { ...listed, orderItems: orderItemsOf(order) });
      client.setQueryData(orderKeys.one(userId!, order.id), openOrderOf(order));
      toast.success(t('orders.cancel.done'));
      onDone();
    },
    onError: (error) => {
      // 409: the shop confirmed it meanwhile; the server says so in the page's language. Then the
      // dialog has done its job; after a failure of the network it stays, with the reason written.
      const settled = error instanceof ApiError && (error.status === 409 || error.status === 404);
      toast.error(settled && error.serverMessage ? error.serverMessage : t('orders.cancel.failed'));
      void client.invalidateQueries({ queryKey: queryKeys.orders });
      if (settled) onDone();
    },
  });
  return {
    cancel: (orderId: string, reason: string) => mutation.mutate({ orderId, reason }),
    cancelling: mutation.isPending ? mutation.variables?.orderId : undefined,
  };
}
