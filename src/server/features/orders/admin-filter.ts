import { compactOrderId } from '../../../shared/orders.js';
import { type AdminOrdersQuery } from '../../../shared/admin-orders.js';
import { dayBounds } from '../../../shared/query-params.js';
import type { OrderFilter } from './list-queries.js';

/**
 * The admin's order filters (search, inclusive days in the admin's time zone, status, payment) as
 * the queries take them. One place, so the Orders tab's list and its CSV export select the same orders.
 */
export function adminOrderFilter(query: AdminOrdersQuery): OrderFilter {
  const filter: OrderFilter = {};
  if (query.q !== undefined) {
    filter.search = query.q.toLowerCase();
    // An id typed as the shopper reads it out, grouped or not, finds the order too.
    const compactId = compactOrderId(query.q);
    if (compactId !== undefined) filter.compactId = compactId;
    // The number said over the phone: '#1042' or '1042'.
    const number = /^#?\s*(\d{1,9})$/.exec(query.q.trim());
    if (number) filter.number = Number(number[1]);
  }
  Object.assign(filter, dayBounds(query));
  if (query.status !== undefined) filter.status = query.status;
  if (query.paymentStatus !== undefined) filter.paymentStatus = query.paymentStatus;
  if (query.paymentMethod !== undefined) filter.paymentMethod = query.paymentMethod;
  return filter;
}
