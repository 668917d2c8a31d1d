import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { PermanentJobError, type JobHandler } from '../../jobs/queue.js';
import * as q from './queries.js';

/**
 * An account not verified within 48 hours is removed, freeing its email and phone
 * number; its cart and codes go with it. One job per account, written with the account, so a
 * restart cannot forget it; verifying the account cancels it, and it checks again before removing.
 */
export const UNVERIFIED_ACCOUNT_TTL_MS = 48 * 60 * 60 * 1000;
export const REMOVE_UNVERIFIED_JOB = 'accounts.remove-unverified';
export const removalJobKey = (userId: number) => `remove-unverified:${userId}`;

export function scheduleRemoval(ctx: AppContext, trx: Transaction<Database>, userId: number) {
  return ctx.jobs.enqueue(
    trx,
    REMOVE_UNVERIFIED_JOB,
    { userId },
    {
      summary: `Remove account ${userId} unless verified`,
      key: removalJobKey(userId),
      delayMs: UNVERIFIED_ACCOUNT_TTL_MS,
    },
  );
}

export function unverifiedRemovalHandler(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>): JobHandler<{ userId: number }> {
  return {
    kind: REMOVE_UNVERIFIED_JOB,
    maxAttempts: 10,
    retryDelayMs: (attempts) => Math.min(60_000 * 2 ** (attempts - 1), 60 * 60_000),
    timeoutMs: 10_000,
    parse(payload) {
      const userId = (payload as { userId?: unknown } | null)?.userId;
      if (typeof userId !== 'number' || !Number.isSafeInteger(userId)) throw new PermanentJobError('no userId');
      return { userId };
    },
    async run({ userId }) {
      const removed = await ctx.db.transaction().execute((trx) => q.removeUnverifiedUser(trx, userId));
      if (removed) log.info({ userId }, 'unverified account removed after 48 hours');
    },
  };
}
