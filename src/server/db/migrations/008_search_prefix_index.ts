import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * SQLite: the search index keeps prefix indexes of 1, 2 and 3 characters. Every search word is a
 * prefix, and the search box searches as the shopper types, so "i", "ip" and "iph" are asked for
 * first. Without a prefix index FTS5 merges the posting lists of every word that starts with the
 * prefix before it can read one match, so a one-letter search was slow just to count. With it,
 * counting is several times faster, and reading the newest matches in order can stop early. The
 * index grows by about half. PostgreSQL's GIN index answers prefixes from its own key tree and is
 * left alone.
 *
 * The table is made again with the same name, so the triggers of migration 004 keep feeding it.
 * It holds live products only, and the name weighs ten times the description, as before.
 */
async function recreate(db: Kysely<unknown>, options: string): Promise<void> {
  await sql`drop table products_fts`.execute(db);
  await sql`
    create virtual table products_fts using fts5(
      name, description, content='products', content_rowid='id',
      tokenize='porter unicode61 remove_diacritics 2'${sql.raw(options)}
    )`.execute(db);
  await sql`insert into products_fts(rowid, name, description) select id, name, description from products where deleted_at is null`.execute(
    db,
  );
  await sql`insert into products_fts(products_fts, rank) values ('rank', 'bm25(10.0, 1.0)')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, ", prefix='1 2 3'");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, '');
}
