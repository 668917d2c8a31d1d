import type { Kysely } from 'kysely';

/**
 * Delivery by district (ADR 0051): the owner's terms for a district, one row per district edited
 * (its English name, as orders store it). A district without a row takes the shop's valley or
 * outside-valley settings and offers cash on delivery, so no row needs writing here and a change of
 * those settings still reaches every district the owner has not edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('district_delivery')
    .addColumn('district', 'text', (col) => col.primaryKey())
    .addColumn('fee_paisa', 'integer', (col) => col.notNull())
    .addColumn('days_min', 'integer', (col) => col.notNull())
    .addColumn('days_max', 'integer', (col) => col.notNull())
    .addColumn('cod', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('district_delivery').execute();
}
