import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';

export interface BackoffPolicy {
  /** Failures allowed before any waiting. */
  free: number;
  /** The longest wait between two attempts once over the free ones. */
  maxDelayMs: number;
  /** A key quiet this long starts again from nothing. */
  forgetAfterMs: number;
}

/**
 * Growing delays rather than a hard lock (ADR 0017): after `free` failures, each further attempt
 * must wait 1 s, 2 s, 4 s … after the last failure, up to `maxDelayMs`. Attempts are counted as
 * failures before they are judged (so a burst in parallel cannot slip past), and a success forgives
 * its own. Kept in the database, so the delays hold across restarts and processes.
 */
export class Backoff {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts an attempt against every key, or none of them: answers 0, or the seconds to wait when
   * any key must still wait (nothing is counted then).
   */
  async attempt(keys: Array<{ key: string; policy: BackoffPolicy }>): Promise<number> {
    const nowMs = this.clock.now().getTime();
    const now = new Date(nowMs).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const rows: Array<{ key: string; failures: number }> = [];
      for (const { key, policy } of keys) {
        // The row exists before it is locked, so two first attempts cannot both miss it.
        await trx
          .insertInto('backoff')
          .values({ key, failures: 0, last_at: now })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        const row = await trx
          .selectFrom('backoff')
          .select(['failures', 'last_at'])
          .where('key', '=', key)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const lastMs = Date.parse(row.last_at);
        const failures = nowMs - lastMs > policy.forgetAfterMs ? 0 : row.failures;
        const wait = failures < policy.free ? 0 : lastMs + delayMs(failures - policy.free + 1, policy) - nowMs;
        if (wait > 0) return Math.max(1, Math.ceil(wait / 1000));
        rows.push({ key, failures: failures + 1 });
      }
      for (const row of rows) {
        await trx.updateTable('backoff').set({ failures: row.failures, last_at: now }).where('key', '=', row.key).execute();
      }
      return 0;
    });
  }

  /** Takes back the attempt counted against the key (it succeeded). */
  async forgiveOne(key: string): Promise<void> {
    await this.db
      .updateTable('backoff')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('backoff').where('key', '=', key).execute();
  }
}

/** The wait before attempt number `over` past the free ones: 1 s, 2 s, 4 s … capped. */
export function delayMs(over: number, policy: Pick<BackoffPolicy, 'maxDelayMs'>): number {
  return Math.min(1000 * 2 ** Math.min(over - 1, 30), policy.maxDelayMs);
}
