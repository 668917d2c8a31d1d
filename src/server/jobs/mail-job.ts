import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import type { Mailer, MailMessage } from '../lib/mail.js';
import { type ClaimedJob, type JobHandler, type JobQueue, PermanentJobError } from './queue.js';

/**
 * The outbox: every mail the shop sends is a 'mail' job, written in the transaction of the change
 * that causes it and sent by the worker. The payload is the finished mail (what was promised at
 * that moment) with a stable Message-ID. A mail holding a secret (a verification code) keeps its
 * body sealed with AES-256-GCM under a key derived from the server secret, so the jobs table
 * reveals no codes; recipient and subject stay readable for the admin panel.
 */

export const MAIL_JOB = 'mail';
const MAIL_TIMEOUT_MS = 15_000;
/** The first try of a mail someone waits for (a verification code). */
const WAITING_TIMEOUT_MS = 5_000;
/** 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h: about a day of retries, then failed. */
const RETRY_DELAYS_MS = [10, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800].map((s) => s * 1000);

const mailPayloadSchema = z.object({
  messageId: z.string().min(3),
  to: z.string().min(3),
  subject: z.string(),
  text: z.string().optional(),
  html: z.string().optional(),
  /** base64url(iv ‖ tag ‖ ciphertext) of {text, html}. */
  sealed: z.string().optional(),
});
type MailPayload = z.infer<typeof mailPayloadSchema>;

type Db = Kysely<Database> | Transaction<Database>;

export interface MailQueueOptions {
  /** Seal the body (it holds a code). */
  secret?: boolean;
  /** Replaces a queued mail of the same key (a new code voids the mail of the old one). */
  key?: string;
}

/** Writes and sends mail through the queue. */
export class MailOutbox {
  private readonly sealKey: Buffer;

  constructor(
    private readonly jobs: JobQueue,
    secret: string,
    private readonly domain: string,
  ) {
    this.sealKey = crypto.createHash('sha256').update(`mail-seal:${secret}`).digest();
  }

  /** The handler the worker runs for mail jobs. */
  handler(mailer: Mailer): JobHandler<MailMessage> {
    return {
      kind: MAIL_JOB,
      maxAttempts: RETRY_DELAYS_MS.length + 1,
      retryDelayMs: (attempts) => RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!,
      timeoutMs: MAIL_TIMEOUT_MS,
      parse: (payload) => this.open(payload),
      run: (message) => mailer.send(message),
    };
  }

  /**
   * Queues a mail in the caller's transaction; call jobs.wake() once it has committed. A shopper
   * with no address (an account made at checkout from a proved number, ADR 0054) is written to as
   * an empty one: nothing is queued, and the answer is 0, no job.
   */
  async queue(db: Db, message: MailMessage, options: MailQueueOptions = {}): Promise<number> {
    if (message.to.trim() === '') return 0;
    return this.jobs.enqueue(db, MAIL_JOB, this.payloadOf(message, options), this.enqueueOptions(message, options));
  }

  /** Queues a mail already taken by this process, to send at once while the shopper waits (see sendNow). */
  async queueClaimed(db: Db, message: MailMessage, options: MailQueueOptions = {}): Promise<ClaimedJob> {
    return this.jobs.enqueueClaimed(db, MAIL_JOB, this.payloadOf(message, options), this.enqueueOptions(message, options));
  }

  /**
   * Sends a claimed mail now; false when the mail server did not take it within a few seconds
   * (someone is waiting): the worker then retries it with the full timeout. A mail server that
   * took it late may get it twice, with the same Message-ID.
   */
  sendNow(job: ClaimedJob): Promise<boolean> {
    return this.jobs.runClaimed(job, WAITING_TIMEOUT_MS);
  }

  private enqueueOptions(message: MailMessage, options: MailQueueOptions) {
    return { summary: `${message.to}: ${message.subject}`, ...(options.key ? { key: options.key } : {}) };
  }

  private payloadOf(message: MailMessage, options: MailQueueOptions): MailPayload {
    const head = { messageId: message.messageId ?? this.newMessageId(), to: message.to, subject: message.subject };
    const body = { text: message.text, ...(message.html === undefined ? {} : { html: message.html }) };
    return options.secret ? { ...head, sealed: this.seal(JSON.stringify(body)) } : { ...head, ...body };
  }

  private open(payload: unknown): MailMessage {
    const parsed = mailPayloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('the mail payload is not a mail');
    const { messageId, to, subject, sealed } = parsed.data;
    let body: { text?: unknown; html?: unknown } = parsed.data;
    if (sealed !== undefined) {
      try {
        body = JSON.parse(this.unseal(sealed)) as typeof body;
      } catch {
        throw new PermanentJobError('the sealed mail cannot be opened (was the server secret changed?)');
      }
    }
    if (typeof body.text !== 'string') throw new PermanentJobError('the mail has no text');
    return { to, subject, messageId, text: body.text, ...(typeof body.html === 'string' ? { html: body.html } : {}) };
  }

  private newMessageId(): string {
    return `<${crypto.randomUUID()}@${this.domain}>`;
  }

  private seal(text: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.sealKey, iv);
    const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
  }

  private unseal(sealed: string): string {
    const data = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.sealKey, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** The domain of the sender's address (`Pasal <no-reply@pasal.com.np>` → pasal.com.np), for Message-IDs. */
export function mailDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'pasal.local';
}
