import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CouponsTable, Database } from '../../db/schema.js';
import { effectivePricePaisa } from '../../db/sale-price.js';

/** SQL of coupons (migration 033): the coupons, their scope, their uses and the carts' applied coupon. */

export type Db = Kysely<Database> | Transaction<Database>;

export type CouponRow = Selectable<CouponsTable>;
export type NewCoupon = Omit<CouponRow, 'id' | 'used_count'>;

/** Numbers as numbers (PostgreSQL answers bigints as text on some paths). */
const normalise = (row: CouponRow): CouponRow => ({
  ...row,
  value: Number(row.value),
  min_subtotal_paisa: row.min_subtotal_paisa === null ? null : Number(row.min_subtotal_paisa),
  max_discount_paisa: row.max_discount_paisa === null ? null : Number(row.max_discount_paisa),
  used_count: Number(row.used_count),
  active: Number(row.active),
});

export async function insertCoupon(db: Db, row: NewCoupon): Promise<number> {
  const { id } = await db.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCoupon(db: Db, id: number, row: Partial<NewCoupon>): Promise<void> {
  await db.updateTable('coupons').set(row).where('id', '=', id).execute();
}

export async function couponById(db: Db, id: number): Promise<CouponRow | undefined> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

/** The coupon's row, locked until the transaction ends (an edit waits for a checkout using it and the other way round). */
export async function lockCoupon(db: Db, id: number): Promise<CouponRow | undefined> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && normalise(row);
}

/** By its code, which is kept in upper case. */
export async function couponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const row = await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
  return row && normalise(row);
}

export async function listCoupons(db: Db): Promise<CouponRow[]> {
  const rows = await db.selectFrom('coupons').selectAll().orderBy('id', 'desc').limit(1000).execute();
  return rows.map(normalise);
}

export interface Scope {
  categoryIds: number[];
  productIds: number[];
}

export async function scopesOf(db: Db, couponIds: number[]): Promise<Map<number, Scope>> {
  const scopes = new Map<number, Scope>(couponIds.map((id) => [id, { categoryIds: [], productIds: [] }]));
  if (couponIds.length === 0) return scopes;
  const categories = await db
    .selectFrom('coupon_categories')
    .select(['coupon_id', 'category_id'])
    .where('coupon_id', 'in', couponIds)
    .orderBy('category_id')
    .execute();
  for (const row of categories) scopes.get(row.coupon_id)?.categoryIds.push(row.category_id);
  const products = await db
    .selectFrom('coupon_products')
    .select(['coupon_id', 'product_id'])
    .where('coupon_id', 'in', couponIds)
    .orderBy('product_id')
    .execute();
  for (const row of products) scopes.get(row.coupon_id)?.productIds.push(row.product_id);
  return scopes;
}

export async function setScope(db: Db, couponId: number, scope: Scope): Promise<void> {
  await db.deleteFrom('coupon_categories').where('coupon_id', '=', couponId).execute();
  await db.deleteFrom('coupon_products').where('coupon_id', '=', couponId).execute();
  if (scope.categoryIds.length > 0) {
    await db
      .insertInto('coupon_categories')
      .values(scope.categoryIds.map((category_id) => ({ coupon_id: couponId, category_id })))
      .execute();
  }
  if (scope.productIds.length > 0) {
    await db
      .insertInto('coupon_products')
      .values(scope.productIds.map((product_id) => ({ coupon_id: couponId, product_id })))
      .execute();
  }
}

export async function existingCategoryIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function existingProductIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

// ---------------------------------------------------------------------------------------------
// Uses: conditional updates, so a limit holds however many checkouts run at once

/**
 * Takes one use of the coupon when it has one left; false when it has none. On PostgreSQL a
 * second checkout waits for the first's row lock and then tests `used_count` as committed.
 */
export async function takeUse(db: Db, couponId: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveBackUse(db: Db, couponId: number): Promise<void> {
  await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('id', '=', couponId)
    .where('used_count', '>', 0)
    .execute();
}

/** Takes one of the shopper's uses of the coupon, within `limit` (null: no limit); false when none is left. */
export async function takeShopperUse(db: Db, couponId: number, userId: number, limit: number | null): Promise<boolean> {
  await db
    .insertInto('coupon_uses')
    .values({ coupon_id: couponId, user_id: userId, uses: 0 })
    .onConflict((oc) => oc.columns(['coupon_id', 'user_id']).doNothing())
    .execute();
  let update = db
    .updateTable('coupon_uses')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId);
  if (limit !== null) update = update.where('uses', '<', limit);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveBackShopperUse(db: Db, couponId: number, userId: number): Promise<void> {
  await db
    .updateTable('coupon_uses')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .where('uses', '>', 0)
    .execute();
}

export async function shopperUses(db: Db, couponId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_uses')
    .select('uses')
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.uses ?? 0);
}

export async function insertRedemption(
  db: Db,
  row: { order_id: string; coupon_id: number; user_id: number; code: string; discount_paisa: number; created_at: string },
): Promise<void> {
  await db
    .insertInto('coupon_redemptions')
    .values({ ...row, released_at: null })
    .execute();
}

export async function redemptionOf(db: Db, orderId: string) {
  return db
    .selectFrom('coupon_redemptions')
    .select(['order_id', 'coupon_id', 'user_id', 'released_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export async function setReleased(db: Db, orderId: string, releasedAt: string | null): Promise<void> {
  await db.updateTable('coupon_redemptions').set({ released_at: releasedAt }).where('order_id', '=', orderId).execute();
}

// ---------------------------------------------------------------------------------------------
// The cart's coupon

export async function cartCouponId(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('cart_coupons').select('coupon_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.coupon_id;
}

export async function setCartCoupon(db: Db, userId: number, couponId: number, now: string): Promise<void> {
  await db
    .insertInto('cart_coupons')
    .values({ user_id: userId, coupon_id: couponId, applied_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ coupon_id: couponId, applied_at: now }))
    .execute();
}

export async function clearCartCoupon(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('cart_coupons').where('user_id', '=', userId).execute();
}

/** The shopper's cart lines as a coupon sees them: product, top-level category and worth (the variant's price when it names one). */
export async function cartWorth(db: Db, userId: number) {
  const rows = await db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .leftJoin('product_variants as v', (join) =>
      join.onRef('v.id', '=', 'ci.variant_id').onRef('v.product_id', '=', 'ci.product_id'),
    )
    .select([
      'ci.product_id',
      'p.category_id',
      'ci.quantity',
      effectivePricePaisa('p').as('price_paisa'),
      effectivePricePaisa('v').as('variant_price'),
      'ci.variant_id',
    ])
    .where('ci.user_id', '=', userId)
    .orderBy('ci.id')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    categoryId: row.category_id,
    grossPaisa: Number(row.variant_id !== 0 && row.variant_price !== null ? row.variant_price : row.price_paisa) * row.quantity,
  }));
}
