import type { Kysely } from 'kysely';

/**
 * How many units of a product one order may take, when the product has its own limit; NULL: the
 * shop's default (MAX_UNITS_PER_ORDER). A nullable column without a default: SQLite adds it
 * without rebuilding the table, PostgreSQL without rewriting it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('max_per_order', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('max_per_order').execute();
}
