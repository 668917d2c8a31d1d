import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL: a search index of product names alone, for search results that list the products
 * named with the words first (ADR 0018). The GIN index of `search` (name and description, migration
 * 002) cannot tell a name match from a description match: a word common in descriptions and rare in
 * names ("gaming") read every match to find the few names. SQLite's FTS5 table answers a column
 * filter (`name : …`) from its own index and needs nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table products add column name_search tsvector generated always as (to_tsvector('english', name)) stored`.execute(
    db,
  );
  await sql`create index products_live_name_search on products using gin (name_search) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index products_live_name_search`.execute(db);
  await sql`alter table products drop column name_search`.execute(db);
}
