import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/client.js';
import type { Database } from '../../db/schema.js';

/** SQL of the cart. Lines join their product (deleted products too, so the shopper can see and remove them). */

export type Db = Kysely<Database> | Transaction<Database>;

export interface CartLineRow {
  id: number;
  quantity: number;
  product_id: number;
  name: string;
  price_paisa: number;
  stock: number | null;
  deleted_at: string | null;
}

/**
 * Locks the shopper's row until the transaction ends on PostgreSQL, so a shopper's cart
 * writes and checkouts run one at a time (SQLite runs one write transaction at a time anyway).
 */
export function lockUser(trx: Transaction<Database>, dialect: Dialect, userId: number) {
  return trx
    .selectFrom('users')
    .select(['id'])
    .where('id', '=', userId)
    .$if(dialect === 'postgres', (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
}

/** The shopper's lines (or one of them), oldest first. */
export async function cartLines(db: Db, userId: number, itemId?: number): Promise<CartLineRow[]> {
  const rows = await db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .select(['ci.id', 'ci.quantity', 'p.id as product_id', 'p.name', 'p.price_paisa', 'p.stock', 'p.deleted_at'])
    .where('ci.user_id', '=', userId)
    .$if(itemId !== undefined, (qb) => qb.where('ci.id', '=', itemId ?? 0))
    .orderBy('ci.id')
    .execute();
  return rows.map((row) => ({ ...row, price_paisa: Number(row.price_paisa) }));
}

/** Image base names per product, in position order. */
export async function imagesOf(db: Db, productIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (productIds.length === 0) return result;
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'base_name'])
    .where('product_id', 'in', [...new Set(productIds)])
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = result.get(row.product_id) ?? [];
    list.push(row.base_name);
    result.set(row.product_id, list);
  }
  return result;
}

export function findLiveProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'stock'])
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findLine(db: Db, userId: number, productId: number) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** Sets the line's quantity, creating the line when the product is not in the cart yet; returns its id. */
export async function upsertLine(
  db: Db,
  values: { userId: number; productId: number; quantity: number; now: string },
): Promise<number> {
  const row = await db
    .insertInto('cart_items')
    .values({
      user_id: values.userId,
      product_id: values.productId,
      quantity: values.quantity,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ quantity: values.quantity, updated_at: values.now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes one of the shopper's lines; false when it is not theirs or does not exist. */
export async function deleteLine(db: Db, userId: number, itemId: number): Promise<boolean> {
  const result = await db.deleteFrom('cart_items').where('id', '=', itemId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
