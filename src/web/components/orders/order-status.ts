import type { OrderStatus } from '../../../shared/orders';
import type { MessageId, Translate } from '../../lib/i18n';
import { messageOf } from './order-labels';

/**
 * An order status's label and colours, shown by the shopper's orders and the admin's (ids in the
 * `orders` area, which both the account and the admin parts load).
 */

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-sky-50 text-sky-800 ring-sky-200',
  shipped: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** ORDER_STATUS_LABELS of shared/orders.ts, in the page's language. */
const STATUS_MESSAGES = {
  pending: 'orders.status.pending',
  confirmed: 'orders.status.confirmed',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  cancelled: 'orders.status.cancelled',
} as const satisfies Record<OrderStatus, MessageId>;

/** An order status's label; a value the app does not know shows as it is stored. */
export function statusLabel(status: string, t: Translate): string {
  const id = messageOf(STATUS_MESSAGES, status);
  return id ? t(id) : status;
}

export function statusClasses(status: string): string {
  return STATUS_STYLES[status as OrderStatus] ?? 'bg-slate-100 text-slate-700 ring-slate-200';
}
