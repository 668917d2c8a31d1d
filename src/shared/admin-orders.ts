import { z } from 'zod';
import { ORDER_MESSAGES, ORDER_PAGE_SIZE_MAX, ORDER_STATUSES, orderSchema } from './orders.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payments.js';
import { daysInOrder, queryDay, queryTzOffset, queryWholeNumber } from './query-params.js';

/** The admin's list of orders: its filters, sorts and pages (GET /api/orders/all with parameters). */

export const ORDER_SORTS = ['date_desc', 'date_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * Query of GET /api/orders/all. With none of these the answer is the plain array of the contract.
 * - q: part of the order id, the recipient's or the shopper's name, email, or phone (case-insensitive)
 * - from / to: inclusive days (YYYY-MM-DD) on createdAt; `to` covers its whole day. Days are UTC,
 *   or local to tzOffset (minutes east of UTC: 345 for Nepal; a browser sends -getTimezoneOffset())
 * - status: one of ORDER_STATUSES; paymentStatus: one of PAYMENT_STATUSES; paymentMethod: cod, esewa or khalti
 * - sort: date_desc (default) or date_asc; page (default 1), pageSize (default 20, at most 100)
 */
export const adminOrdersQuerySchema = z
  .object({
    q: z
      .string()
      .max(200, 'Search text is too long')
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim())),
    from: queryDay('from'),
    to: queryDay('to'),
    tzOffset: queryTzOffset(),
    status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.statusInvalid }).optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: `paymentStatus must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}` }).optional(),
    sort: z.enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}` }).optional(),
    page: queryWholeNumber('page', 999_999),
    pageSize: queryWholeNumber('pageSize', ORDER_PAGE_SIZE_MAX),
  })
  .refine(...daysInOrder);
export type AdminOrdersQueryInput = z.input<typeof adminOrdersQuerySchema>;
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;
export const ADMIN_ORDER_QUERY_KEYS = [
  'q',
  'from',
  'to',
  'tzOffset',
  'status',
  'paymentStatus',
  'paymentMethod',
  'sort',
  'page',
  'pageSize',
] as const;

export const ordersPageSchema = z.object({
  orders: z.array(orderSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;
