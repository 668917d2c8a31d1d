import { formatPrice } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { PRICE_DROP_JOB } from '../../db/migrations/038_wishlist.js';
import { type JobHandler, PermanentJobError } from '../../jobs/queue.js';
import { isoNow } from '../../lib/clock.js';
import { configuredBase } from '../../lib/public-base.js';
import { priceDropMail } from './mail.js';
import * as q from './queries.js';
import type { AlertService } from './service.js';

interface PriceDropJob {
  productId: number;
  fromPaisa: number;
  toPaisa: number;
}

const BATCH = 200;
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

/** The day in Nepal (YYYY-MM-DD) of a moment: "one a day" counts Nepal's days. */
export function nepalDay(at: Date): string {
  return new Date(at.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The price-drop job, queued by the database when the price a shopper pays for a product falls
 * (migration 038). Each shopper with the product on their wishlist gets at most one price-drop
 * mail a Nepal day, whatever product dropped: the mail is queued only by the transaction that
 * wrote the shopper's alert_sends row for the day, so parallel drops (parallel jobs) send one.
 */
export function priceDropHandler(ctx: AppContext, alerts: AlertService): JobHandler<PriceDropJob> {
  return {
    kind: PRICE_DROP_JOB,
    maxAttempts: 5,
    retryDelayMs: (attempts) => 10_000 * attempts,
    timeoutMs: 120_000,
    parse: (payload) => {
      const value = payload as Partial<PriceDropJob> | null;
      const ok = [value?.productId, value?.fromPaisa, value?.toPaisa].every((n) => Number.isFinite(Number(n)));
      if (!ok) throw new PermanentJobError('a price-drop job needs productId, fromPaisa and toPaisa');
      return { productId: Number(value!.productId), fromPaisa: Number(value!.fromPaisa), toPaisa: Number(value!.toPaisa) };
    },
    run: async ({ productId, fromPaisa }) => {
      const product = await q.productPrices(ctx.db, productId);
      if (!product || product.deleted_at !== null) return;
      const price = Number(product.price_paisa);
      const sale = product.sale_price_paisa === null ? null : Number(product.sale_price_paisa);
      const paid = sale !== null && sale < price ? sale : price;
      // Risen again before the job ran: nothing dropped any more.
      if (paid >= fromPaisa) return;
      const base = configuredBase(ctx.config);
      const now = ctx.clock.now();
      const day = nepalDay(now);
      let after = 0;
      for (;;) {
        const rows = await q.wishlisters(ctx.db, productId, after, BATCH);
        for (const row of rows) {
          const userId = Number(row.user_id);
          const queued = await ctx.db.transaction().execute(async (trx) => {
            if (!(await q.claimSend(trx, userId, 'price-drop', day, isoNow(ctx.clock)))) return false;
            const message = priceDropMail({
              to: row.email ?? '',
              firstName: row.first_name,
              language: row.language,
              productName: product.name,
              wasRupees: formatPrice(fromPaisa / 100, row.language),
              nowRupees: formatPrice(paid / 100, row.language),
              productUrl: `${base}/products/${productId}`,
              unsubscribeUrl: alerts.links.url(userId, 'price-drop'),
            });
            await alerts.queueMail(trx, userId, 'price-drop', message);
            return true;
          });
          if (queued) ctx.jobs.wake();
        }
        if (rows.length < BATCH) return;
        after = Number(rows.at(-1)!.user_id);
      }
    },
  };
}
