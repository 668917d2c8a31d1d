import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { MailOutbox } from '../../jobs/mail-job.js';
import { type JobHandler, type JobQueue, PermanentJobError } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { nepaliDay } from './day.js';
import { Sealer } from '../../lib/seal.js';
import type { SmsConfig } from '../../lib/sms-settings.js';
import { type SmsKind, fitSms, maskPhone, nepaliMobile } from '../../../shared/sms.js';
import type { SmsTransport } from './clients.js';
import * as q from './queries.js';

/**
 * The one way a text leaves the shop (ADR 0046). Other features call
 *
 *   ctx.sms.queue(db | trx, { to, kind, text, userId? })
 *     → { queued: true, id } | { queued: false, reason: 'not-mobile' | 'number-limit' | 'daily-cap' | 'opted-out' }
 *
 * in the transaction of the change that causes the text (the job exists exactly when the change
 * does), then ctx.jobs.wake() once it has committed. Given the Kysely instance instead of a
 * transaction, it opens its own. The contract:
 *
 * - `to` as typed ('+977 ९८४१…' is fine); only a Nepali mobile number (10 digits, 97/98) is texted,
 *   anything else is 'not-mobile' and nothing is written.
 * - kind 'code' (a one-time code): at most CODES_PER_HOUR an hour and CODES_PER_DAY a day to one
 *   number, counted over the texts already queued with the number's row locked, so parallel
 *   requests and other processes cannot pass it: 'number-limit'. The admin's test texts count
 *   with the codes (nobody may pump one number, not even from the panel). Its text is sealed in the job
 *   and never logged nor stored in the log table. Retried for a few minutes only (a code is
 *   short-lived); the other kinds for about a day.
 * - kind 'order' with a userId: 'opted-out' when that shopper turned order texts off.
 * - every kind counts against the shop-wide SMS_DAILY_LIMIT of one Nepal day (one conditional
 *   UPDATE): 'daily-cap' once it is reached (the caller sends the code by mail only); the first
 *   refusal of the day mails the shop's address, and the admin's SMS page says so.
 * - the text is cut to SMS_MAX_SEGMENTS segments (shared/sms.ts fitSms), never refused.
 * - never throws for any of the above; throws only when the database does.
 *
 * ctx.sms.queueLater(trx, input) writes one job and nothing else, for a busy transaction (a
 * checkout) that should not wait on the day's counter row: the job applies the rules above in a
 * transaction of its own moments later. Its outcome is not answered (order texts need none).
 */

export const SMS_JOB = 'sms';
export const SMS_CODE_JOB = 'sms-code';
export const SMS_LATER_JOB = 'sms-later';
export const CODES_PER_HOUR = 3;
export const CODES_PER_DAY = 10;
/** The kinds the per-number limits count, together. */
const LIMITED_KINDS: readonly SmsKind[] = ['code', 'test'];

const HOUR_MS = 60 * 60 * 1000;
/** 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h: about a day, then failed. */
const RETRY_DELAYS_MS = [10, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800].map((s) => s * 1000);
/** A code is good for 10 minutes: 10 s, 30 s, 1 min, 2 min, then failed (the shopper asks again). */
const CODE_RETRY_DELAYS_MS = [10, 30, 60, 120].map((s) => s * 1000);

export interface SmsInput {
  to: string;
  kind: SmsKind;
  text: string;
  /** The shopper the text is for, when there is one (their opt-outs apply). */
  userId?: number;
}

export type SmsQueueResult =
  | { queued: true; id: number }
  | { queued: false; reason: 'not-mobile' | 'number-limit' | 'daily-cap' | 'opted-out' };

type Db = Kysely<Database> | Transaction<Database>;

const payloadSchema = z.object({
  id: z.number().int(),
  to: z.string().regex(/^\d{10}$/),
  text: z.string().optional(),
  sealed: z.string().optional(),
});
type SmsPayload = { id: number; to: string; text: string };
const laterSchema = z.object({
  to: z.string().regex(/^\d{10}$/),
  kind: z.enum(['order', 'test']),
  text: z.string().min(1),
  userId: z.number().int().optional(),
});

export class SmsSender {
  private readonly sealer: Sealer;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      jobs: JobQueue;
      outbox: MailOutbox;
      clock: Clock;
      config: SmsConfig;
      transport: SmsTransport;
      secret: string;
      /** Where the admin is told that the day's cap was reached. */
      adminEmail: string;
    },
  ) {
    this.sealer = new Sealer('sms-seal', deps.secret);
  }

  get providerName(): SmsTransport['name'] {
    return this.deps.transport.name;
  }

  get dailyLimit(): number {
    return this.deps.config.dailyLimit;
  }

  /** See the contract at the top of this file. */
  async queue(db: Db, input: SmsInput): Promise<SmsQueueResult> {
    const phone = nepaliMobile(input.to);
    if (!phone) return { queued: false, reason: 'not-mobile' };
    if (!db.isTransaction) return db.transaction().execute((trx) => this.queueIn(trx, phone, input));
    return this.queueIn(db, phone, input);
  }

  private async queueIn(db: Db, phone: string, input: SmsInput): Promise<SmsQueueResult> {
    const { clock, config, jobs } = this.deps;
    const now = clock.now();
    const iso = now.toISOString();
    if (input.userId !== undefined && input.kind === 'order' && (await q.optedOut(db, input.userId, 'order'))) {
      return { queued: false, reason: 'opted-out' };
    }
    if (LIMITED_KINDS.includes(input.kind)) {
      await q.lockNumber(db, phone, iso);
      const sent = await q.countSince(db, phone, LIMITED_KINDS, new Date(now.getTime() - HOUR_MS).toISOString(), new Date(now.getTime() - 24 * HOUR_MS).toISOString());
      if (sent.hour >= CODES_PER_HOUR || sent.day >= CODES_PER_DAY) return { queued: false, reason: 'number-limit' };
    }
    const day = nepaliDay(now);
    if (!(await q.takeDaySlot(db, day, config.dailyLimit))) {
      if (await q.markCapTold(db, day, iso)) await this.tellAdmin(db, day);
      return { queued: false, reason: 'daily-cap' };
    }
    const fitted = fitSms(input.text);
    const id = await q.insertMessage(db, {
      phone,
      kind: input.kind,
      segments: fitted.segments,
      encoding: fitted.encoding,
      userId: input.userId ?? null,
      day,
      now: iso,
    });
    const code = input.kind === 'code';
    const payload = code ? { id, to: phone, sealed: this.sealer.seal(fitted.text) } : { id, to: phone, text: fitted.text };
    const jobId = await jobs.enqueue(db, code ? SMS_CODE_JOB : SMS_JOB, payload, { summary: `SMS ${input.kind} to ${maskPhone(phone)}` });
    await q.setJob(db, id, jobId);
    return { queued: true, id };
  }

  /** See the contract at the top of this file. Not for codes (their limits must answer at once). */
  async queueLater(db: Db, input: SmsInput & { kind: 'order' | 'test' }): Promise<void> {
    const to = nepaliMobile(input.to);
    if (!to) return;
    await this.deps.jobs.enqueue(db, SMS_LATER_JOB, { ...input, to }, { summary: `SMS ${input.kind} to ${maskPhone(to)}` });
  }

  /** The job of queueLater: the limits and the day's cap, then the text's own job. */
  laterHandler(): JobHandler<SmsInput> {
    return {
      kind: SMS_LATER_JOB,
      maxAttempts: 5,
      retryDelayMs: (attempts) => 10_000 * attempts,
      timeoutMs: 30_000,
      parse: (payload) => {
        const parsed = laterSchema.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError('the payload is not a text to queue');
        return parsed.data;
      },
      run: async (input) => {
        const result = await this.queue(this.deps.db, input);
        if (result.queued) this.deps.jobs.wake();
      },
    };
  }

  /** The handlers the worker runs: order texts and the like, and codes (quick retries, then given up). */
  handlers(): Array<JobHandler<SmsPayload>> {
    const timeoutMs = this.deps.config.timeoutMs + 1_000;
    const handler = (kind: string, delays: number[]): JobHandler<SmsPayload> => ({
      kind,
      maxAttempts: delays.length + 1,
      retryDelayMs: (attempts) => delays[Math.min(attempts, delays.length) - 1] ?? delays[0]!,
      timeoutMs,
      parse: (payload) => this.open(payload),
      run: (sms, signal) => this.send(sms, signal),
    });
    return [handler(SMS_JOB, RETRY_DELAYS_MS), handler(SMS_CODE_JOB, CODE_RETRY_DELAYS_MS)];
  }

  private async send(sms: SmsPayload, signal: AbortSignal): Promise<void> {
    const { db, clock, transport } = this.deps;
    const status = await q.messageStatus(db, sms.id);
    // Sent before a crash cut the job short, or called invalid: never a second text.
    if (status === 'sent' || status === 'invalid') return;
    const outcome = await transport.send(sms.to, sms.text, signal);
    await q.markOutcome(db, sms.id, outcome, isoNow(clock));
    if (outcome === 'invalid') throw new PermanentJobError(`the gateway called ${maskPhone(sms.to)} invalid`);
  }

  private open(payload: unknown): SmsPayload {
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('the SMS payload is not a text');
    const { id, to, text, sealed } = parsed.data;
    if (sealed !== undefined) {
      try {
        return { id, to, text: this.sealer.open(sealed) };
      } catch {
        throw new PermanentJobError('the sealed text cannot be opened (was the server secret changed?)');
      }
    }
    if (text === undefined) throw new PermanentJobError('the SMS has no text');
    return { id, to, text };
  }

  private async tellAdmin(db: Db, day: string): Promise<void> {
    const limit = this.deps.config.dailyLimit;
    await this.deps.outbox.queue(db, {
      to: this.deps.adminEmail,
      subject: `SMS limit reached for ${day} / आजको SMS सीमा पुग्यो`,
      text:
        `The shop has sent its ${limit} texts for today (${day}, Nepal time), the limit set by SMS_DAILY_LIMIT. ` +
        'Until midnight, codes go by email only and order updates are not texted. The admin panel (SMS) shows the log.\n\n' +
        `आज (${day}) पसलले तोकिएको ${limit} वटा SMS पठाइसक्यो (SMS_DAILY_LIMIT)। मध्यरातसम्म कोडहरू इमेलबाट मात्र जान्छन् र अर्डरका SMS पठाइँदैनन्। एड्मिन प्यानलको SMS पृष्ठमा विवरण छ।`,
    });
  }
}

/** The same as ctx.sms.queue: for a feature that holds the context rather than the sender. */
export function queueSms(ctx: { sms: SmsSender }, db: Db, input: SmsInput): Promise<SmsQueueResult> {
  return ctx.sms.queue(db, input);
}
