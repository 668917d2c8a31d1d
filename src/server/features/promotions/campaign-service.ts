import type { FastifyBaseLogger } from 'fastify';
import type { AuditValue } from '../../../shared/audit.js';
import {
  CAMPAIGN_MESSAGES,
  type Campaign,
  type CampaignInput,
  type CampaignItemInput,
  campaignStatus,
} from '../../../shared/campaigns.js';
import { formatPaisa, toPaisa } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { type JobHandler, PermanentJobError } from '../../jobs/queue.js';
import { isoNow } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { type Actor, changedFields, recordAudit } from '../audit/service.js';
import { validationFailed } from '../catalog/product-input.js';
import * as cq from './campaign-queries.js';
import { materialiseSales } from './campaign-prices.js';
import type { Db } from './queries.js';

export const CAMPAIGN_JOB = 'campaign.apply';

interface CampaignJob {
  campaignId: number;
  revision: number;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Campaigns: the admin's writes (each audited in its transaction) and the jobs that start and end
 * them. Each write moves the campaign to a new revision and schedules one job at its start and one
 * at its end (keyed per campaign, so a new schedule replaces the queued one); a job of an older
 * revision does nothing. A write that touches a campaign running now (or one that was) writes the
 * sales at once, in its own transaction.
 */
export class CampaignService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<Campaign[]> {
    const rows = await cq.listCampaigns(this.ctx.db);
    return this.answer(this.ctx.db, rows);
  }

  async get(id: number): Promise<Campaign> {
    const row = await cq.campaignById(this.ctx.db, id);
    if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
    return (await this.answer(this.ctx.db, [row]))[0]!;
  }

  async create(actor: Actor, input: CampaignInput): Promise<Campaign> {
    const now = isoNow(this.ctx.clock);
    const campaign = await this.ctx.db.transaction().execute(async (trx) => {
      checkFuture(input, now);
      const rows = await this.checkItems(trx, input.items);
      const id = await cq.insertCampaign(trx, {
        name: input.name,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        created_at: now,
        updated_at: now,
      });
      await cq.setItems(trx, id, rows);
      const row = (await cq.campaignById(trx, id))!;
      await this.schedule(trx, row, now);
      if (isRunning(row, now)) await materialiseSales(trx, now);
      const after = (await this.answer(trx, [row]))[0]!;
      await recordCampaignAudit(trx, actor, 'campaign.create', null, after, now);
      return after;
    });
    this.ctx.jobs.wake();
    return campaign;
  }

  /** The whole campaign again; 409 once it has ended. */
  async edit(actor: Actor, id: number, input: CampaignInput): Promise<Campaign> {
    const now = isoNow(this.ctx.clock);
    const campaign = await this.ctx.db.transaction().execute(async (trx) => {
      const before = await this.lockOpen(trx, id, now);
      const beforeView = (await this.answer(trx, [before]))[0]!;
      checkFuture(input, now);
      const rows = await this.checkItems(trx, input.items);
      await cq.updateCampaign(trx, id, { name: input.name, starts_at: input.startsAt, ends_at: input.endsAt, updated_at: now });
      await cq.setItems(trx, id, rows);
      const row = (await cq.campaignById(trx, id))!;
      await this.schedule(trx, row, now);
      if (isRunning(before, now) || isRunning(row, now)) await materialiseSales(trx, now);
      const after = (await this.answer(trx, [row]))[0]!;
      await recordCampaignAudit(trx, actor, 'campaign.update', beforeView, after, now);
      return after;
    });
    this.ctx.jobs.wake();
    return campaign;
  }

  /** Ends a campaign now (before its end): its prices go back at once and its jobs are dropped. */
  async end(actor: Actor, id: number): Promise<Campaign> {
    const now = isoNow(this.ctx.clock);
    return this.ctx.db.transaction().execute(async (trx) => {
      const before = await this.lockOpen(trx, id, now);
      const beforeView = (await this.answer(trx, [before]))[0]!;
      await cq.updateCampaign(trx, id, { active: 0, ended_at: now, updated_at: now });
      await this.ctx.jobs.cancelQueued(trx, jobKey(id, 'start'));
      await this.ctx.jobs.cancelQueued(trx, jobKey(id, 'end'));
      if (isRunning(before, now)) await materialiseSales(trx, now);
      const after = (await this.answer(trx, [(await cq.campaignById(trx, id))!]))[0]!;
      await recordCampaignAudit(trx, actor, 'campaign.end', beforeView, after, now);
      return after;
    });
  }

  /** The job that starts and ends campaigns: writes the sales as they are now, unless it is stale. */
  handler(log: Log): JobHandler<CampaignJob> {
    return {
      kind: CAMPAIGN_JOB,
      maxAttempts: 20,
      retryDelayMs: (attempts) => Math.min(5_000 * 2 ** (attempts - 1), 10 * 60_000),
      timeoutMs: 120_000,
      parse: (payload) => {
        const value = payload as Partial<CampaignJob> | null;
        if (!Number.isInteger(value?.campaignId) || !Number.isInteger(value?.revision)) {
          throw new PermanentJobError('a campaign job needs a campaignId and a revision');
        }
        return { campaignId: value!.campaignId!, revision: value!.revision! };
      },
      run: async ({ campaignId, revision }) => {
        const result = await this.ctx.db.transaction().execute(async (trx) => {
          const row = await cq.lockCampaign(trx, campaignId);
          // Changed or ended since this job was scheduled: the newer schedule does the work.
          if (!row || row.revision !== revision) return undefined;
          return materialiseSales(trx, isoNow(this.ctx.clock));
        });
        if (result) log.info({ campaignId, rows: result.changed }, 'campaign prices written');
      },
    };
  }

  // -------------------------------------------------------------------------------------------

  /** The campaign locked, 404 when unknown, 409 once it has ended. */
  private async lockOpen(trx: Db, id: number, now: string): Promise<cq.CampaignRow> {
    const row = await cq.lockCampaign(trx, id);
    if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
    if (row.active !== 1 || row.ends_at <= now) throw conflict(CAMPAIGN_MESSAGES.alreadyEnded);
    return row;
  }

  /** A job at the start (when still to come) and one at the end, replacing those queued before. */
  private async schedule(trx: Db, row: cq.CampaignRow, now: string): Promise<void> {
    const payload: CampaignJob = { campaignId: row.id, revision: row.revision };
    const nowMs = Date.parse(now);
    for (const [moment, at] of [
      ['start', row.starts_at],
      ['end', row.ends_at],
    ] as const) {
      const delayMs = Date.parse(at) - nowMs;
      if (delayMs <= 0) {
        await this.ctx.jobs.cancelQueued(trx, jobKey(row.id, moment));
        continue;
      }
      await this.ctx.jobs.enqueue(trx, CAMPAIGN_JOB, payload, {
        key: jobKey(row.id, moment),
        summary: `Campaign ${row.id}: ${moment}`,
        delayMs,
      });
    }
  }

  /** Each item names a live product, variant or category, and a sale price is below its regular price; 400 per item. */
  private async checkItems(db: Db, items: CampaignItemInput[]): Promise<cq.NewCampaignItem[]> {
    const idsOf = (target: CampaignItemInput['target']) => items.filter((item) => item.target === target).map((item) => item.id);
    const products = await cq.liveProducts(db, idsOf('product'));
    const variants = await cq.liveVariants(db, idsOf('variant'));
    const categories = await cq.liveCategories(db, idsOf('category'));
    const fields: Record<string, string> = {};
    items.forEach((item, index) => {
      const priced =
        item.target === 'product' ? products.get(item.id) : item.target === 'variant' ? variants.get(item.id) : undefined;
      if (item.target === 'category' ? !categories.has(item.id) : !priced) {
        const message =
          item.target === 'product'
            ? CAMPAIGN_MESSAGES.unknownProduct(item.id)
            : item.target === 'variant'
              ? CAMPAIGN_MESSAGES.unknownVariant(item.id)
              : CAMPAIGN_MESSAGES.unknownCategory(item.id);
        fields[`items.${index}.id`] = message;
      } else if (priced && item.salePrice !== null && toPaisa(item.salePrice) >= priced.price_paisa) {
        fields[`items.${index}.salePrice`] = CAMPAIGN_MESSAGES.salePriceNotBelow(formatPaisa(priced.price_paisa));
      }
    });
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
    return items.map((item) => ({
      target_type: item.target,
      target_id: item.id,
      percent_off: item.percentOff,
      sale_price_paisa: item.salePrice === null ? null : toPaisa(item.salePrice),
    }));
  }

  private async answer(db: Db, rows: cq.CampaignRow[]): Promise<Campaign[]> {
    const now = isoNow(this.ctx.clock);
    const items = await cq.itemsOf(
      db,
      rows.map((row) => row.id),
    );
    const all = [...items.values()].flat();
    const idsOf = (target: string) => all.filter((item) => item.target_type === target).map((item) => item.target_id);
    const [products, variants, categories] = await Promise.all([
      cq.liveProducts(db, idsOf('product')),
      cq.liveVariants(db, idsOf('variant')),
      cq.liveCategories(db, idsOf('category')),
    ]);
    const nameOf = (item: cq.CampaignItemRow): string | null =>
      item.target_type === 'product'
        ? (products.get(item.target_id)?.name ?? null)
        : item.target_type === 'variant'
          ? (variants.get(item.target_id)?.name ?? null)
          : (categories.get(item.target_id) ?? null);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      status: campaignStatus({ startsAt: row.starts_at, endsAt: row.ends_at, active: row.active === 1 }, now),
      endedAt: row.ended_at,
      items: (items.get(row.id) ?? []).map((item) => ({
        target: item.target_type,
        id: item.target_id,
        name: nameOf(item),
        percentOff: item.percent_off,
        salePrice: item.sale_price_paisa === null ? null : item.sale_price_paisa / 100,
      })),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}

/** A campaign written ends in the future (ending one now is POST /:id/end). */
function checkFuture(input: CampaignInput, now: string): void {
  if (input.endsAt <= now) throw validationFailed({ endsAt: CAMPAIGN_MESSAGES.endInPast });
}

const jobKey = (id: number, moment: 'start' | 'end') => `campaign:${id}:${moment}`;

const isRunning = (row: cq.CampaignRow, now: string) => row.active === 1 && row.starts_at <= now && now < row.ends_at;

/** What the audit log keeps of a campaign: its name, window, state and items as one line each. */
function auditView(campaign: Campaign): Record<string, AuditValue> {
  return {
    name: campaign.name,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    endedAt: campaign.endedAt,
    items: campaign.items
      .map((item) => `${item.target} ${item.id}: ${item.percentOff !== null ? `${item.percentOff}%` : `Rs. ${item.salePrice}`}`)
      .join('; '),
  };
}

/** The audit entry of a campaign written by an admin: what changed from `before` (nothing, when new) to `after`. */
async function recordCampaignAudit(
  trx: Db,
  actor: Actor,
  action: 'campaign.create' | 'campaign.update' | 'campaign.end',
  before: Campaign | null,
  after: Campaign,
  at: string,
): Promise<void> {
  await recordAudit(trx, {
    adminId: actor.adminId,
    action,
    entityType: 'campaign',
    entityId: after.id,
    summary: after.name,
    changes: changedFields(before ? auditView(before) : {}, auditView(after)),
    at,
  });
}
