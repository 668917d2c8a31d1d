import type { Kysely } from 'kysely';
import { serialId } from './helpers.js';

/**
 * Coupon codes.
 * - coupons: the code in upper case (unique: codes are told apart without regard to case), percent
 *   (value: whole percent) or fixed (value: paisa); optional minimum of the items it covers, cap,
 *   window, total and per-shopper limits; used_count = the uses held by orders now, kept by the
 *   checkout's conditional update (never above usage_limit) and given back by a cancel.
 * - coupon_categories / coupon_products: its scope; none of either: the whole cart.
 * - coupon_uses: one row per coupon and shopper, the uses their orders hold (per_customer_limit).
 * - coupon_redemptions: one per order that used a coupon, with what it was given; released_at is
 *   set when the order is cancelled (or its online payment timed out) and its use was given back.
 * - cart_coupons: the coupon a shopper applied to their cart.
 * - orders.discount_paisa / coupon_code and order_items.discount_paisa: what the order was given,
 *   kept with it whatever later happens to the coupon.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('coupons')
    .addColumn('id', id.type, id.build)
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addColumn('min_subtotal_paisa', 'bigint')
    .addColumn('max_discount_paisa', 'bigint')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('used_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('coupon_categories')
    .addColumn('coupon_id', 'integer', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('coupon_categories_pk', ['coupon_id', 'category_id'])
    .execute();
  await db.schema
    .createTable('coupon_products')
    .addColumn('coupon_id', 'integer', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('coupon_products_pk', ['coupon_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('coupon_uses')
    .addColumn('coupon_id', 'integer', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('coupon_uses_pk', ['coupon_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('order_id', 'text', (col) => col.primaryKey().references('orders.id'))
    .addColumn('coupon_id', 'integer', (col) => col.notNull().references('coupons.id'))
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('discount_paisa', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('released_at', 'text')
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_coupon')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('cart_coupons')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('applied_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_paisa', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('discount_paisa', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('discount_paisa').execute();
  await db.schema.alterTable('orders').dropColumn('coupon_code').execute();
  await db.schema.alterTable('orders').dropColumn('discount_paisa').execute();
  for (const table of ['cart_coupons', 'coupon_redemptions', 'coupon_uses', 'coupon_products', 'coupon_categories', 'coupons']) {
    await db.schema.dropTable(table).execute();
  }
}
