import type { Kysely } from 'kysely';

/**
 * A Nepali name beside each category's English one ("ल्यापटप" beside "Laptops"), shown by the
 * Nepali interface. NULL: none given, the English name is shown. The English name stays the
 * category's identity in addresses and filters (`?category=Laptops`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['categories', 'sub_categories', 'child_categories']) {
    await db.schema.alterTable(table).addColumn('name_ne', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['categories', 'sub_categories', 'child_categories']) {
    await db.schema.alterTable(table).dropColumn('name_ne').execute();
  }
}
