import type { Selectable } from 'kysely';
import type { CampaignItemsTable, CampaignsTable } from '../../db/schema.js';
import type { Db } from './queries.js';

/** SQL of campaigns (migration 036): the campaigns, their items, the sale columns and the price history. */

export type CampaignRow = Selectable<CampaignsTable>;
export type CampaignItemRow = Selectable<CampaignItemsTable>;
export type NewCampaignItem = Omit<CampaignItemRow, 'id' | 'campaign_id' | 'position'>;

const normalise = (row: CampaignRow): CampaignRow => ({ ...row, active: Number(row.active), revision: Number(row.revision) });
const normaliseItem = (row: CampaignItemRow): CampaignItemRow => ({
  ...row,
  percent_off: row.percent_off === null ? null : Number(row.percent_off),
  sale_price_paisa: row.sale_price_paisa === null ? null : Number(row.sale_price_paisa),
});

export async function insertCampaign(
  db: Db,
  row: Pick<CampaignRow, 'name' | 'starts_at' | 'ends_at' | 'created_at' | 'updated_at'>,
): Promise<number> {
  const { id } = await db.insertInto('campaigns').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Changes a campaign and moves it to its next revision (jobs of the older one do nothing). */
export async function updateCampaign(
  db: Db,
  id: number,
  row: Partial<Pick<CampaignRow, 'name' | 'starts_at' | 'ends_at' | 'active' | 'ended_at' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('campaigns')
    .set((eb) => ({ ...row, revision: eb('revision', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function campaignById(db: Db, id: number): Promise<CampaignRow | undefined> {
  const row = await db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

/** The campaign, its row locked until the transaction ends (PostgreSQL; SQLite's writer is alone). */
export async function lockCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  const row = await db.selectFrom('campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && normalise(row);
}

export async function listCampaigns(db: Db): Promise<CampaignRow[]> {
  const rows = await db.selectFrom('campaigns').selectAll().orderBy('id', 'desc').limit(500).execute();
  return rows.map(normalise);
}

/** Campaigns running at `now`: active, started, not yet ended. */
export async function runningCampaigns(db: Db, now: string): Promise<CampaignRow[]> {
  const rows = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('active', '=', 1)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return rows.map(normalise);
}

export async function itemsOf(db: Db, campaignIds: number[]): Promise<Map<number, CampaignItemRow[]>> {
  const out = new Map<number, CampaignItemRow[]>(campaignIds.map((id) => [id, []]));
  if (campaignIds.length === 0) return out;
  const rows = await db
    .selectFrom('campaign_items')
    .selectAll()
    .where('campaign_id', 'in', campaignIds)
    .orderBy('campaign_id')
    .orderBy('position')
    .execute();
  for (const row of rows) out.get(row.campaign_id)?.push(normaliseItem(row));
  return out;
}

export async function setItems(db: Db, campaignId: number, items: NewCampaignItem[]): Promise<void> {
  await db.deleteFrom('campaign_items').where('campaign_id', '=', campaignId).execute();
  if (items.length === 0) return;
  await db
    .insertInto('campaign_items')
    .values(items.map((item, position) => ({ ...item, campaign_id: campaignId, position })))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Targets

export interface PricedRow {
  id: number;
  product_id: number;
  name: string;
  price_paisa: number;
}

/** Live products by id, with their regular price. */
export async function liveProducts(db: Db, ids: number[]): Promise<Map<number, PricedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'price_paisa'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, { ...row, product_id: row.id, price_paisa: Number(row.price_paisa) }]));
}

/** Variants still sold, of live products, by id: "Product — label" and their regular price. */
export async function liveVariants(db: Db, ids: number[]): Promise<Map<number, PricedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'p.name', 'v.label', 'v.price_paisa'])
    .where('v.id', 'in', ids)
    .where('v.archived_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, product_id: row.product_id, name: `${row.name} — ${row.label}`, price_paisa: Number(row.price_paisa) },
    ]),
  );
}

/** Live top-level categories by id, with their names. */
export async function liveCategories(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Live products of these top-level categories. */
export async function productsInCategories(db: Db, categoryIds: number[]): Promise<PricedRow[]> {
  if (categoryIds.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'price_paisa'])
    .where('category_id', 'in', categoryIds)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => ({ ...row, product_id: row.id, price_paisa: Number(row.price_paisa) }));
}

/** Variants still sold of these products. */
export async function variantsOfProducts(db: Db, productIds: number[]): Promise<PricedRow[]> {
  const out: PricedRow[] = [];
  for (let i = 0; i < productIds.length; i += 500) {
    const part = productIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'label as name', 'price_paisa'])
      .where('product_id', 'in', part)
      .where('archived_at', 'is', null)
      .execute();
    for (const row of rows) out.push({ ...row, price_paisa: Number(row.price_paisa) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The sale columns

export interface SaleState {
  sale_price_paisa: number;
  sale_reference_paisa: number;
  sale_ends_at: string;
  sale_campaign_id: number;
}

/** The rows that have a sale now, keyed 'p:<id>' (products) and 'v:<id>' (variants). */
export async function currentSales(db: Db): Promise<Map<string, SaleState>> {
  const out = new Map<string, SaleState>();
  const columns = ['id', 'sale_price_paisa', 'sale_reference_paisa', 'sale_ends_at', 'sale_campaign_id'] as const;
  const products = await db.selectFrom('products').select(columns).where('sale_campaign_id', 'is not', null).execute();
  const variants = await db.selectFrom('product_variants').select(columns).where('sale_campaign_id', 'is not', null).execute();
  for (const [prefix, rows] of [
    ['p', products],
    ['v', variants],
  ] as const) {
    for (const row of rows) {
      out.set(`${prefix}:${row.id}`, {
        sale_price_paisa: Number(row.sale_price_paisa),
        sale_reference_paisa: Number(row.sale_reference_paisa),
        sale_ends_at: row.sale_ends_at ?? '',
        sale_campaign_id: Number(row.sale_campaign_id),
      });
    }
  }
  return out;
}

/** Writes (or, with null, clears) the sale of one product ('p') or variant ('v'). */
export async function writeSale(db: Db, kind: 'p' | 'v', id: number, sale: SaleState | null): Promise<void> {
  const values = sale ?? { sale_price_paisa: null, sale_reference_paisa: null, sale_ends_at: null, sale_campaign_id: null };
  await db
    .updateTable(kind === 'p' ? 'products' : 'product_variants')
    .set(values)
    .where('id', '=', id)
    .execute();
}

/** The price history of these rows up to `until`, oldest first ([product, variant] pairs; variant 0: the product). */
export async function priceHistory(
  db: Db,
  productIds: number[],
  until: string,
): Promise<{ product_id: number; variant_id: number; price_paisa: number; recorded_at: string }[]> {
  const out: { product_id: number; variant_id: number; price_paisa: number; recorded_at: string }[] = [];
  for (let i = 0; i < productIds.length; i += 500) {
    const rows = await db
      .selectFrom('price_history')
      .select(['product_id', 'variant_id', 'price_paisa', 'recorded_at'])
      .where('product_id', 'in', productIds.slice(i, i + 500))
      .where('recorded_at', '<=', until)
      .orderBy('recorded_at')
      .orderBy('id')
      .execute();
    for (const row of rows) out.push({ ...row, price_paisa: Number(row.price_paisa) });
  }
  return out;
}
