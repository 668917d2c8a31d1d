import type { Kysely, Transaction } from 'kysely';
import { PreparedQuery } from '../../db/client.js';
import { lockRows } from '../../db/row-locks.js';
import type { Database } from '../../db/schema.js';

/**
 * SQL of the cart. Lines join their product (deleted products too, so the shopper can see and remove them).
 * The statements of add-to-cart and of the cart view are compiled once (PreparedQuery): building
 * Kysely's query tree on every call cost more CPU than running these indexed statements.
 */

export type Db = Kysely<Database> | Transaction<Database>;

export interface CartLineRow {
  id: number;
  quantity: number;
  product_id: number;
  name: string;
  price_paisa: number;
  stock: number | null;
  deleted_at: string | null;
  /** The product's own limit of units per order; null: the shop's default. */
  max_per_order: number | null;
}

const lockUserQuery = new PreparedQuery<{ id: number }, [userId: number]>('cart-user-lock', (db, $) =>
  db.selectFrom('users').select(['id']).where('id', '=', $(0)).forNoKeyUpdate(),
);

/**
 * Locks the shopper's row until the transaction ends, so a shopper's cart writes and checkouts
 * run one at a time (db/row-locks.ts: nothing to send where transactions run one at a time).
 */
function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  return lockRows(trx, () => lockUserQuery.first(trx, userId));
}

export interface ShopperProductLineRow {
  user_id: number;
  /** Null when the product does not exist or was deleted. */
  product_id: number | null;
  name: string | null;
  price_paisa: number | null;
  stock: number | null;
  max_per_order: number | null;
  /** The quantity of the shopper's line of this product; null when it is not in the cart. */
  in_cart: number | null;
}

const shopperProductLineQuery = new PreparedQuery<ShopperProductLineRow, [userId: number, productId: number]>(
  'cart-shopper-product-line',
  (db, $) =>
    db
      .selectFrom('users as u')
      .leftJoin('products as p', (join) => join.on('p.id', '=', $(1)).on('p.deleted_at', 'is', null))
      .leftJoin('cart_items as ci', (join) => join.onRef('ci.user_id', '=', 'u.id').onRef('ci.product_id', '=', 'p.id'))
      .select([
        'u.id as user_id',
        'p.id as product_id',
        'p.name',
        'p.price_paisa',
        'p.stock',
        'p.max_per_order',
        'ci.quantity as in_cart',
      ])
      .where('u.id', '=', $(0)),
);

export interface ShopperProductLine {
  product: LiveProductRow | undefined;
  /** Units of the product already in the shopper's cart. */
  inCart: number;
}

/**
 * What add-to-cart checks, read in its transaction: the shopper (undefined when there is no such
 * user), the live product and the quantity of the shopper's line of it, in one statement. The
 * shopper's row is locked first (lockUser), so this statement, run once the lock is held, sees
 * the lines committed by whoever held it before.
 */
export async function shopperProductLine(
  trx: Transaction<Database>,
  userId: number,
  productId: number,
): Promise<ShopperProductLine | undefined> {
  await lockUser(trx, userId);
  const row = await shopperProductLineQuery.first(trx, userId, productId);
  if (!row) return undefined;
  const product =
    row.product_id === null || row.name === null || row.price_paisa === null
      ? undefined
      : {
          id: row.product_id,
          name: row.name,
          price_paisa: Number(row.price_paisa),
          stock: row.stock,
          max_per_order: row.max_per_order,
        };
  return { product, inCart: row.in_cart ?? 0 };
}

const cartLinesQuery = new PreparedQuery<CartLineRow, [userId: number]>('cart-lines', (db, $) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .select([
      'ci.id',
      'ci.quantity',
      'p.id as product_id',
      'p.name',
      'p.price_paisa',
      'p.stock',
      'p.deleted_at',
      'p.max_per_order',
    ])
    .where('ci.user_id', '=', $(0))
    .orderBy('ci.id'),
);

/** The shopper's lines, oldest first. */
export async function cartLines(db: Db, userId: number): Promise<CartLineRow[]> {
  const rows = await cartLinesQuery.rows(db, userId);
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

const productImagesQuery = new PreparedQuery<{ base_name: string }, [productId: number]>('cart-product-images', (db, $) =>
  db.selectFrom('product_images').select(['base_name']).where('product_id', '=', $(0)).orderBy('position'),
);

/** Image base names of one product, in position order. */
export async function imagesOfProduct(db: Db, productId: number): Promise<string[]> {
  return (await productImagesQuery.rows(db, productId)).map((row) => row.base_name);
}

export interface LiveProductRow {
  id: number;
  name: string;
  price_paisa: number;
  stock: number | null;
  max_per_order: number | null;
}

const upsertLineQuery = new PreparedQuery<{ id: number }, [userId: number, productId: number, quantity: number, now: string]>(
  'cart-upsert-line',
  (db, $) =>
    db
      .insertInto('cart_items')
      .values({ user_id: $(0), product_id: $(1), quantity: $(2), created_at: $(3), updated_at: $(3) })
      .onConflict((oc) => oc.columns(['user_id', 'product_id', 'variant_id']).doUpdateSet({ quantity: $(2), updated_at: $(3) }))
      .returning('id'),
);

/** Sets the line's quantity, creating the line when the product is not in the cart yet; returns its id. */
export async function upsertLine(
  db: Db,
  values: { userId: number; productId: number; quantity: number; now: string },
): Promise<number> {
  const row = await upsertLineQuery.first(db, values.userId, values.productId, values.quantity, values.now);
  if (!row) throw new Error('upsert of a cart line returned no id');
  return row.id;
}

/**
 * One of the shopper's lines with its product (deleted or not), read in the transaction that
 * changes it; undefined when it is not theirs or does not exist. The shopper's row is locked
 * first (lockUser), so the line cannot change under a checkout or an add.
 */
export async function shopperLine(trx: Transaction<Database>, userId: number, itemId: number): Promise<CartLineRow | undefined> {
  await lockUser(trx, userId);
  const row = await trx
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .select([
      'ci.id',
      'ci.quantity',
      'p.id as product_id',
      'p.name',
      'p.price_paisa',
      'p.stock',
      'p.deleted_at',
      'p.max_per_order',
    ])
    .where('ci.id', '=', itemId)
    .where('ci.user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, price_paisa: Number(row.price_paisa) };
}

/** Sets a line's quantity (its owner checked by shopperLine in the same transaction). */
export async function setLineQuantity(db: Db, itemId: number, quantity: number, now: string): Promise<void> {
  await db.updateTable('cart_items').set({ quantity, updated_at: now }).where('id', '=', itemId).execute();
}

/** Deletes one of the shopper's lines; false when it is not theirs or does not exist. */
export async function deleteLine(db: Db, userId: number, itemId: number): Promise<boolean> {
  const result = await db.deleteFrom('cart_items').where('id', '=', itemId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
