import type { Kysely } from 'kysely';

/**
 * A product's warranty, shown under its price: free text such as "1 year official
 * warranty", at most PRODUCT_WARRANTY_MAX characters (checked by the shared schema), NULL when the
 * product has none. A nullable column without a default: SQLite adds it without rebuilding the
 * table, PostgreSQL without rewriting it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('warranty', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('warranty').execute();
}
