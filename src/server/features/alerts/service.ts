import crypto from 'node:crypto';
import { z } from 'zod';
import { ALERT_KINDS, type AlertKind, type AlertSettings, NOTIFY_ME_MESSAGES, SETTING_OF_KIND } from '../../../shared/alerts.js';
import type { AppContext } from '../../context.js';
import { STOCK_ALERT_JOB } from '../../db/migrations/038_wishlist.js';
import { mailDomain } from '../../jobs/mail-job.js';
import { type JobHandler, PermanentJobError } from '../../jobs/queue.js';
import { isoNow } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { MailMessage } from '../../lib/mail.js';
import { configuredBase } from '../../lib/public-base.js';
import { backInStockMail } from './mail.js';
import * as q from './queries.js';
import { UnsubscribeLinks } from './unsubscribe.js';

/** An alert mail: sent by its own job, which looks at the shopper's choice when it runs. */
export const ALERT_MAIL_JOB = 'alert-mail';
/** Requests mailed per transaction of a stock-alert job. */
const BATCH = 200;
const RETRY_DELAYS_MS = [10, 30, 120, 600, 1_800, 3_600, 7_200].map((s) => s * 1000);

const alertMailSchema = z.object({
  userId: z.number(),
  kind: z.enum(ALERT_KINDS),
  message: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    messageId: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
});
type AlertMail = z.infer<typeof alertMailSchema>;

/**
 * "Notify me" and the shopper's choice of alert mails. A request for a sold-out item waits in
 * stock_alerts; the database queues a stock-alert job when the item is back in stock (migration
 * 038's triggers, whatever write did it), and that job queues one alert mail per waiting shopper
 * and ends their request. An alert mail is its own job kind so that a shopper who unsubscribed
 * after it was queued gets nothing: the choice is read again when the job runs.
 */
export class AlertService {
  readonly links: UnsubscribeLinks;
  readonly db: AppContext['db'];

  constructor(private readonly ctx: AppContext) {
    this.db = ctx.db;
    this.links = new UnsubscribeLinks(ctx.otpKey, configuredBase(ctx.config));
  }

  /**
   * Asks for one mail when a sold-out product (or its variant) is back; true when newly asked.
   * The item's row is locked while the stock is read and the request written, so a restock in
   * between either comes first (409) or waits and then finds the request (its trigger queues it).
   */
  async notifyMe(userId: number, productId: number, variantId?: number): Promise<boolean> {
    const now = isoNow(this.ctx.clock);
    return this.ctx.db.transaction().execute(async (trx) => {
      const product = await q.liveProduct(trx, productId, true);
      if (!product || product.deleted_at !== null) throw notFound(NOTIFY_ME_MESSAGES.productNotFound);
      let stock = product.stock;
      if (Number(product.variant_count) > 0) {
        if (variantId === undefined) {
          throw badRequest(NOTIFY_ME_MESSAGES.chooseVariant, { variantId: NOTIFY_ME_MESSAGES.chooseVariant });
        }
        const variant = await q.variantOf(trx, variantId, true);
        if (!variant || variant.product_id !== productId || variant.archived_at !== null) {
          throw notFound(NOTIFY_ME_MESSAGES.variantNotFound);
        }
        stock = variant.stock;
      } else if (variantId !== undefined) {
        throw badRequest(NOTIFY_ME_MESSAGES.noVariants, { variantId: NOTIFY_ME_MESSAGES.noVariants });
      }
      if (stock === null || Number(stock) > 0) throw conflict(NOTIFY_ME_MESSAGES.inStock);
      return q.insertStockAlert(trx, userId, productId, variantId ?? 0, now);
    });
  }

  async settings(userId: number): Promise<AlertSettings> {
    const off = new Set(await q.optedOutKinds(this.ctx.db, userId));
    return { backInStock: !off.has('back-in-stock'), priceDrop: !off.has('price-drop'), cartReminder: !off.has('cart-reminder') };
  }

  async saveSettings(userId: number, settings: AlertSettings): Promise<AlertSettings> {
    const now = isoNow(this.ctx.clock);
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const kind of ALERT_KINDS) {
        if (settings[SETTING_OF_KIND[kind]]) await q.optIn(trx, userId, kind);
        else await q.optOut(trx, userId, kind, now);
      }
    });
    return this.settings(userId);
  }

  async unsubscribe(userId: number, kind: AlertKind): Promise<void> {
    if (await q.userLanguage(this.ctx.db, userId)) await q.optOut(this.ctx.db, userId, kind, isoNow(this.ctx.clock));
  }

  /** The stock-alert job: mails the shoppers waiting for an item that is in stock now. */
  stockAlertHandler(): JobHandler<{ productId: number; variantId: number }> {
    return {
      kind: STOCK_ALERT_JOB,
      maxAttempts: 5,
      retryDelayMs: (attempts) => 10_000 * attempts,
      timeoutMs: 120_000,
      parse: (payload) => {
        const value = payload as { productId?: unknown; variantId?: unknown };
        if (!Number.isInteger(value?.productId) || !Number.isInteger(value?.variantId)) {
          throw new PermanentJobError('a stock-alert job needs a productId and a variantId');
        }
        return { productId: value.productId as number, variantId: value.variantId as number };
      },
      run: async ({ productId, variantId }) => {
        for (;;) {
          const mailed = await this.ctx.db.transaction().execute((trx) => this.mailBatch(trx, productId, variantId));
          if (mailed > 0) this.ctx.jobs.wake();
          if (mailed < BATCH) return;
        }
      },
    };
  }

  private async mailBatch(trx: q.Db, productId: number, variantId: number): Promise<number> {
    const product = await q.liveProduct(trx, productId);
    if (!product || product.deleted_at !== null) return 0;
    let stock = product.stock;
    let label: string | null = null;
    if (variantId !== 0) {
      const variant = await q.variantOf(trx, variantId);
      if (!variant || variant.archived_at !== null) return 0;
      stock = variant.stock;
      label = variant.label;
    }
    // Sold out again before the job ran: the requests wait for the next time.
    if (stock !== null && Number(stock) <= 0) return 0;
    const rows = await q.waiting(trx, productId, variantId, BATCH);
    const base = configuredBase(this.ctx.config);
    for (const row of rows) {
      const userId = Number(row.user_id);
      const message = backInStockMail({
        to: row.email ?? '',
        firstName: row.first_name,
        language: row.language,
        productName: product.name,
        variantLabel: label,
        productUrl: `${base}/products/${productId}`,
        unsubscribeUrl: this.links.url(userId, 'back-in-stock'),
      });
      await this.queueMail(trx, userId, 'back-in-stock', message);
    }
    await q.deleteStockAlerts(
      trx,
      rows.map((row) => row.id),
    );
    return rows.length;
  }

  /** Queues an alert mail in the caller's transaction. */
  async queueMail(db: q.Db, userId: number, kind: AlertKind, message: MailMessage): Promise<void> {
    const payload: AlertMail = {
      userId,
      kind,
      message: {
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        messageId: `<${crypto.randomUUID()}@${mailDomain(this.ctx.config.mailFrom)}>`,
        headers: message.headers ?? {},
      },
    };
    await this.ctx.jobs.enqueue(db, ALERT_MAIL_JOB, payload, { summary: `${message.to}: ${message.subject}` });
  }

  /** Sends an alert mail unless the shopper turned its kind off meanwhile. */
  alertMailHandler(): JobHandler<AlertMail> {
    return {
      kind: ALERT_MAIL_JOB,
      maxAttempts: RETRY_DELAYS_MS.length + 1,
      retryDelayMs: (attempts) => RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!,
      timeoutMs: 15_000,
      parse: (payload) => {
        const parsed = alertMailSchema.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError('the alert mail payload is not an alert mail');
        return parsed.data;
      },
      run: async ({ userId, kind, message }) => {
        if (await q.isOptedOut(this.ctx.db, userId, kind)) return;
        await this.ctx.mailer.send(message);
      },
    };
  }
}
