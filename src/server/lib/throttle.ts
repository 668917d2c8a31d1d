import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';

/**
 * Fixed-window failure counters kept in the database, so limits hold across restarts
 * and across several server processes sharing PostgreSQL.
 */
export class Throttle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  async retryAfter(key: string, limit: number, windowMs: number): Promise<number> {
    const row = await this.db.selectFrom('throttle').select(['window_start', 'count']).where('key', '=', key).executeTakeFirst();
    if (!row) return 0;
    const windowEnds = Date.parse(row.window_start) + windowMs;
    const now = this.clock.now().getTime();
    if (windowEnds <= now || row.count < limit) return 0;
    return Math.max(1, Math.ceil((windowEnds - now) / 1000));
  }

  async record(key: string, windowMs: number): Promise<void> {
    const now = this.clock.now();
    const windowFloor = new Date(now.getTime() - windowMs).toISOString();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('throttle').select(['window_start']).where('key', '=', key).executeTakeFirst();
      if (!row) {
        await trx
          .insertInto('throttle')
          .values({ key, window_start: now.toISOString(), count: 1 })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ count: eb('throttle.count', '+', 1) })))
          .execute();
      } else if (row.window_start <= windowFloor) {
        await trx.updateTable('throttle').set({ window_start: now.toISOString(), count: 1 }).where('key', '=', key).execute();
      } else {
        await trx
          .updateTable('throttle')
          .set((eb) => ({ count: eb('count', '+', 1) }))
          .where('key', '=', key)
          .execute();
      }
    });
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('throttle').where('key', '=', key).execute();
  }
}
