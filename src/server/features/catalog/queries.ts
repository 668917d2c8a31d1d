import { type Kysely, type Transaction, sql } from 'kysely';
import { PreparedQueries, PreparedQuery, type SnapshotReader } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import { variantProductIdBySku } from './variants/queries.js';

/**
 * SQL of the catalogue. Every product read is of live rows (deleted_at IS NULL), which the
 * partial indexes of migration 002 cover. The category tree's SQL is in category-queries.ts, the
 * product lists' and search's in listing/ (pages of ids read from an index, then their rows here).
 */

export type Db = Kysely<Database> | Transaction<Database>;

export {
  bumpCatalogVersion,
  catalogVersion,
  catalogVersionMoves,
  catalogWrite,
  versionAndStock,
  versionAndStockNow,
} from './version-queries.js';

// The hot reads below are compiled once (PreparedQuery, db/client.ts): Kysely builds and compiles a
// tree of query objects on every call, which is a good part of the CPU of a small read.

// ---------------------------------------------------------------------------------------------
// Product rows

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  price_paisa: number;
  is_featured: number;
  stock: number | null;
  warranty: string | null;
  low_stock_threshold: number | null;
  max_per_order: number | null;
  sku: string | null;
  category_id: number;
  sub_category_id: number | null;
  child_category_id: number | null;
  created_at: string;
  updated_at: string;
  category_name: string;
  sub_category_name: string | null;
  child_category_name: string | null;
  /** Its brand's name (migration 026); null: none. */
  brand_name: string | null;
  /** Its sale now (migration 036); null: none. */
  sale_price_paisa: number | string | null;
  sale_reference_paisa: number | string | null;
  sale_ends_at: string | null;
  /** Its visible reviews' count and sum of ratings (migration 037). */
  rating_count: number;
  rating_sum: number;
}

const ID_CHUNK = 500;

function productRowsQuery(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('sub_categories as s', 's.id', 'p.sub_category_id')
    .leftJoin('child_categories as cc', 'cc.id', 'p.child_category_id')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.price_paisa',
      'p.is_featured',
      'p.stock',
      'p.warranty',
      'p.low_stock_threshold',
      'p.max_per_order',
      'p.sku',
      'p.category_id',
      'p.sub_category_id',
      'p.child_category_id',
      'p.created_at',
      'p.updated_at',
      'p.rating_count',
      'p.rating_sum',
      'c.name as category_name',
      's.name as sub_category_name',
      'cc.name as child_category_name',
      'b.name as brand_name',
      'p.sale_price_paisa',
      'p.sale_reference_paisa',
      'p.sale_ends_at',
    ]);
}

type ProductRowFromDb = Awaited<ReturnType<ReturnType<typeof productRowsQuery>['executeTakeFirstOrThrow']>>;

const productRowsByIdQuery = new PreparedQueries<ProductRowFromDb>('catalog-rows', (db, ids) =>
  productRowsQuery(db).where('p.id', 'in', ids),
);

/** Rows of the given ids (live or not — callers decide), in the order of `ids`. */
export async function productRows(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map<number, ProductRow>();
  for (const part of chunks(ids, ID_CHUNK)) {
    const rows = await productRowsByIdQuery.rows(db, part);
    for (const row of rows) byId.set(Number(row.id), { ...row, price_paisa: Number(row.price_paisa) });
  }
  return ids.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined);
}

const liveProductRowQuery = new PreparedQuery<ProductRowFromDb, [id: number]>('catalog-live-row', (db, $) =>
  productRowsQuery(db).where('p.id', '=', $(0)).where('p.deleted_at', 'is', null),
);

export async function liveProductRow(db: Db, id: number): Promise<ProductRow | undefined> {
  const row = await liveProductRowQuery.first(db, id);
  return row && { ...row, price_paisa: Number(row.price_paisa) };
}

/** SQLite, inside SnapshotReader.read(): liveProductRow and the product's image base names, at once. */
export function liveProductNow(reader: SnapshotReader, id: number): { row: ProductRow; images: string[] } | undefined {
  const row = liveProductRowQuery.rowsNow(reader, id)[0];
  if (!row) return undefined;
  const images = imagesByProductQuery.rowsNow(reader, [id]).map((image) => image.base_name);
  return { row: { ...row, price_paisa: Number(row.price_paisa) }, images };
}

const imagesByProductQuery = new PreparedQueries<{ product_id: number; base_name: string }>('catalog-images', (db, ids) =>
  db
    .selectFrom('product_images')
    .select(['product_id', 'base_name'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position'),
);

/** Image base names of the given products, in position order, in one query per 500 products. */
export async function imagesOf(db: Db, productIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  for (const part of chunks(productIds, ID_CHUNK)) {
    const rows = await imagesByProductQuery.rows(db, part);
    for (const row of rows) {
      const list = result.get(row.product_id) ?? [];
      list.push(row.base_name);
      result.set(row.product_id, list);
    }
  }
  return result;
}

export interface NewProduct {
  name: string;
  description: string;
  price_paisa: number;
  category_id: number;
  sub_category_id: number | null;
  child_category_id: number | null;
  is_featured: number;
  stock: number | null;
  warranty?: string | null;
  low_stock_threshold?: number | null;
  max_per_order?: number | null;
  sku?: string | null;
  created_at: string;
  updated_at: string;
}

export const nameSort = (name: string) => name.normalize('NFKC').toLowerCase();

/**
 * A new product's category words (migration 031), its category path's English names, written with
 * it: the database would otherwise add them by a second write (and a second search-index write on SQLite).
 */
const categoryWords = (product: Pick<NewProduct, 'category_id' | 'sub_category_id' | 'child_category_id'>) =>
  sql<string>`trim(coalesce((select c.name from categories c where c.id = ${product.category_id}), '') || ' ' ||
    coalesce((select s.name from sub_categories s where s.id = ${product.sub_category_id}), '') || ' ' ||
    coalesce((select x.name from child_categories x where x.id = ${product.child_category_id}), ''))`;

export async function insertProduct(db: Db, product: NewProduct): Promise<number> {
  const row = await db
    .insertInto('products')
    .values({ ...product, name_sort: nameSort(product.name), category_words: categoryWords(product), deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Inserts many products in multi-row statements; returns their ids in input order.
 * (Ids of one statement are assigned in VALUES order on both databases; sorting them restores it
 * even if another writer's ids interleave.)
 */
export async function insertProducts(db: Db, products: NewProduct[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(products, 400)) {
    const rows = await db
      .insertInto('products')
      .values(
        part.map((product) => ({
          ...product,
          name_sort: nameSort(product.name),
          category_words: categoryWords(product),
          deleted_at: null,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

export async function insertImages(db: Db, rows: { product_id: number; position: number; base_name: string }[]): Promise<void> {
  for (const part of chunks(rows, 1000)) {
    if (part.length > 0) await db.insertInto('product_images').values(part).execute();
  }
}

export async function replaceImages(db: Db, productId: number, baseNames: string[]): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  await insertImages(
    db,
    baseNames.map((base_name, position) => ({ product_id: productId, position, base_name })),
  );
}

/** Of the given base names, those no product row refers to any more. */
export async function unusedBaseNames(db: Db, baseNames: string[]): Promise<string[]> {
  if (baseNames.length === 0) return [];
  const used = await db.selectFrom('product_images').select('base_name').where('base_name', 'in', baseNames).execute();
  const usedSet = new Set(used.map((row) => row.base_name));
  return baseNames.filter((base) => !usedSet.has(base));
}

export interface ProductPatch {
  name?: string;
  description?: string;
  price_paisa?: number;
  category_id?: number;
  sub_category_id?: number | null;
  child_category_id?: number | null;
  is_featured?: number;
  stock?: number | null;
  warranty?: string | null;
  low_stock_threshold?: number | null;
  max_per_order?: number | null;
  sku?: string | null;
}

export async function updateProduct(db: Db, id: number, patch: ProductPatch, now: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...patch, ...(patch.name !== undefined ? { name_sort: nameSort(patch.name) } : {}), updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Flips is_featured of a live product; returns the new value, or undefined when there is none. */
export async function toggleFeatured(db: Db, id: number, now: string): Promise<boolean | undefined> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({ is_featured: eb(sql.lit(1), '-', eb.ref('is_featured')), updated_at: now }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('is_featured')
    .executeTakeFirst();
  return row ? row.is_featured === 1 : undefined;
}

export async function softDeleteProduct(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The live product with this SKU, or the product whose live variant has it (case-insensitively,
 * as the unique indexes of migrations 020 and 026 compare): products and variants share SKUs.
 */
export async function liveProductIdBySku(db: Db, sku: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where(sql`lower(sku)`, '=', sku.toLowerCase())
    .where('deleted_at', 'is', null)
    .where('sku', 'is not', null)
    .executeTakeFirst();
  return row ? row.id : variantProductIdBySku(db, sku);
}

/** Live product rows with an id above `afterId`, oldest first: the CSV export's keyset batches. */
export async function liveProductRowsAfter(db: Db, afterId: number, limit: number): Promise<ProductRow[]> {
  const rows = await productRowsQuery(db)
    .where('p.deleted_at', 'is', null)
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, price_paisa: Number(row.price_paisa) }));
}

// ---------------------------------------------------------------------------------------------
// Related products

export type CategoryLevel = 'child_category_id' | 'sub_category_id' | 'category_id';

/**
 * Up to `limit` live products of one category level, newest first, leaving out `exclude` (the
 * product itself and those already found): read in the order of products_live_child / _sub /
 * _category (migration 002), so it stops at LIMIT however large the category is.
 */
export async function relatedCandidates(
  db: Db,
  level: CategoryLevel,
  levelId: number,
  exclude: number[],
  limit: number,
): Promise<{ id: number; stock: number | null }[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'stock'])
    .where(level, '=', levelId)
    .where('deleted_at', 'is', null)
    .where('id', 'not in', exclude)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), stock: row.stock }));
}

// ---------------------------------------------------------------------------------------------
// Sitemap

/** Live products with an id below `beforeId`, newest first, for the sitemap (keyset pages keep memory flat). */
export function sitemapProducts(db: Db, beforeId: number, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('deleted_at', 'is', null)
    .where('id', '<', beforeId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Archived products (shared/product-archive.ts): deleted_at set, restorable for a while.
