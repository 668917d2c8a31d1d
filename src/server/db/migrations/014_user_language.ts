import { type Kysely, sql } from 'kysely';

/**
 * A shopper's language (ADR 0019): the mails the shop sends them are written in it. It is
 * set at registration from the page's language and by the language switch (PUT /api/users/language).
 * Existing shoppers keep the English they have had so far. The check keeps out anything but the
 * shop's two languages (shared/locale.ts). Both dialects take the same ALTER TABLE: a column added
 * with a constant default and a check, which SQLite allows without rebuilding the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (col) =>
      col
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'ne')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
