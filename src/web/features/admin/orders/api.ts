import { type QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderDetail, OrderStatus } from '../../../../shared/orders';
import type { OrderSort, OrdersPage } from '../../../../shared/admin-orders';
import type { PaymentStatus } from '../../../../shared/payments';
import type { ShippingInput } from '../../../../shared/shipping';
import { ApiError, api, apiDownload, apiGet } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { type MessageId, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

export type { Order, OrderDetail, OrderSort, OrderStatus, OrdersPage, PaymentStatus };

/** Texts of the admin's Orders tab: their message ids. */
export const ADMIN_ORDER_TEXTS = {
  loading: 'admin.orders.loading',
  empty: 'admin.orders.empty',
  loadFailed: 'admin.orders.loadFailed',
  statusUpdated: 'admin.orders.statusUpdated',
  statusFailed: 'admin.orders.statusFailed',
  itemsFailed: 'admin.orders.itemsFailed',
  markedRefunded: 'admin.orders.markedRefunded',
  refundFailed: 'admin.orders.refundFailed',
  exportFailed: 'admin.orders.exportFailed',
  takenBack: 'admin.takeBack.done',
  takeBackFailed: 'admin.takeBack.failed',
} as const satisfies Record<string, MessageId>;

export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** What the table asks the server for: search, inclusive days, date sort and the page. */
export interface AdminOrdersParams {
  q: string;
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
  status: OrderStatus | '';
  /** One of PAYMENT_STATUSES or '' (all). */
  paymentStatus: PaymentStatus | '';
  sort: OrderSort;
  page: number;
}

/** Under ['admin']: ending the admin session removes them. */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  pages: ['admin', 'orders', 'page'] as const,
  page: (params: AdminOrdersParams) => ['admin', 'orders', 'page', params] as const,
  one: (id: string) => ['admin', 'orders', 'one', id] as const,
};

/** The query string of GET /api/orders/all: always paged, never the whole store. */
export function adminOrdersQuery(params: AdminOrdersParams, pageSize = ADMIN_ORDERS_PAGE_SIZE): string {
  const search = new URLSearchParams();
  if (params.q.trim()) search.set('q', params.q.trim());
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  // The days are the admin's own days (Nepal: +345 minutes).
  if (params.from || params.to) search.set('tzOffset', String(-new Date().getTimezoneOffset()));
  if (params.status) search.set('status', params.status);
  if (params.paymentStatus) search.set('paymentStatus', params.paymentStatus);
  search.set('sort', params.sort);
  search.set('page', String(params.page));
  search.set('pageSize', String(pageSize));
  return search.toString();
}

/**
 * Every order the filters select (not one page) as a CSV file, downloaded:
 * GET /api/admin/orders/export.csv with the list's query less its page.
 */
export async function downloadOrdersCsv(params: AdminOrdersParams): Promise<void> {
  const search = new URLSearchParams(adminOrdersQuery(params));
  search.delete('page');
  search.delete('pageSize');
  const { blob, filename } = await apiDownload(`/api/admin/orders/export.csv?${search.toString()}`, 'pasal-orders.csv', {
    auth: 'admin',
  });
  saveFile(blob, filename);
}

function asPage(reply: unknown, params: AdminOrdersParams): OrdersPage {
  // The plain contract answer (an array) still reads as one page.
  if (Array.isArray(reply)) {
    return { orders: reply as Order[], total: reply.length, page: 1, pageSize: reply.length, totalPages: 1 };
  }
  const page = reply as Partial<OrdersPage> | undefined;
  const orders = Array.isArray(page?.orders) ? page.orders : [];
  return {
    orders,
    total: typeof page?.total === 'number' ? page.total : orders.length,
    page: typeof page?.page === 'number' ? page.page : params.page,
    pageSize: typeof page?.pageSize === 'number' ? page.pageSize : ADMIN_ORDERS_PAGE_SIZE,
    totalPages: typeof page?.totalPages === 'number' ? page.totalPages : 1,
  };
}

export async function fetchAdminOrders(params: AdminOrdersParams, signal?: AbortSignal): Promise<OrdersPage> {
  const reply = await apiGet<unknown>(`/api/orders/all?${adminOrdersQuery(params)}`, { auth: 'admin', signal });
  return asPage(reply, params);
}

/** One order, fresh from the server, with its lines' pictures and its history: GET /api/orders/{id}. */
export async function fetchAdminOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  const reply = await apiGet<{ order?: OrderDetail }>(`/api/orders/${encodeURIComponent(id)}`, { auth: 'admin', signal });
  if (!reply?.order) throw new ApiError(404, 'Order not found');
  return reply.order;
}

export function useAdminOrders(params: AdminOrdersParams, enabled = true) {
  return useQuery({
    queryKey: adminOrderKeys.page(params),
    queryFn: ({ signal }) => fetchAdminOrders(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });
}

export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: adminOrderKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchAdminOrder(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}

/**
 * PUT /api/orders/{id}/status {status, reason?} → the order as it is now. The original API's body
 * is {status}; the panel adds the reason it asks for before cancelling (it goes into the history
 * and the mail).
 */
export async function updateOrderStatus({
  id,
  status,
  reason,
  shipping,
}: {
  id: string;
  status: OrderStatus;
  reason?: string;
  /** With 'shipped': the courier, tracking number and units' serials (shared/shipping.ts). */
  shipping?: ShippingInput;
}): Promise<Order> {
  const reply = await api<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: { status, ...(reason === undefined ? {} : { reason }), ...shipping },
    auth: 'admin',
  });
  return reply.order;
}

/**
 * Puts the returned order in place of the old one in every cached page; the open order
 * keeps its pictures and is asked again for its history.
 */
function replaceOrder(client: QueryClient, order: Order): void {
  client.setQueriesData<OrdersPage>({ queryKey: adminOrderKeys.pages }, (page) =>
    page ? { ...page, orders: page.orders.map((current) => (current.id === order.id ? order : current)) } : page,
  );
  client.setQueryData<OrderDetail>(adminOrderKeys.one(order.id), (open) =>
    open ? { ...open, ...order, orderItems: open.orderItems } : open,
  );
  void client.invalidateQueries({ queryKey: adminOrderKeys.one(order.id) });
}

/** The status select's saves; `onSaved` runs after each success (the cancel dialog closes). */
export function useUpdateOrderStatus(onSaved?: () => void) {
  const t = useT();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (order) => {
      replaceOrder(client, order);
      toast.success(t(ADMIN_ORDER_TEXTS.statusUpdated));
      onSaved?.();
    },
    onError: (error) => {
      toast.error(t(ADMIN_ORDER_TEXTS.statusFailed));
      // Re-opening a cancelled order whose units are gone: the server names the product.
      // The server names what is wrong with a shipment (a missing serial, an unknown courier).
      if (error instanceof ApiError && (error.status === 409 || error.status === 400) && error.serverMessage) {
        toast.info(error.serverMessage);
      }
    },
  });
  return { update: mutation.mutate, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}

/** PUT /api/orders/{id}/payment {paymentStatus: 'refunded'}: the money of a cancelled, paid order was given back. */
export async function markRefunded(id: string): Promise<Order> {
  const reply = await api<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}/payment`, {
    method: 'PUT',
    body: { paymentStatus: 'refunded' },
    auth: 'admin',
  });
  return reply.order;
}

export function useMarkRefunded() {
  const t = useT();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: markRefunded,
    onSuccess: (order) => {
      replaceOrder(client, order);
      toast.success(t(ADMIN_ORDER_TEXTS.markedRefunded));
      void client.invalidateQueries({ queryKey: adminOrderKeys.pages });
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t(ADMIN_ORDER_TEXTS.refundFailed));
      void client.invalidateQueries({ queryKey: adminOrderKeys.all });
    },
  });
  return { markRefunded: mutation.mutate, refundingId: mutation.isPending ? mutation.variables : undefined };
}

/**
 * POST /api/orders/{id}/reverse {status, reason, confirm: true}: a step back, a delivered order
 * cancelled or a cancelled one reopened; recorded with its reason, never mailed to the shopper.
 */
export async function reverseOrder({ id, status, reason }: { id: string; status: OrderStatus; reason: string }): Promise<Order> {
  const reply = await api<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}/reverse`, {
    method: 'POST',
    body: { status, reason, confirm: true },
    auth: 'admin',
  });
  return reply.order;
}

/** Take back: on success the order is replaced everywhere and fetched afresh (its history has the reason). */
export function useReverseOrder(onDone?: () => void) {
  const t = useT();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: reverseOrder,
    onSuccess: (order) => {
      replaceOrder(client, order);
      void client.invalidateQueries({ queryKey: adminOrderKeys.pages });
      toast.success(t(ADMIN_ORDER_TEXTS.takenBack));
      onDone?.();
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t(ADMIN_ORDER_TEXTS.takeBackFailed));
    },
  });
  return { reverse: mutation.mutate, reversing: mutation.isPending };
}
