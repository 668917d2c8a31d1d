import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Catalogue list speed at 100 000 products:
 * - catalog_state.version: bumped in the same transaction as every catalogue write, so each
 *   server process can cache list pages and counts keyed by it and still never serve a stale
 *   answer (other processes and the seed CLI bump it too).
 * - SQLite: the FTS5 index holds live products only (triggers follow deleted_at), so a search
 *   can be counted and ranked from the index alone; the name weighs ten times the description.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_state')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into catalog_state (id, version) values (1, 0)`.execute(db);

  if (isPostgres(db)) return;

  for (const trigger of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
    await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
  }
  await sql`
    create trigger products_fts_insert after insert on products when new.deleted_at is null begin
      insert into products_fts(rowid, name, description) values (new.id, new.name, new.description);
    end`.execute(db);
  await sql`
    create trigger products_fts_delete after delete on products when old.deleted_at is null begin
      insert into products_fts(products_fts, rowid, name, description) values ('delete', old.id, old.name, old.description);
    end`.execute(db);
  // One trigger with two ordered statements: the old entry must leave the index before the new one enters.
  await sql`
    create trigger products_fts_update after update of name, description, deleted_at on products begin
      insert into products_fts(products_fts, rowid, name, description)
        select 'delete', old.id, old.name, old.description where old.deleted_at is null;
      insert into products_fts(rowid, name, description)
        select new.id, new.name, new.description where new.deleted_at is null;
    end`.execute(db);
  // Rebuild from live rows only, then set the default rank (bm25 with column weights).
  await sql`insert into products_fts(products_fts) values ('delete-all')`.execute(db);
  await sql`insert into products_fts(rowid, name, description) select id, name, description from products where deleted_at is null`.execute(
    db,
  );
  await sql`insert into products_fts(products_fts, rank) values ('rank', 'bm25(10.0, 1.0)')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('catalog_state').execute();
}
