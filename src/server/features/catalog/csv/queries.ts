import { sql } from 'kysely';
import type { Db } from '../queries.js';

/** SQL of the CSV import: the products its rows name, and the stored images they reuse. */

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface SkuHolder {
  id: number;
  sku: string | null;
}

/** Live products holding any of the SKUs (lower-cased), keyed by the lower-cased SKU (the unique index of migration 020). */
export async function liveProductsBySku(db: Db, lowerSkus: string[]): Promise<Map<string, SkuHolder>> {
  const found = new Map<string, SkuHolder>();
  for (const part of chunks([...new Set(lowerSkus)])) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where(sql<string>`lower(sku)`, 'in', part)
      .where('deleted_at', 'is', null)
      .where('sku', 'is not', null)
      .execute();
    for (const row of rows) found.set(row.sku!.toLowerCase(), row);
  }
  return found;
}

/** Live products of the given ids, keyed by id. */
export async function liveProductsById(db: Db, ids: number[]): Promise<Map<number, SkuHolder>> {
  const found = new Map<number, SkuHolder>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('id', 'in', part)
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** Of the given image base names, those some product row has (live or deleted: their files stay). */
export async function knownBaseNames(db: Db, baseNames: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const part of chunks([...new Set(baseNames)])) {
    const rows = await db.selectFrom('product_images').select('base_name').distinct().where('base_name', 'in', part).execute();
    for (const row of rows) known.add(row.base_name);
  }
  return known;
}

/** Of the given products, those sold in variants (their price and stock are the variants' sums, ADR 0035). */
export async function productsWithVariants(db: Db, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db.selectFrom('products').select('id').where('id', 'in', part).where('variant_count', '>', 0).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Variants, specifications and brands of the products a file names or an export writes

/** The live variants of the products, in each product's order. */
export async function liveVariantsOfProducts(db: Db, ids: number[]) {
  const rows = [];
  for (const part of chunks([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'sku', 'option1', 'option2', 'option3', 'label', 'price_paisa', 'stock', 'images'])
        .where('product_id', 'in', part)
        .where('archived_at', 'is', null)
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute()),
    );
  }
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    product_id: Number(row.product_id),
    price_paisa: Number(row.price_paisa),
  }));
}
export type CsvVariantRow = Awaited<ReturnType<typeof liveVariantsOfProducts>>[number];

/** The options of the products, in position order. */
export async function optionsOfProducts(db: Db, ids: number[]) {
  const rows = [];
  for (const part of chunks([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('product_options')
        .select(['product_id', 'position', 'name', 'values'])
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('position')
        .execute()),
    );
  }
  return rows.map((row) => ({ ...row, product_id: Number(row.product_id) }));
}

/** The products' values of live specification fields. */
export async function specValuesOfProducts(db: Db, ids: number[]) {
  const rows = [];
  for (const part of chunks([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('product_specs as s')
        .innerJoin('spec_fields as f', 'f.id', 's.field_id')
        .select(['s.product_id', 's.field_id', 'f.name', 's.value'])
        .where('s.product_id', 'in', part)
        .where('f.deleted_at', 'is', null)
        .execute()),
    );
  }
  return rows.map((row) => ({ ...row, product_id: Number(row.product_id), field_id: Number(row.field_id) }));
}

/** The products' brands (id and name; null: none). */
export async function brandsOfProducts(db: Db, ids: number[]): Promise<Map<number, { id: number; name: string } | null>> {
  const found = new Map<number, { id: number; name: string } | null>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('products as p')
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.brand_id', 'b.name'])
      .where('p.id', 'in', part)
      .execute();
    for (const row of rows) {
      found.set(Number(row.id), row.brand_id === null || row.name === null ? null : { id: Number(row.brand_id), name: row.name });
    }
  }
  return found;
}

/** The names of the live categories' live specification fields, in the categories' and fields' order. */
export async function specFieldNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('spec_fields as f')
    .innerJoin('categories as c', 'c.id', 'f.category_id')
    .select('f.name')
    .where('f.deleted_at', 'is', null)
    .where('c.deleted_at', 'is', null)
    .orderBy('f.category_id')
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();
  return rows.map((row) => row.name);
}
