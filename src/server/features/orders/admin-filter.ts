import { type AdminOrdersQuery, compactOrderId } from '../../../shared/orders.js';
import type { OrderFilter } from './queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  }
  const offsetMs = (query.tzOffset ?? 0) * 60_000;
  if (query.from !== undefined) filter.from = new Date(Date.parse(`${query.from}T00:00:00Z`) - offsetMs).toISOString();
  if (query.to !== undefined) filter.before = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS - offsetMs).toISOString();
  if (query.status !== undefined) filter.status = query.status;
  if (query.paymentStatus !== undefined) filter.paymentStatus = query.paymentStatus;
  if (query.paymentMethod !== undefined) filter.paymentMethod = query.paymentMethod;
  return filter;
}
