import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL: every change of catalog_state.version sends its new value on the channel
 * CATALOG_VERSION_CHANNEL (db/catalog-version.ts), so each server process keeps the version in
 * memory instead of reading it per request (ADR 0059). NOTIFY is delivered when the transaction
 * commits, and not at all when it rolls back, so a listener never sees a version that was not
 * written. The trigger catches every way the version moves: the bumps of catalogue writes, the
 * deferred trigger of a stock crossing zero (migration 016), the seed CLI. SQLite has one process
 * per file and reads the version in-process; it has nothing to add.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function catalog_version_notify() returns trigger language plpgsql as $$
    begin perform pg_notify('pasal_catalog_version', new.version::text); return null; end $$`.execute(db);
  await sql`create trigger catalog_state_notify after update of version on catalog_state
    for each row when (old.version is distinct from new.version) execute function catalog_version_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger catalog_state_notify on catalog_state`.execute(db);
  await sql`drop function catalog_version_notify()`.execute(db);
}
