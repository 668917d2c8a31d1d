import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import { tooManyRequests } from './errors.js';

export interface Limit {
  limit: number;
  windowMs: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Registration and code sending per source: each costs a password hash or a mail.
 * Generous (Nepali mobile carriers put many shoppers behind one address), but a burst such as 20
 * registrations in a minute from one address is a flood. The counts come from the configuration
 * (REGISTER_PER_IP_MINUTE, REGISTER_PER_IP_HOUR, SEND_OTP_PER_IP_HOUR, VERIFY_OTP_PER_IP_HOUR).
 */
export function signupLimits(config: {
  registerPerIpMinute: number;
  registerPerIpHour: number;
  sendOtpPerIpHour: number;
  verifyOtpPerIpHour: number;
}) {
  return {
    registerPerIpMinute: { limit: config.registerPerIpMinute, windowMs: MINUTE },
    registerPerIpHour: { limit: config.registerPerIpHour, windowMs: HOUR },
    sendOtpPerIpHour: { limit: config.sendOtpPerIpHour, windowMs: HOUR },
    verifyOtpPerIpHour: { limit: config.verifyOtpPerIpHour, windowMs: HOUR },
  } satisfies Record<string, Limit>;
}

/**
 * Fixed-window counters kept in the database, so limits hold across restarts
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
    return this.secondsLeft(row, limit, windowMs);
  }

  /** The key's count and when its window began, counting nothing; undefined when its window is over (or it has none). */
  async peek(key: string, windowMs: number): Promise<{ count: number; since: string } | undefined> {
    const row = await this.db.selectFrom('throttle').select(['window_start', 'count']).where('key', '=', key).executeTakeFirst();
    if (!row || Date.parse(row.window_start) + windowMs <= this.clock.now().getTime()) return undefined;
    return { count: Number(row.count), since: row.window_start };
  }

  /**
   * Counts one event and tells, in the same statement, whether the key is now over its limit:
   * returns 0 when the event is allowed, else the seconds until the window ends. Because the
   * check and the count are one atomic upsert, parallel requests cannot slip past the limit.
   */
  async hit(key: string, limit: number, windowMs: number): Promise<number> {
    const row = await this.bump(key, windowMs);
    return row.count > limit ? this.secondsLeft(row, limit, windowMs) : 0;
  }

  /** Counts one event in the key's window and answers the count so far, this one included. */
  async count(key: string, windowMs: number): Promise<number> {
    return (await this.bump(key, windowMs)).count;
  }

  private async bump(key: string, windowMs: number): Promise<{ window_start: string; count: number }> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const windowFloor = new Date(now.getTime() - windowMs).toISOString();
    return this.db
      .insertInto('throttle')
      .values({ key, window_start: nowIso, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          // Both expressions read the row's old values, on SQLite and PostgreSQL alike.
          window_start: eb
            .case()
            .when('throttle.window_start', '<=', windowFloor)
            .then(nowIso)
            .else(eb.ref('throttle.window_start'))
            .end(),
          count: eb
            .case()
            .when('throttle.window_start', '<=', windowFloor)
            .then(1)
            .else(eb('throttle.count', '+', 1))
            .end(),
        })),
      )
      .returning(['window_start', 'count'])
      .executeTakeFirstOrThrow();
  }

  async record(key: string, windowMs: number): Promise<void> {
    await this.hit(key, Number.MAX_SAFE_INTEGER, windowMs);
  }

  /** Gives back one counted event (never below zero). */
  async release(key: string): Promise<void> {
    await this.db
      .updateTable('throttle')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('throttle').where('key', '=', key).execute();
  }

  /** Counts one event against each key; throws 429 with Retry-After when any is over its limit. */
  async limit(checks: Array<{ key: string } & Limit>, message: (minutes: number) => string): Promise<void> {
    for (const check of checks) {
      const wait = await this.hit(check.key, check.limit, check.windowMs);
      if (wait > 0) throw tooManyRequests(message(Math.max(1, Math.ceil(wait / 60))), wait);
    }
  }

  private secondsLeft(row: { window_start: string; count: number }, limit: number, windowMs: number): number {
    const windowEnds = Date.parse(row.window_start) + windowMs;
    const now = this.clock.now().getTime();
    if (windowEnds <= now || row.count < limit) return 0;
    return Math.max(1, Math.ceil((windowEnds - now) / 1000));
  }
}
