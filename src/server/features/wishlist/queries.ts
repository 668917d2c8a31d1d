import type { Kysely, Transaction } from 'kysely';
import { lockRows } from '../../db/row-locks.js';
import type { Database } from '../../db/schema.js';

/** SQL of the wishlist. Rows join their product, deleted ones too (shown as no longer available). */

export type Db = Kysely<Database> | Transaction<Database>;

export interface WishlistRow {
  product_id: number;
  created_at: string;
  name: string;
  price_paisa: number | string;
  sale_price_paisa: number | string | null;
  sale_reference_paisa: number | string | null;
  sale_ends_at: string | null;
  stock: number | null;
  variant_count: number;
  deleted_at: string | null;
}

function rows(db: Db, userId: number) {
  return db
    .selectFrom('wishlist_items as w')
    .innerJoin('products as p', 'p.id', 'w.product_id')
    .select([
      'w.product_id',
      'w.created_at',
      'p.name',
      'p.price_paisa',
      'p.sale_price_paisa',
      'p.sale_reference_paisa',
      'p.sale_ends_at',
      'p.stock',
      'p.variant_count',
      'p.deleted_at',
    ])
    .where('w.user_id', '=', userId);
}

/** The shopper's wishlist, newest first. */
export function wishlistRows(db: Db, userId: number): Promise<WishlistRow[]> {
  return rows(db, userId).orderBy('w.created_at', 'desc').orderBy('w.product_id', 'desc').execute();
}

export function wishlistRow(db: Db, userId: number, productId: number): Promise<WishlistRow | undefined> {
  return rows(db, userId).where('w.product_id', '=', productId).executeTakeFirst();
}

/** The first image of each product. */
export async function firstImages(db: Db, productIds: number[]): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  if (productIds.length === 0) return result;
  const found = await db
    .selectFrom('product_images')
    .select(['product_id', 'base_name'])
    .where('product_id', 'in', [...new Set(productIds)])
    .orderBy('product_id')
    .orderBy('position', 'desc')
    .execute();
  // Ordered last position first, so the first image is the one left in the map.
  for (const row of found) result.set(row.product_id, row.base_name);
  return result;
}

/** Locks the shopper's row until the transaction ends: one add at a time counts and writes (PostgreSQL). */
export async function lockShopper(trx: Transaction<Database>, userId: number): Promise<boolean> {
  let exists = true;
  await lockRows(trx, async () => {
    exists = Boolean(await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst());
  });
  return exists;
}

export async function liveProductExists(db: Db, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

export async function countItems(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('wishlist_items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasItem(db: Db, userId: number, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('wishlist_items')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Adds the row unless it is there already. */
export async function insertItem(db: Db, userId: number, productId: number, now: string): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .values({ user_id: userId, product_id: productId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function deleteItem(db: Db, userId: number, productId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('wishlist_items')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
