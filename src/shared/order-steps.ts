import { z } from 'zod';
import { ORDER_MESSAGES, ORDER_STATUSES, type OrderStatus, reasonSchema } from './orders.js';

/**
 * Orders move forward only (ADR 0048): pending → confirmed → shipped → delivered, any step may be
 * skipped, and an order not yet delivered may be cancelled. Anything else (a step back, a delivered
 * order cancelled, a cancelled one reopened) is a correction: POST /api/orders/:id/reverse
 * {status, reason, confirm: true}, with its own permission, recorded with the reason and never
 * mailed to the shopper as progress.
 */
const RANK: Record<Exclude<OrderStatus, 'cancelled'>, number> = { pending: 0, confirmed: 1, shipped: 2, delivered: 3 };

export function isForward(from: OrderStatus, to: OrderStatus): boolean {
  if (from === to) return true;
  if (from === 'cancelled') return false;
  if (to === 'cancelled') return from !== 'delivered';
  return RANK[to] > RANK[from];
}

/** The statuses an order in `from` may be moved forward to (the panel's dropdown offers only these). */
export function forwardFrom(from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => to !== from && isForward(from, to));
}

export const ORDER_STEP_CODES = { backward: 'STATUS_BACKWARD', notBackward: 'NOT_A_STEP_BACK' } as const;

export const ORDER_STEP_MESSAGES = {
  backward: 'An order only moves forward. To take it back a step or reopen it, use Take back with a reason.',
  notBackward: 'That is not a step back: change the status instead',
  confirmRequired: 'Confirm taking the order back',
  reversed: 'Order taken back',
} as const;

/** Body of POST /api/orders/:id/reverse: where to, why, and that the admin meant it. */
export const reverseOrderSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.statusInvalid }),
  reason: reasonSchema,
  confirm: z.literal(true, { error: ORDER_STEP_MESSAGES.confirmRequired }),
});
export type ReverseOrderInput = z.infer<typeof reverseOrderSchema>;
