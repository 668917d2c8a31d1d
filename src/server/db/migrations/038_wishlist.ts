import type { Kysely } from 'kysely';

/**
 * The shopper's wishlist (ADR 0043): one row per shopper and product, the heart on a card saved
 * to the account. The primary key makes adding the same product twice one row; the service caps a
 * shopper's rows (WISHLIST_MAX) with the shopper's row locked, so parallel adds cannot pass it.
 * A product that is deleted later stays listed as no longer available until the shopper removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
    .execute();
  // Who has a product on their wishlist (the price-drop alert looks it up by product).
  await db.schema.createIndex('wishlist_items_product').on('wishlist_items').columns(['product_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wishlist_items').execute();
}
