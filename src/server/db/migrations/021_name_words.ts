import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * A hyphenated word ("usb-c") is a lexeme of its own beside its parts ("usb", "c"), and a search
 * word never has a hyphen (searchTerms splits there): it could only match as a prefix, where its
 * first part matches too. Left out, so that "usb" is one scan and not two of the same products.
 */
const WORD = `position('-' in w.word) = 0`;

/**
 * PostgreSQL: the words of live products' names, one row per (word, stock part, product), in a
 * B-tree, so that "the newest products in stock whose name has this word" is read from the index
 * alone, in id order, stopping at what the page needs (ADR 0024). The GIN index of migration 013
 * answers which products have a word but not in any order: every match's row was read to find the
 * newest 240 (a word in few names walked many times as many rows, newest first).
 *
 * A word is a lexeme of name_search (to_tsvector('english', name)), so a search of these words
 * matches what `name_search @@ to_tsquery(…)` matches. The words are compared byte by byte
 * (collation "C"), so the words beginning with a prefix are one range of the index.
 * sold_out (migration 016) is in the key: each stock part is read on its own, as the lists do.
 *
 * Triggers keep it in the transaction of every product write, whoever writes: insert as one
 * statement over the transition table (a bulk load of 5 000 rows is one insert), an update that
 * changes the name, archives or restores, or crosses zero stock (a checkout that leaves stock
 * above zero fires nothing), and delete. SQLite's FTS5 table answers name matches in order from
 * its own index and needs nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table product_name_words (
    word text collate "C" not null,
    sold_out smallint not null,
    product_id integer not null,
    primary key (word, sold_out, product_id)
  )`.execute(db);
  await sql`insert into product_name_words (word, sold_out, product_id)
    select w.word, p.sold_out, p.id from products p cross join lateral unnest(tsvector_to_array(p.name_search)) as w(word)
    where p.deleted_at is null and ${sql.raw(WORD)}`.execute(db);

  // The words beginning with a prefix, at most `most` of them: one index probe a word (a loose
  // index scan), where a range scan would read every entry of every word.
  await sql
    .raw(
      `create function product_name_words_from(prefix text, most integer) returns setof text
      language plpgsql stable as $$
      declare
        found text collate "C" := prefix;
        n integer := 0;
      begin
        select w.word into found from product_name_words w where w.word >= prefix collate "C" order by w.word limit 1;
        while found is not null and starts_with(found, prefix) and n < most loop
          return next found;
          n := n + 1;
          select w.word into found from product_name_words w where w.word > found order by w.word limit 1;
        end loop;
      end $$`,
    )
    .execute(db);

  const words = (row: string) => `select w.word, ${row}.sold_out, ${row}.id
    from unnest(tsvector_to_array(${row}.name_search)) as w(word) where ${WORD}`;
  await sql
    .raw(
      `create function product_name_words_inserted() returns trigger language plpgsql as $$
      begin
        insert into product_name_words (word, sold_out, product_id)
        select w.word, r.sold_out, r.id from new_rows r cross join lateral unnest(tsvector_to_array(r.name_search)) as w(word)
        where r.deleted_at is null and ${WORD};
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function product_name_words_changed() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
          delete from product_name_words
          where word = any(tsvector_to_array(old.name_search)) and sold_out = old.sold_out and product_id = old.id;
        end if;
        if tg_op = 'UPDATE' and new.deleted_at is null then
          insert into product_name_words (word, sold_out, product_id) ${words('new')};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger product_name_words_insert after insert on products
    referencing new table as new_rows for each statement execute function product_name_words_inserted()`.execute(db);
  await sql`create trigger product_name_words_update after update of name, deleted_at, stock on products
    for each row when (
      old.name is distinct from new.name
      or (old.deleted_at is null) <> (new.deleted_at is null)
      or (coalesce(old.stock, 1) = 0) <> (coalesce(new.stock, 1) = 0)
    ) execute function product_name_words_changed()`.execute(db);
  await sql`create trigger product_name_words_delete after delete on products
    for each row execute function product_name_words_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const trigger of ['product_name_words_insert', 'product_name_words_update', 'product_name_words_delete']) {
    await sql`drop trigger ${sql.ref(trigger)} on products`.execute(db);
  }
  await sql`drop function product_name_words_inserted()`.execute(db);
  await sql`drop function product_name_words_changed()`.execute(db);
  await sql`drop function product_name_words_from(text, integer)`.execute(db);
  await sql`drop table product_name_words`.execute(db);
}
