import { type Kysely, type Transaction, sql } from 'kysely';
import { effectivePricePaisa } from '../../db/sale-price.js';
import { PreparedQuery } from '../../db/client.js';
import { productImagesJson } from '../../db/json-lists.js';
import { lockRows } from '../../db/row-locks.js';
import type { Database } from '../../db/schema.js';

/**
 * SQL of the cart. Lines join their product (deleted products too, so the shopper can see and remove them).
 * The statements of add-to-cart and of the cart view are compiled once (PreparedQuery): building
 * Kysely's query tree on every call cost more CPU than running these indexed statements.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * A cart line as the cart answers and checks it: the price and stock are the variant's when the
 * line names one, else the product's.
 */
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
  /** The line's variant; null: the product sold as itself. */
  variant_id: number | null;
  variant_label: string | null;
  /** The variant's own image base names; empty: the product's are shown. */
  variant_images: string[];
  /**
   * False when checkout could not sell what the line names: its variant was archived (or is
   * gone), or the product has variants now and the line names none.
   */
  variant_live: boolean;
}

/** A line's columns as read: its product's and, through a left join, its variant's. */
interface RawLineRow {
  id: number;
  quantity: number;
  line_variant: number;
  product_id: number;
  name: string;
  price_paisa: number | string;
  stock: number | null;
  deleted_at: string | null;
  max_per_order: number | null;
  variant_count: number;
  variant_id: number | null;
  variant_label: string | null;
  variant_price: number | string | null;
  variant_stock: number | null;
  variant_images: string | null;
  variant_archived_at: string | null;
}

/** The line as the cart uses it: the variant's price, stock and pictures when it names one. */
function toLine(raw: RawLineRow): CartLineRow {
  const named = raw.line_variant !== 0;
  const variant = named && raw.variant_id !== null ? raw : undefined;
  return {
    id: raw.id,
    quantity: raw.quantity,
    product_id: raw.product_id,
    name: raw.name,
    price_paisa: Number(variant ? raw.variant_price : raw.price_paisa),
    // A line whose variant is gone has nothing to sell.
    stock: variant ? raw.variant_stock : named ? 0 : raw.stock,
    deleted_at: raw.deleted_at,
    max_per_order: raw.max_per_order,
    variant_id: named ? raw.line_variant : null,
    variant_label: variant ? raw.variant_label : null,
    variant_images: variant ? parseBaseNames(raw.variant_images) : [],
    variant_live: named ? variant !== undefined && raw.variant_archived_at === null : Number(raw.variant_count) === 0,
  };
}

/** A variant's images column: a JSON array of base names. */
export function parseBaseNames(json: string | null): string[] {
  if (!json) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

const lockUserQuery = new PreparedQuery<{ id: number }, [userId: number]>('cart-user-lock', (db, $) =>
  db
    .selectFrom('users')
    .select(['id', sql<string>`set_config('synchronous_commit', 'off', true)`.as('commit_mode')])
    .where('id', '=', $(0))
    .forNoKeyUpdate(),
);

/**
 * Locks the shopper's row until the transaction ends, so a shopper's cart writes and checkouts
 * run one at a time (db/row-locks.ts: nothing to send where transactions run one at a time).
 *
 * The same statement lets the cart write's commit return before its WAL reaches the disk
 * (PostgreSQL's synchronous_commit off, for this transaction only; ADR 0059): a shopper's writes
 * queue behind the lock, so each commit's flush was most of the time the next one waited. A
 * crash of the database server can lose the last fraction of a second of cart changes (never
 * corrupt anything), which is what SQLite's synchronous=NORMAL risks for every write; a checkout
 * commits durably, and its flush takes the cart lines written before it along.
 */
function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  return lockRows(trx, () => lockUserQuery.first(trx, userId));
}

export interface ShopperProductLineRow {
  user_id: number;
  /** Null when the product does not exist or was deleted. */
  product_id: number | null;
  name: string | null;
  price_paisa: number | string | null;
  stock: number | null;
  max_per_order: number | null;
  variant_count: number | null;
  /** The variant asked for (any product's, archived too); null when there is none by that id. */
  variant_id: number | null;
  variant_product_id: number | null;
  variant_label: string | null;
  variant_price: number | string | null;
  variant_stock: number | null;
  variant_images: string | null;
  variant_archived_at: string | null;
  /** The quantity of the shopper's line of this product (and variant); null when it is not in the cart. */
  in_cart: number | null;
  /** The units of the product in the shopper's cart over all its lines (variants); null when none. */
  product_in_cart: number | string | null;
  /** The product's image base names in position order, a JSON array ('[]' without a product). */
  product_images: string | null;
}

const shopperProductLineQuery = new PreparedQuery<ShopperProductLineRow, [userId: number, productId: number, variantId: number]>(
  'cart-shopper-product-line',
  (db, $) =>
    db
      .selectFrom('users as u')
      .leftJoin('products as p', (join) => join.on('p.id', '=', $(1)).on('p.deleted_at', 'is', null))
      .leftJoin('product_variants as v', (join) => join.on('v.id', '=', $(2)))
      .leftJoin('cart_items as ci', (join) =>
        join.onRef('ci.user_id', '=', 'u.id').onRef('ci.product_id', '=', 'p.id').on('ci.variant_id', '=', $(2)),
      )
      .select([
        'u.id as user_id',
        'p.id as product_id',
        'p.name',
        effectivePricePaisa('p').as('price_paisa'),
        'p.stock',
        'p.max_per_order',
        'p.variant_count',
        'v.id as variant_id',
        'v.product_id as variant_product_id',
        'v.label as variant_label',
        effectivePricePaisa('v').as('variant_price'),
        'v.stock as variant_stock',
        'v.images as variant_images',
        'v.archived_at as variant_archived_at',
        'ci.quantity as in_cart',
        (eb) =>
          eb
            .selectFrom('cart_items as pc')
            .select((sub) => sub.fn.sum<number | string>('pc.quantity').as('units'))
            .whereRef('pc.user_id', '=', 'u.id')
            .whereRef('pc.product_id', '=', 'p.id')
            .as('product_in_cart'),
        productImagesJson(db, 'p.id').as('product_images'),
      ])
      .where('u.id', '=', $(0)),
);

/** The variant add-to-cart names, as read: whose it is and whether it is still sold. */
export interface AskedVariant {
  id: number;
  product_id: number;
  label: string;
  price_paisa: number;
  stock: number | null;
  images: string[];
  archived: boolean;
}

export interface ShopperProductLine {
  product: LiveProductRow | undefined;
  /** The variant by the id asked for (undefined when none was asked for or none has that id). */
  variant: AskedVariant | undefined;
  /** Units of the product (and variant) already in the shopper's cart. */
  inCart: number;
  /** Units of the product over all its lines (all its variants) already in the shopper's cart. */
  productInCart: number;
  /** The product's own image base names in position order (a line without variant images shows them). */
  productImages: string[];
}

/**
 * What add-to-cart checks, read in its transaction: the shopper (undefined when there is no such
 * user), the live product with its pictures, the variant asked for (0: none) and the quantity of
 * the shopper's line of them, in one statement. The shopper's row is locked first (lockUser), so this statement, run
 * once the lock is held, sees the lines committed by whoever held it before.
 */
export async function shopperProductLine(
  trx: Transaction<Database>,
  userId: number,
  productId: number,
  variantId: number,
): Promise<ShopperProductLine | undefined> {
  await lockUser(trx, userId);
  const row = await shopperProductLineQuery.first(trx, userId, productId, variantId);
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
          variant_count: Number(row.variant_count ?? 0),
        };
  const variant =
    row.variant_id === null || row.variant_product_id === null || row.variant_label === null
      ? undefined
      : {
          id: row.variant_id,
          product_id: row.variant_product_id,
          label: row.variant_label,
          price_paisa: Number(row.variant_price),
          stock: row.variant_stock,
          images: parseBaseNames(row.variant_images),
          archived: row.variant_archived_at !== null,
        };
  return {
    product,
    variant,
    inCart: row.in_cart ?? 0,
    productInCart: Number(row.product_in_cart ?? 0),
    productImages: parseBaseNames(row.product_images),
  };
}

/** The names of a product's options in order ("Storage", "Colour"), for the answer that asks to choose. */
export async function optionNames(db: Db, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_options')
    .select('name')
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.name);
}

/** A cart line's columns with its product's and its variant's (left join: variant 0 or a gone one has none). */
function linesWithVariants(db: Db) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .leftJoin('product_variants as v', (join) =>
      join.onRef('v.id', '=', 'ci.variant_id').onRef('v.product_id', '=', 'ci.product_id'),
    )
    .select([
      'ci.id',
      'ci.quantity',
      'ci.variant_id as line_variant',
      'p.id as product_id',
      'p.name',
      effectivePricePaisa('p').as('price_paisa'),
      'p.stock',
      'p.deleted_at',
      'p.max_per_order',
      'p.variant_count',
      'v.id as variant_id',
      'v.label as variant_label',
      effectivePricePaisa('v').as('variant_price'),
      'v.stock as variant_stock',
      'v.images as variant_images',
      'v.archived_at as variant_archived_at',
    ]);
}

const cartLinesQuery = new PreparedQuery<RawLineRow, [userId: number]>('cart-lines', (db, $) =>
  linesWithVariants(db).where('ci.user_id', '=', $(0)).orderBy('ci.id'),
);

/** The shopper's lines, oldest first. */
export async function cartLines(db: Db, userId: number): Promise<CartLineRow[]> {
  return (await cartLinesQuery.rows(db, userId)).map(toLine);
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
  /** Live variants: more than 0 and a line must name one. */
  variant_count: number;
}

const upsertLineQuery = new PreparedQuery<
  { id: number },
  [userId: number, productId: number, variantId: number, quantity: number, now: string]
>('cart-upsert-line', (db, $) =>
  db
    .insertInto('cart_items')
    .values({ user_id: $(0), product_id: $(1), variant_id: $(2), quantity: $(3), created_at: $(4), updated_at: $(4) })
    .onConflict((oc) => oc.columns(['user_id', 'product_id', 'variant_id']).doUpdateSet({ quantity: $(3), updated_at: $(4) }))
    .returning('id'),
);

/**
 * Sets the line's quantity, creating the line when the product (variant 0: the product itself) is
 * not in the cart yet; returns its id.
 */
export async function upsertLine(
  db: Db,
  values: { userId: number; productId: number; variantId: number; quantity: number; now: string },
): Promise<number> {
  const row = await upsertLineQuery.first(db, values.userId, values.productId, values.variantId, values.quantity, values.now);
  if (!row) throw new Error('upsert of a cart line returned no id');
  return row.id;
}

/**
 * One of the shopper's lines with its product (deleted or not) and variant, read in the transaction that
 * changes it; undefined when it is not theirs or does not exist. The shopper's row is locked
 * first (lockUser), so the line cannot change under a checkout or an add.
 */
export async function shopperLine(trx: Transaction<Database>, userId: number, itemId: number): Promise<CartLineRow | undefined> {
  await lockUser(trx, userId);
  const row = await linesWithVariants(trx).where('ci.id', '=', itemId).where('ci.user_id', '=', userId).executeTakeFirst();
  return row && toLine(row);
}

/**
 * The units of a product in the shopper's cart on lines other than `itemId` (its other variants),
 * read in the transaction that changes the line, under the shopper's lock.
 */
export async function otherUnitsOfProduct(db: Db, userId: number, productId: number, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.sum<number | string>('quantity').as('units'))
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('id', '!=', itemId)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
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
