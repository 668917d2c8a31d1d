import { z } from 'zod';

/**
 * Sale prices and campaigns (amounts in rupees, as everywhere in the API):
 *   POST /api/admin/campaigns           campaignInputSchema → 201 {campaign}
 *   GET  /api/admin/campaigns           → {campaigns}          (newest first)
 *   GET  /api/admin/campaigns/:id       → {campaign}
 *   PUT  /api/admin/campaigns/:id       campaignInputSchema → {campaign}   (not once it has ended)
 *   POST /api/admin/campaigns/:id/end   → {campaign}           (ends it now)
 * A campaign puts products, variants or top-level categories on sale from its start to its end,
 * each at a whole percent off (1–99) or a sale price (products and variants only) below the
 * regular price. Where campaigns overlap, the lowest price wins.
 *
 * The shopper sees a product's (and variant's) `sale` (saleSchema): what it costs now, and the
 * honest "was" price: the lowest regular price of the 30 days before the sale began. The saving
 * is measured from it; when it is not above the sale price, no saving is shown.
 */

export const CAMPAIGN_NAME_MAX = 80;
export const CAMPAIGN_ITEMS_MAX = 500;
/** The days before a sale whose lowest price is its "was" price. */
export const REFERENCE_DAYS = 30;

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Campaign name is required',
  nameTooLong: `Campaign name must be at most ${CAMPAIGN_NAME_MAX} characters`,
  dateRequired: 'Start and end are required',
  dateInvalid: 'Dates must be ISO 8601 date-times',
  endBeforeStart: 'The end must be after the start',
  endInPast: 'The end must be in the future',
  itemsRequired: 'Add at least one product, variant or category',
  itemsTooMany: `A campaign can have at most ${CAMPAIGN_ITEMS_MAX} items`,
  targetInvalid: 'Target must be product, variant or category',
  targetIdInvalid: 'Ids must be positive whole numbers',
  percentOrPrice: 'Give either a percent off or a sale price',
  percentInvalid: 'Percent off must be a whole number from 1 to 99',
  salePriceInvalid: 'Sale price must be rupees more than 0, with at most 2 decimal places',
  salePriceForCategory: 'A category takes a percent off, not a sale price',
  salePriceNotBelow: (regular: string) => `Sale price must be below the regular price (${regular})`,
  duplicateTarget: 'This item is in the campaign twice',
  unknownProduct: (id: number) => `Product ${id} does not exist`,
  unknownVariant: (id: number) => `Variant ${id} does not exist`,
  unknownCategory: (id: number) => `Category ${id} does not exist`,
  campaignIdInvalid: 'Campaign id must be a positive whole number',
  notFound: 'Campaign not found',
  alreadyEnded: 'This campaign has ended and can no longer be changed',
} as const;

export const CAMPAIGN_TARGETS = ['product', 'variant', 'category'] as const;
export type CampaignTarget = (typeof CAMPAIGN_TARGETS)[number];

const positiveId = z
  .number({ error: CAMPAIGN_MESSAGES.targetIdInvalid })
  .int(CAMPAIGN_MESSAGES.targetIdInvalid)
  .min(1, CAMPAIGN_MESSAGES.targetIdInvalid)
  .max(2 ** 31 - 1, CAMPAIGN_MESSAGES.targetIdInvalid);

/** An ISO 8601 date-time with its offset, kept as UTC ISO text. */
const instant = z
  .string({ error: CAMPAIGN_MESSAGES.dateRequired })
  .max(40, CAMPAIGN_MESSAGES.dateInvalid)
  .refine(
    (text) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && !Number.isNaN(Date.parse(text)),
    CAMPAIGN_MESSAGES.dateInvalid,
  )
  .transform((text) => new Date(text).toISOString());

export const campaignItemInputSchema = z
  .object({
    target: z.enum(CAMPAIGN_TARGETS, { error: CAMPAIGN_MESSAGES.targetInvalid }),
    id: positiveId,
    percentOff: z
      .number({ error: CAMPAIGN_MESSAGES.percentInvalid })
      .int(CAMPAIGN_MESSAGES.percentInvalid)
      .min(1, CAMPAIGN_MESSAGES.percentInvalid)
      .max(99, CAMPAIGN_MESSAGES.percentInvalid)
      .nullish(),
    salePrice: z
      .number({ error: CAMPAIGN_MESSAGES.salePriceInvalid })
      .gt(0, CAMPAIGN_MESSAGES.salePriceInvalid)
      .max(1e10, CAMPAIGN_MESSAGES.salePriceInvalid)
      .refine(
        (rupees) => Number.isInteger(Math.round(rupees * 100)) && Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6,
        CAMPAIGN_MESSAGES.salePriceInvalid,
      )
      .nullish(),
  })
  .superRefine((item, ctx) => {
    const hasPercent = item.percentOff !== undefined && item.percentOff !== null;
    const hasPrice = item.salePrice !== undefined && item.salePrice !== null;
    if (hasPercent === hasPrice)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: CAMPAIGN_MESSAGES.percentOrPrice });
    else if (hasPrice && item.target === 'category') {
      ctx.addIssue({ code: 'custom', path: ['salePrice'], message: CAMPAIGN_MESSAGES.salePriceForCategory });
    }
  })
  .transform((item) => ({
    target: item.target,
    id: item.id,
    percentOff: item.percentOff ?? null,
    salePrice: item.salePrice ?? null,
  }));
export type CampaignItemInput = z.output<typeof campaignItemInputSchema>;

/** Body of POST and PUT: the whole campaign. */
export const campaignInputSchema = z
  .object({
    name: z
      .string({ error: CAMPAIGN_MESSAGES.nameRequired })
      .trim()
      .min(1, CAMPAIGN_MESSAGES.nameRequired)
      .max(CAMPAIGN_NAME_MAX, CAMPAIGN_MESSAGES.nameTooLong),
    startsAt: instant,
    endsAt: instant,
    items: z
      .array(campaignItemInputSchema, { error: CAMPAIGN_MESSAGES.itemsRequired })
      .min(1, CAMPAIGN_MESSAGES.itemsRequired)
      .max(CAMPAIGN_ITEMS_MAX, CAMPAIGN_MESSAGES.itemsTooMany),
  })
  .superRefine((input, ctx) => {
    if (input.endsAt <= input.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: CAMPAIGN_MESSAGES.endBeforeStart });
    const seen = new Set<string>();
    input.items.forEach((item, index) => {
      const key = `${item.target}:${item.id}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['items', index, 'id'], message: CAMPAIGN_MESSAGES.duplicateTarget });
      seen.add(key);
    });
  });
export type CampaignInput = z.output<typeof campaignInputSchema>;
export type CampaignInputBody = z.input<typeof campaignInputSchema>;

export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignItemSchema = z.object({
  target: z.enum(CAMPAIGN_TARGETS),
  id: z.number(),
  /** The product's, variant's ("Product — 8 GB / Black") or category's name; null: since deleted. */
  name: z.string().nullable(),
  percentOff: z.number().nullable(),
  /** Rupees. */
  salePrice: z.number().nullable(),
});

export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** scheduled (before its start), running, ended (its end passed, or ended early). */
  status: z.enum(CAMPAIGN_STATUSES),
  /** Set when the admin ended it before its end. */
  endedAt: z.string().nullable(),
  items: z.array(campaignItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignResponseSchema = z.object({ campaign: campaignSchema });
export const campaignListResponseSchema = z.object({ campaigns: z.array(campaignSchema) });

/** The status of a campaign at `nowIso`. */
export function campaignStatus(row: { startsAt: string; endsAt: string; active: boolean }, nowIso: string): CampaignStatus {
  if (!row.active || nowIso >= row.endsAt) return 'ended';
  return nowIso >= row.startsAt ? 'running' : 'scheduled';
}

// ---------------------------------------------------------------------------------------------
// What the shopper sees

/**
 * A product's or variant's sale, null when it has none. Rupees. `wasPrice` and `percentOff` are
 * null when the lowest price of the 30 days before the sale began is not above the sale price: no
 * saving is shown then (the sale price is still what it costs).
 */
export const saleSchema = z.object({
  price: z.number(),
  wasPrice: z.number().nullable(),
  percentOff: z.number().nullable(),
  endsAt: z.string(),
  /** The lowest regular price of the 30 days before the sale began. */
  lowest30Days: z.number(),
});
export type Sale = z.infer<typeof saleSchema>;

/** The sale columns of a product or variant row (paisa). */
export interface SaleColumns {
  price_paisa: number | string;
  sale_price_paisa: number | string | null;
  sale_reference_paisa: number | string | null;
  sale_ends_at: string | null;
}

/** What a row's price is now, in paisa: its sale price when it has one below the regular price. */
export function effectivePaisa(row: SaleColumns): number {
  const regular = Number(row.price_paisa);
  const sale = row.sale_price_paisa === null ? null : Number(row.sale_price_paisa);
  return sale !== null && sale < regular ? sale : regular;
}

/** The sale block a row answers (null without a sale, or when its sale is no longer below the price). */
export function saleOf(row: SaleColumns): Sale | null {
  if (row.sale_price_paisa === null || row.sale_ends_at === null) return null;
  const sale = Number(row.sale_price_paisa);
  if (!(sale < Number(row.price_paisa))) return null;
  const reference = row.sale_reference_paisa === null ? Number(row.price_paisa) : Number(row.sale_reference_paisa);
  const honest = reference > sale;
  return {
    price: sale / 100,
    wasPrice: honest ? reference / 100 : null,
    // Rounded down: never more saving than is true.
    percentOff: honest ? Math.floor(((reference - sale) * 100) / reference) : null,
    endsAt: row.sale_ends_at,
    lowest30Days: reference / 100,
  };
}

/** A percent off a price in paisa: the saving rounded down to the paisa. */
export function percentOffPaisa(regularPaisa: number, percent: number): number {
  return regularPaisa - Math.floor((regularPaisa * percent) / 100);
}
