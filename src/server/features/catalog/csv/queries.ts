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
