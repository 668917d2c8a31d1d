import { useQuery } from '@tanstack/react-query';
import type { Order as ListedOrder, OrderDetail } from '../../../shared/orders';
import { ApiError, apiGet } from '../../lib/api';
import { tokenUserId } from '../../lib/jwt';
import { queryKeys } from '../../lib/query-client';
import { getToken } from '../../lib/session';

/** Both calls answer the order read on its own (with its units' serials); older answers may lack them. */
export type Order = ListedOrder | OrderDetail;

/**
 * The order of an invoice: the shopper's own (GET /api/orders/user/{userId}/order/{id}), or, for
 * an admin, any order (GET /api/orders/{id}). A shopper who is also the admin on this browser and
 * opens another shopper's order is answered by the admin's call.
 */
export async function fetchInvoiceOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  const id = encodeURIComponent(orderId);
  const userId = tokenUserId(getToken('user'));
  const admin = getToken('admin') !== null;
  if (userId !== undefined) {
    try {
      const reply = await apiGet<{ order: Order }>(`/api/orders/user/${userId}/order/${id}`, { auth: 'user', signal });
      return reply.order;
    } catch (error) {
      const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
      if (!admin || !refused) throw error;
    }
  }
  const reply = await apiGet<{ order: Order }>(`/api/orders/${id}`, { auth: 'admin', signal });
  return reply.order;
}

/** Under ['orders'] (session-scoped): logout removes it. */
export function useInvoiceOrder(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.orders, 'invoice', orderId],
    queryFn: ({ signal }) => fetchInvoiceOrder(orderId, signal),
    enabled,
    staleTime: 0,
  });
}
