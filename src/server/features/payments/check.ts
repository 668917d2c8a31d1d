import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type JobQueue, PermanentJobError } from '../../jobs/queue.js';

/** The job that settles an online order's payment (service.ts check). */
export const PAYMENT_CHECK_JOB = 'payment-check';

export interface PaymentCheck {
  orderId: string;
  /** Checks so far (the pauses grow with it). */
  round?: number;
  /** The order no longer waits for its wallet: only record a payment that completed anyway. */
  late?: boolean;
}

/** The key of an order's one chain of checks: enqueueing replaces a queued one, so chains never multiply. */
export const paymentCheckKey = (orderId: string) => `payment-check:${orderId}`;

/**
 * After an order stopped waiting for its wallet (cancelled unpaid, switched to cash on delivery),
 * looks again for a payment that completed anyway: the money must be neither taken twice nor
 * kept silently.
 */
const LATE_CHECKS_MS = [30 * 60_000, 24 * 60 * 60_000];

export async function scheduleLateChecks(
  jobs: JobQueue,
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
): Promise<void> {
  for (const delayMs of LATE_CHECKS_MS) {
    await jobs.enqueue(db, PAYMENT_CHECK_JOB, { orderId, late: true } satisfies PaymentCheck, {
      summary: `Late payment check of ${orderId}`,
      delayMs,
    });
  }
}

/** A queued check's payload, or a permanent error when it is not one. */
export function parsePaymentCheck(payload: unknown): PaymentCheck {
  const value = payload as Partial<PaymentCheck> | null;
  if (typeof value?.orderId !== 'string' || value.orderId.length > 100) {
    throw new PermanentJobError('a payment check needs an orderId');
  }
  return {
    orderId: value.orderId,
    ...(typeof value.round === 'number' ? { round: value.round } : {}),
    ...(value.late ? { late: true } : {}),
  };
}
