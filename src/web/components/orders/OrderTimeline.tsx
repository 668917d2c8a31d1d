import type { OrderHistoryEntry } from '../../../shared/orders';
import { formatOrderDate } from '../../lib/order-dates';
import { type MessageId, type Translate, useLocale, useT } from '../../lib/i18n';
import { paymentStatusLabel } from './PaymentBadge';
import { messageOf } from './order-labels';

/** The shop's own note when it cancels an order whose online payment never came (features/payments/service.ts). */
const NOT_PAID_IN_TIME = 'Not paid in time';

const STATUS_STEPS = {
  pending: 'orders.timeline.reopened',
  confirmed: 'orders.timeline.confirmed',
  shipped: 'orders.timeline.shipped',
  delivered: 'orders.timeline.delivered',
  cancelled: 'orders.timeline.cancelled',
} as const satisfies Record<string, MessageId>;

const PAYMENT_STEPS = {
  paid: 'orders.timeline.paid',
  failed: 'orders.timeline.paymentFailed',
  refund_due: 'orders.timeline.refundDue',
  refunded: 'orders.timeline.refunded',
  unpaid: 'orders.timeline.switchedToCod',
  awaiting_payment: 'orders.timeline.awaitingPayment',
} as const satisfies Record<string, MessageId>;

const RETURN_STEPS = {
  requested: 'orders.timeline.return.requested',
  approved: 'orders.timeline.return.approved',
  rejected: 'orders.timeline.return.rejected',
  received: 'orders.timeline.return.received',
  refund_due: 'orders.timeline.return.refund_due',
  refunded: 'orders.timeline.return.refunded',
  replaced: 'orders.timeline.return.replaced',
} as const satisfies Record<string, MessageId>;

const WARRANTY_STEPS = {
  opened: 'orders.timeline.warranty.opened',
  received: 'orders.timeline.warranty.received',
  at_service_centre: 'orders.timeline.warranty.at_service_centre',
  repaired: 'orders.timeline.warranty.repaired',
  replaced: 'orders.timeline.warranty.replaced',
  returned_to_shopper: 'orders.timeline.warranty.returned_to_shopper',
  rejected: 'orders.timeline.warranty.rejected',
} as const satisfies Record<string, MessageId>;

/** A warranty claim's step names it in its note: 'Warranty claim #3', or 'Warranty claim #3: <the shop's note>'. */
const WARRANTY_NOTE = /^Warranty claim #(\d+)(?:: ([\s\S]*))?$/;

/** A return's step names it in its note: 'Return #12', or 'Return #12: <the shop's reason>'. */
const RETURN_NOTE = /^Return #(\d+)(?:: ([\s\S]*))?$/;

const ACTORS = {
  admin: 'orders.timeline.by.admin',
  shopper: 'orders.timeline.by.customer',
  shop: 'orders.timeline.by.shop',
} as const satisfies Record<OrderHistoryEntry['by'], MessageId>;

/** What one change was, in the audience's words ('Cancelled by you' for the shopper). */
function stepLabel(entry: OrderHistoryEntry, audience: 'shopper' | 'admin', t: Translate): string {
  if (entry.kind === 'warranty') {
    const id = messageOf(WARRANTY_STEPS, entry.to);
    const claimId = WARRANTY_NOTE.exec(entry.note ?? '')?.[1] ?? '';
    return id ? t(id, { id: claimId }) : entry.to;
  }
  if (entry.kind === 'return') {
    const id = messageOf(RETURN_STEPS, entry.to);
    const returnId = RETURN_NOTE.exec(entry.note ?? '')?.[1] ?? '';
    return id ? t(id, { id: returnId }) : entry.to;
  }
  if (entry.kind === 'payment') {
    // A second payment for an order already paid: recorded for the admin to give back.
    if (entry.from === entry.to) return t('orders.timeline.extraPayment');
    const id = messageOf(PAYMENT_STEPS, entry.to);
    return id ? t(id) : t('orders.timeline.payment', { status: paymentStatusLabel(entry.to, t) });
  }
  if (entry.to === 'cancelled' && audience === 'shopper') {
    if (entry.by === 'shopper') return t('orders.timeline.cancelledByYou');
    if (entry.by === 'admin') return t('orders.timeline.cancelledByShop');
    if (entry.note === NOT_PAID_IN_TIME) return t('orders.timeline.cancelledUnpaid');
  }
  const id = messageOf(STATUS_STEPS, entry.to);
  return id ? t(id) : entry.to;
}

/** The reason or note shown under a step: what a person wrote, and for the admin the shop's own notes too. */
function stepNote(entry: OrderHistoryEntry, audience: 'shopper' | 'admin', t: Translate): string | null {
  if (!entry.note) return null;
  if (entry.kind === 'warranty') {
    const note = WARRANTY_NOTE.exec(entry.note)?.[2];
    return note ? t('orders.timeline.note', { note }) : null;
  }
  if (entry.kind === 'return') {
    const reason = RETURN_NOTE.exec(entry.note)?.[2];
    return reason ? t('orders.timeline.reason', { reason }) : null;
  }
  if (entry.kind === 'status' && entry.by !== 'shop') return t('orders.timeline.reason', { reason: entry.note });
  return audience === 'admin' ? t('orders.timeline.note', { note: entry.note }) : null;
}

/**
 * An order's history as an ordered list, oldest first: placed, then each change of its status and
 * of its payment with the date and time (Bikram Sambat first in Nepali), and a cancellation's
 * reason. The admin also sees who made each change and the shop's own notes.
 */
export function OrderTimeline({
  createdAt,
  history,
  audience,
  label,
}: {
  createdAt: string;
  history: readonly OrderHistoryEntry[];
  audience: 'shopper' | 'admin';
  label: string;
}) {
  const t = useT();
  const locale = useLocale();
  const steps = [
    { key: 'placed', title: t('orders.timeline.placed'), at: createdAt, note: null as string | null, by: null as string | null },
    ...history.map((entry, index) => ({
      key: String(index),
      title: stepLabel(entry, audience, t),
      at: entry.at,
      note: stepNote(entry, audience, t),
      by: audience === 'admin' ? t(ACTORS[entry.by]) : null,
    })),
  ];
  return (
    <ol aria-label={label} className="space-y-0" data-testid="order-timeline">
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        return (
          <li key={step.key} className="relative flex gap-3 pb-3 last:pb-0">
            {/* The line between the dots is drawing only. */}
            {!last && <span aria-hidden="true" className="absolute top-3 bottom-0 left-[5px] w-0.5 bg-slate-200" />}
            <span
              aria-hidden="true"
              className={`relative mt-1.5 size-3 shrink-0 rounded-full ring-2 ring-white ${last ? 'bg-amber-500' : 'bg-slate-400'}`}
            />
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {step.title}
                {step.by && <span className="font-normal text-slate-500"> · {step.by}</span>}
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={step.at}>{formatOrderDate(step.at, locale)}</time>
              </p>
              {step.note && <p className="mt-0.5 text-sm break-words text-slate-700">{step.note}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
