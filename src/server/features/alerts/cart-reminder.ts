import type { AppContext } from '../../context.js';
import { CART_REMINDER_JOB } from '../../db/migrations/038_wishlist.js';
import { type JobHandler, PermanentJobError } from '../../jobs/queue.js';
import { configuredBase } from '../../lib/public-base.js';
import { cartReminderMail } from './mail.js';
import * as q from './queries.js';
import type { AlertService } from './service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/**
 * The cart reminder, queued by the database 24 hours after each change to a shopper's cart
 * (migration 038; a newer change replaces the queued job). When it runs, a cart that still has
 * items and has not changed for a day gets one reminder, unless the shopper had one in the last
 * seven days: a conditional write of the shopper's last reminder time decides, so two runs cannot
 * both send.
 */
export function cartReminderHandler(ctx: AppContext, alerts: AlertService): JobHandler<{ userId: number }> {
  return {
    kind: CART_REMINDER_JOB,
    maxAttempts: 5,
    retryDelayMs: (attempts) => 10_000 * attempts,
    timeoutMs: 60_000,
    parse: (payload) => {
      const userId = Number((payload as { userId?: unknown } | null)?.userId);
      if (!Number.isSafeInteger(userId) || userId < 1) throw new PermanentJobError('a cart-reminder job needs a userId');
      return { userId };
    },
    run: async ({ userId }) => {
      const now = ctx.clock.now();
      const queued = await ctx.db.transaction().execute(async (trx) => {
        const cart = await q.cartState(trx, userId);
        if (cart.count === 0 || !cart.lastChange) return false;
        // Changed within the day: the job of that change reminds later.
        if (Date.parse(cart.lastChange) > now.getTime() - DAY_MS + 1000) return false;
        const user = await q.shopper(trx, userId);
        if (!user) return false;
        const cutoff = new Date(now.getTime() - WEEK_MS).toISOString();
        if (!(await q.claimRolling(trx, userId, 'cart-reminder', now.toISOString(), cutoff))) return false;
        const message = cartReminderMail({
          to: user.email ?? '',
          firstName: user.first_name,
          language: user.language,
          names: cart.names,
          more: cart.count - cart.names.length,
          cartUrl: `${configuredBase(ctx.config)}/account?tab=cart`,
          unsubscribeUrl: alerts.links.url(userId, 'cart-reminder'),
        });
        await alerts.queueMail(trx, userId, 'cart-reminder', message);
        return true;
      });
      if (queued) ctx.jobs.wake();
    },
  };
}
