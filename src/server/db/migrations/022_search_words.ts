import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL: every word (lexeme of products.search, names and descriptions) any product has had,
 * so that the word being typed, a prefix, can be searched as the words it begins (ADR 0024). GIN
 * answers a prefix by reading its whole key range and rechecking every row it finds (several times
 * slower than the same search with whole words): spelled out as the words
 * ("kingston & (black | blackwidow)") it matches the same products, from the index alone.
 *
 * Words are only added (a product's insert, a change of its name or description): a word no
 * product has any more costs a search nothing but an alternative that matches nothing. Compared
 * byte by byte (collation "C"), so the words beginning with a prefix are one range of the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table search_words (word text collate "C" primary key)`.execute(db);
  await sql`insert into search_words (word)
    select distinct w.word from products p cross join lateral unnest(tsvector_to_array(p.search)) as w(word)`.execute(db);
  const add = (rows: string) => `insert into search_words (word)
    select distinct w.word from ${rows} cross join lateral unnest(tsvector_to_array(r.search)) as w(word)
    order by w.word on conflict (word) do nothing`;
  await sql
    .raw(
      `create function search_words_inserted() returns trigger language plpgsql as $$
      begin ${add('new_rows r')}; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function search_words_changed() returns trigger language plpgsql as $$
      begin ${add('(select new.search) as r(search)')}; return null; end $$`,
    )
    .execute(db);
  await sql`create trigger search_words_insert after insert on products
    referencing new table as new_rows for each statement execute function search_words_inserted()`.execute(db);
  await sql`create trigger search_words_update after update of name, description on products
    for each row when (old.name is distinct from new.name or old.description is distinct from new.description)
    execute function search_words_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger search_words_insert on products`.execute(db);
  await sql`drop trigger search_words_update on products`.execute(db);
  await sql`drop function search_words_inserted()`.execute(db);
  await sql`drop function search_words_changed()`.execute(db);
  await sql`drop table search_words`.execute(db);
}
