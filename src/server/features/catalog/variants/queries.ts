import { sql } from 'kysely';
import { PreparedQuery, type SnapshotReader } from '../../../db/client.js';
import type { Db } from '../queries.js';

const optionsQuery = (db: Db, productId: number) =>
  db.selectFrom('product_options').select(['position', 'name', 'values']).where('product_id', '=', productId).orderBy('position');

const liveVariantsQuery = (db: Db, productId: number) =>
  db
    .selectFrom('product_variants')
    .select(['id', 'sku', 'option1', 'option2', 'option3', 'label', 'price_paisa', 'stock', 'images', 'sale_price_paisa', 'sale_reference_paisa', 'sale_ends_at'])
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id');

// Read with every product's page: compiled once (PreparedQuery, db/client.ts).
const preparedOptions = new PreparedQuery<Awaited<ReturnType<ReturnType<typeof optionsQuery>['execute']>>[number], [productId: number]>(
  'variant-options',
  (db, $) => optionsQuery(db, $(0)),
);
const preparedLiveVariants = new PreparedQuery<
  Awaited<ReturnType<ReturnType<typeof liveVariantsQuery>['execute']>>[number],
  [productId: number]
>('live-variants', (db, $) => liveVariantsQuery(db, $(0)));

/** A product's options, in position order. */
export function optionsOf(db: Db, productId: number) {
  return preparedOptions.rows(db, productId);
}

/** A product's live variants, in the owner's order; with `lock`, locked until the transaction ends. */
export function liveVariantsOf(db: Db, productId: number, { lock = false } = {}) {
  return lock ? liveVariantsQuery(db, productId).forUpdate().execute() : preparedLiveVariants.rows(db, productId);
}

/** SQLite: optionsOf and liveVariantsOf at once, on the snapshot reader (inside its read()). */
export function optionsNow(reader: SnapshotReader, productId: number) {
  return preparedOptions.rowsNow(reader, productId);
}

export function liveVariantsNow(reader: SnapshotReader, productId: number) {
  return preparedLiveVariants.rowsNow(reader, productId);
}
export type VariantRow = Awaited<ReturnType<typeof liveVariantsOf>>[number];

// ---------------------------------------------------------------------------------------------
// The owner's write (service.ts). Its transaction locks the product row first, then the product's
// live variants: every writer of a product's variants and sums takes them in that order.

/** The live product whose variants are written, locked until the transaction ends. */
export function lockLiveProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'price_paisa', 'stock', 'variant_count'])
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** How many live variants a live product has (its maintained count). */
export async function variantCountOf(db: Db, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('variant_count').where('id', '=', productId).executeTakeFirst();
  return Number(row?.variant_count ?? 0);
}

/** The product's options replaced by these, in order (options are read only with their product). */
export async function replaceOptions(db: Db, productId: number, options: { name: string; values: string[] }[]): Promise<void> {
  await db.deleteFrom('product_options').where('product_id', '=', productId).execute();
  if (options.length === 0) return;
  await db
    .insertInto('product_options')
    .values(
      options.map((option, index) => ({
        product_id: productId,
        position: index + 1,
        name: option.name,
        values: JSON.stringify(option.values),
      })),
    )
    .execute();
}

/** A variant's stored fields as the owner last set them. */
export interface VariantFields {
  position: number;
  option1: string;
  option2: string;
  option3: string;
  label: string;
  sku: string | null;
  price_paisa: number;
  stock: number | null;
  images: string;
}

/** Variants leave the product: archived, never removed (order lines name them). */
export async function archiveVariants(db: Db, ids: number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('product_variants').set({ archived_at: now, updated_at: now }).where('id', 'in', ids).execute();
}

/**
 * Moves variants out of the way of the unique indexes before they are rewritten, so two variants
 * may swap combinations or SKUs: each gets a combination no owner can type (a control character
 * and its id) and no SKU.
 */
export async function parkVariants(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('product_variants')
    .set({ option1: sql<string>`${'\u0001'} || cast(id as text)`, option2: '', option3: '', sku: null })
    .where('id', 'in', ids)
    .execute();
}

export async function updateVariant(db: Db, id: number, fields: VariantFields, now: string): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function insertVariants(db: Db, productId: number, rows: VariantFields[], now: string): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('product_variants')
    .values(rows.map((row) => ({ ...row, product_id: productId, created_at: now, updated_at: now, archived_at: null })))
    .execute();
}

/** The sums the product row keeps of its live variants (ADR 0035). */
export async function writeProductSums(
  db: Db,
  productId: number,
  sums: { price_paisa: number; stock: number | null; variant_count: number },
  now: string,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ ...sums, updated_at: now })
    .where('id', '=', productId)
    .execute();
}

/** Of these SKUs (lower case), those another live product, or a live variant of another product, has. */
export async function skusHeldElsewhere(db: Db, productId: number, lowered: string[]): Promise<Set<string>> {
  if (lowered.length === 0) return new Set();
  const products = await db
    .selectFrom('products')
    .select(sql<string>`lower(sku)`.as('sku'))
    .where(sql`lower(sku)`, 'in', lowered)
    .where('deleted_at', 'is', null)
    .where('id', '<>', productId)
    .execute();
  const variants = await db
    .selectFrom('product_variants')
    .select(sql<string>`lower(sku)`.as('sku'))
    .where(sql`lower(sku)`, 'in', lowered)
    .where('archived_at', 'is', null)
    .where('product_id', '<>', productId)
    .execute();
  return new Set([...products, ...variants].map((row) => row.sku));
}

/** A live variant's images list rewritten (the product lost some of its images). */
export async function setVariantImages(db: Db, id: number, images: string): Promise<void> {
  await db.updateTable('product_variants').set({ images }).where('id', '=', id).execute();
}

/** The product whose live variant has this SKU (case-insensitively), if any. */
export async function variantProductIdBySku(db: Db, sku: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('product_variants')
    .select('product_id')
    .where(sql`lower(sku)`, '=', sku.toLowerCase())
    .where('archived_at', 'is', null)
    .where('sku', 'is not', null)
    .executeTakeFirst();
  return row?.product_id;
}
