import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { type JobHandler, type JobQueue, PermanentJobError } from '../../jobs/queue.js';
import { isoNow } from '../../lib/clock.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { queueOrderText } from '../sms/order-texts.js';
import { unconfirmedCancelledMail } from './mail.js';
import type { OrderAccess } from '../payments/service.js';
import * as q from './queries.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * A cash-on-delivery order holds its stock until the shop confirms it. One the shop has not
 * confirmed within COD_CONFIRM_HOURS of becoming cash on delivery (placed so, or switched from an
 * online payment) is cancelled, its units go back to stock and the shopper is told: so no account
 * can keep stock from other shoppers by placing orders nobody confirms.
 */
export const COD_CONFIRM_JOB = 'cod-confirm';

export interface CodConfirm {
  orderId: string;
}

/** One deadline per order: enqueueing again replaces a queued one. */
export const codConfirmKey = (orderId: string) => `cod-confirm:${orderId}`;

/** Queues the order's deadline, in the caller's transaction (the one that made it cash on delivery). */
export async function scheduleCodConfirm(jobs: JobQueue, db: q.Db, orderId: string, hours: number): Promise<void> {
  await jobs.enqueue(db, COD_CONFIRM_JOB, { orderId } satisfies CodConfirm, {
    summary: `Confirmation deadline of ${orderId}`,
    key: codConfirmKey(orderId),
    delayMs: hours * 60 * 60_000,
  });
}

/**
 * The deadline's job: under the order's lock, an order still pending as cash on delivery and
 * unpaid is cancelled (stock returned, history written, the shopper mailed in their language).
 * An order the shop confirmed, shipped or cancelled meanwhile, or that was paid, is left alone.
 */
export function codConfirmHandler(ctx: AppContext, orders: OrderAccess, log: Log): JobHandler<CodConfirm> {
  return {
    kind: COD_CONFIRM_JOB,
    maxAttempts: 48,
    retryDelayMs: (attempts) => Math.min(60_000 * 2 ** (attempts - 1), 30 * 60_000),
    timeoutMs: 60_000,
    parse: (payload) => {
      const value = payload as Partial<CodConfirm> | null;
      if (typeof value?.orderId !== 'string' || value.orderId.length > 100) {
        throw new PermanentJobError('a confirmation deadline needs an orderId');
      }
      return { orderId: value.orderId };
    },
    run: async ({ orderId }) => {
      const cancelled = await ctx.db.transaction().execute(async (trx) => {
        const order = await q.lockOrder(trx, orderId);
        if (!order || order.status !== 'pending' || order.payment_method !== 'cod' || order.payment_status !== 'unpaid') {
          return false;
        }
        await orders.cancelByShop(trx, order, 'Not confirmed by the shop in time', isoNow(ctx.clock));
        const shown = await orders.get(orderId, trx);
        const locale = await mailLanguage(trx, shown.user.id);
        const storeName = ctx.config.store.name;
        await ctx.outbox.queue(trx, unconfirmedCancelledMail({ to: shown.user.email, storeName, order: shown, locale }));
        await queueOrderText(ctx.sms, trx, { event: 'cancelled', order: shown, storeName, locale });
        return true;
      });
      if (cancelled) {
        ctx.jobs.wake();
        log.info({ orderId }, 'order cancelled: cash on delivery not confirmed in time');
      }
    },
  };
}
