import { type Kysely, sql } from 'kysely';

/**
 * A product's SKU: the shop's own code for it, which a CSV import finds products by.
 * Optional (null: none), written trimmed, 1–64 characters of A–Z, a–z, 0–9 and - _ . /
 * (productSkuSchema in src/shared/catalog.ts), so lower() means the same on both databases.
 *
 * Unique among LIVE products, case-insensitively: "LAP-01" and "lap-01" are one SKU. A deleted
 * product keeps its SKU for the orders that name it, but its SKU is free again: a product sold out
 * for good and deleted must not block its successor, and an import never updates a product that
 * left the shop. The partial unique index is both the rule and the look-up of the import.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('sku', 'text').execute();
  await db.schema
    .createIndex('products_live_sku')
    .on('products')
    .unique()
    .expression(sql`lower(sku)`)
    .where(sql<boolean>`deleted_at is null and sku is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_live_sku').execute();
  await db.schema.alterTable('products').dropColumn('sku').execute();
}
