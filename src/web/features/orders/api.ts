import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUS_LABELS, type Order, type OrderItem, type OrderStatus } from '../../../shared/orders';
import { apiGet } from '../../lib/api';
import { tokenUserId } from '../../lib/jwt';
import { queryKeys } from '../../lib/query-client';
import { useShopperToken } from '../../lib/session';

export type { Order, OrderItem, OrderStatus };

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

/**
 * The items of one order from GET /api/orders/user/{userId}/order/{orderId} (SPEC §7: items in an
 * unexpected format are treated as an empty list).
 */
export async function fetchOrderItems(userId: number, orderId: string, signal?: AbortSignal): Promise<OrderItem[]> {
  const reply = await apiGet<{ order?: { orderItems?: unknown } }>(
    `/api/orders/user/${userId}/order/${encodeURIComponent(orderId)}`,
    { auth: 'user', signal },
  );
  return orderItemsOf(reply?.order);
}

/** The well-formed items of an order; a list in another shape, or no list, gives []. */
export function orderItemsOf(order: { orderItems?: unknown } | null | undefined): OrderItem[] {
  const items = order?.orderItems;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is OrderItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as OrderItem).price === 'number' &&
      typeof (item as OrderItem).quantity === 'number' &&
      typeof (item as OrderItem).product === 'object' &&
      (item as OrderItem).product !== null &&
      typeof (item as OrderItem).product.name === 'string',
  );
}

export function useOrders() {
  const userId = tokenUserId(useShopperToken());
  const query = useQuery({
    queryKey: orderKeys.list(userId),
    queryFn: ({ signal }) => fetchOrders(userId!, signal),
    enabled: userId !== undefined,
    // The shop changes statuses: each visit of the tab asks again.
    staleTime: 0,
  });
  return { ...query, userId };
}

export function useOrderItems(userId: number | undefined, orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.one(userId ?? 0, orderId ?? ''),
    queryFn: ({ signal }) => fetchOrderItems(userId!, orderId!, signal),
    enabled: userId !== undefined && orderId !== null,
  });
}

/** Price × quantity in rupees, computed in paisa. */
export function itemTotal(item: Pick<OrderItem, 'price' | 'quantity'>): number {
  return (Math.round(item.price * 100) * item.quantity) / 100;
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-sky-50 text-sky-800 ring-sky-200',
  shipped: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-200',
};

export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

export function statusClasses(status: string): string {
  return STATUS_STYLES[status as OrderStatus] ?? 'bg-slate-100 text-slate-700 ring-slate-200';
}
