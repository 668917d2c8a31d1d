import type { Kysely, Transaction } from 'kysely';
import type { AlertKind } from '../../../shared/alerts.js';
import type { Locale } from '../../../shared/locale.js';
import type { Database } from '../../db/schema.js';

/** SQL of the alerts: "Notify me" requests and the kinds a shopper turned off. */

export type Db = Kysely<Database> | Transaction<Database>;

/** The product; `lock`: its row locked until the transaction ends (PostgreSQL; SQLite has one writer). */
export function liveProduct(db: Db, productId: number, lock = false) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'stock', 'variant_count', 'deleted_at'])
    .where('id', '=', productId)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
}

export function variantOf(db: Db, variantId: number, lock = false) {
  return db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'label', 'stock', 'archived_at'])
    .where('id', '=', variantId)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Adds the request unless the shopper already made it; true when added. */
export async function insertStockAlert(db: Db, userId: number, productId: number, variantId: number, now: string): Promise<boolean> {
  const result = await db
    .insertInto('stock_alerts')
    .values({ user_id: userId, product_id: productId, variant_id: variantId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'product_id', 'variant_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface WaitingRow {
  id: number;
  user_id: number | string;
  email: string | null;
  first_name: string;
  language: Locale;
}

/** The oldest requests waiting for an item, with whom to mail. */
export function waiting(db: Db, productId: number, variantId: number, limit: number): Promise<WaitingRow[]> {
  return db
    .selectFrom('stock_alerts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.email', 'u.first_name', 'u.language'])
    .where('a.product_id', '=', productId)
    .where('a.variant_id', '=', variantId)
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

export async function deleteStockAlerts(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('stock_alerts').where('id', 'in', ids).execute();
}

export async function optedOutKinds(db: Db, userId: number): Promise<AlertKind[]> {
  const rows = await db.selectFrom('alert_opt_outs').select('kind').where('user_id', '=', userId).execute();
  return rows.map((row) => row.kind as AlertKind);
}

export async function isOptedOut(db: Db, userId: number, kind: AlertKind): Promise<boolean> {
  const row = await db
    .selectFrom('alert_opt_outs')
    .select('kind')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Boolean(row);
}

export async function optOut(db: Db, userId: number, kind: AlertKind, now: string): Promise<void> {
  await db
    .insertInto('alert_opt_outs')
    .values({ user_id: userId, kind, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
    .execute();
}

export async function optIn(db: Db, userId: number, kind: AlertKind): Promise<void> {
  await db.deleteFrom('alert_opt_outs').where('user_id', '=', userId).where('kind', '=', kind).execute();
}

export function userLanguage(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'language']).where('id', '=', userId).executeTakeFirst();
}

export interface WishlisterRow {
  user_id: number | string;
  email: string | null;
  first_name: string;
  language: Locale;
}

/** Shoppers with the product on their wishlist, by id, after `afterUserId`. */
export function wishlisters(db: Db, productId: number, afterUserId: number, limit: number): Promise<WishlisterRow[]> {
  return db
    .selectFrom('wishlist_items as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.user_id', 'u.email', 'u.first_name', 'u.language'])
    .where('w.product_id', '=', productId)
    .where('w.user_id', '>', afterUserId)
    .orderBy('w.user_id')
    .limit(limit)
    .execute();
}

export function productPrices(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'price_paisa', 'sale_price_paisa', 'deleted_at'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/**
 * Takes the shopper's one mail of a kind for a period: true when this call wrote the row. The
 * primary key decides between parallel takers; the loser writes nothing.
 */
export async function claimSend(db: Db, userId: number, kind: AlertKind, period: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('alert_sends')
    .values({ user_id: userId, kind, period, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The shopper's cart: how many lines, when it last changed, and the first few names. */
export async function cartState(db: Db, userId: number) {
  const lines = await db
    .selectFrom('cart_items as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['p.name', 'c.updated_at'])
    .where('c.user_id', '=', userId)
    .where('p.deleted_at', 'is', null)
    .orderBy('c.updated_at', 'desc')
    .execute();
  return { count: lines.length, lastChange: lines[0]?.updated_at, names: lines.slice(0, 3).map((line) => line.name) };
}

export function shopper(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'email', 'first_name', 'language']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Takes the shopper's one mail of a kind for a rolling window: writes `now` unless the last one
 * was sent after `cutoff`; true when this call wrote. One statement, so parallel takers cannot
 * both win.
 */
export async function claimRolling(db: Db, userId: number, kind: AlertKind, now: string, cutoff: string): Promise<boolean> {
  const result = await db
    .insertInto('alert_sends')
    .values({ user_id: userId, kind, period: 'last', created_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'period']).doUpdateSet({ created_at: now }).where('alert_sends.created_at', '<=', cutoff),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
