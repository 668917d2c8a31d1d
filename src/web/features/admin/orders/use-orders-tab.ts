import type { ShippingInput } from '../../../../shared/shipping';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useTypedText } from '../../../lib/typed-text';
import { useUrlState } from '../../../lib/url-state';
import {
  ADMIN_ORDER_TEXTS,
  type AdminOrdersParams,
  type Order,
  type OrderStatus,
  downloadOrdersCsv,
  useAdminOrders,
  useUpdateOrderStatus,
} from './api';
import { ORDERS_URL } from './filters';

/** The filters a change of which starts the list again at page 1 (all but the page). */
type Filter = Exclude<keyof AdminOrdersParams, 'page'>;

/**
 * The Orders tab's state: the list's filters, sort and page in the address (ORDERS_URL), the search
 * box's text, the order open, the order being cancelled, and the CSV export.
 */
export function useOrdersTab() {
  const t = useT();
  const [params, setParams] = useUrlState(ORDERS_URL);
  /** A new search, range, status or sort starts again at page 1. */
  const filter = (patch: Pick<Partial<AdminOrdersParams>, Filter>, replace = false) =>
    setParams({ ...patch, page: 1 }, { replace });
  // The search is asked for once the typing stops; the address then holds it.
  const [search, setSearch] = useTypedText(params.q, (q) => filter({ q }, true));
  const [expanded, setExpanded] = useState<string | null>(null);

  // Another list (a filter, the page, Back) opens with nothing open.
  const listKey = JSON.stringify(params);
  const [lastListKey, setLastListKey] = useState(listKey);
  if (lastListKey !== listKey) {
    setLastListKey(listKey);
    setExpanded(null);
  }

  const rangeInvalid = params.from !== '' && params.to !== '' && params.from > params.to;
  const list = useAdminOrders(params, !rangeInvalid);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);
  const { update, pendingId } = useUpdateOrderStatus(() => {
    setCancelling(null);
    setShipping(null);
  });
  const save = (order: Order, next: OrderStatus) => {
    if (next === 'cancelled') setCancelling(order);
    else if (next === 'shipped') setShipping(order);
    else update({ id: order.id, status: next });
  };

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      // What the search box says now, not the list's settled search: typed and exported at once,
      // the file must hold the orders typed for (the list catches up a moment later).
      await downloadOrdersCsv({ ...params, q: search });
    } catch {
      toast.error(t(ADMIN_ORDER_TEXTS.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  const failed = list.isError;
  useEffect(() => {
    if (failed) toast.error(t(ADMIN_ORDER_TEXTS.loadFailed), { toastId: 'admin-orders-load' });
  }, [failed, t]);

  const data = list.data;
  const orders = data?.orders ?? [];
  const totalPages = data?.totalPages ?? 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  return {
    params,
    filter,
    search,
    setSearch,
    /** Another order by date: newest or oldest first. */
    flipSort: () => filter({ sort: params.sort === 'date_desc' ? 'date_asc' : 'date_desc' }),
    filtering:
      search.trim() !== '' || params.from !== '' || params.to !== '' || params.status !== '' || params.paymentStatus !== '',
    clear: () => {
      setSearch('');
      filter({ q: '', from: '', to: '', status: '', paymentStatus: '' });
    },
    rangeInvalid,
    list,
    data,
    orders,
    pages: {
      totalPages,
      first,
      last: data ? Math.min(data.total, first + orders.length - 1) : 0,
      previous: () => setParams({ page: Math.max(1, params.page - 1) }),
      next: () => setParams({ page: params.page + 1 }),
    },
    expanded,
    toggleOrder: (id: string) => setExpanded((current) => (current === id ? null : id)),
    save,
    pendingId,
    cancelling,
    cancel: (reason: string) => cancelling && update({ id: cancelling.id, status: 'cancelled', reason }),
    stopCancelling: () => setCancelling(null),
    shipping,
    ship: (details: ShippingInput) => shipping && update({ id: shipping.id, status: 'shipped', shipping: details }),
    stopShipping: () => setShipping(null),
    exporting,
    exportCsv,
  };
}

export type OrdersTabState = ReturnType<typeof useOrdersTab>;
