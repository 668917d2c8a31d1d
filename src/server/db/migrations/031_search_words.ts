import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './helpers.js';

/**
 * Search without dead ends (ADR 0037).
 *
 * - products.category_words: the English names of the product's category, subcategory and child
 *   category ("Laptops Gaming Laptops"), so "gaming laptop" finds a Gaming Laptops product whose
 *   name lacks "gaming". Kept by the database whoever writes (a category's English name never
 *   changes once made). SQLite: a fourth column of products_fts, weighted as the description;
 *   PostgreSQL: a fourth part of the `search` vector (weight C, as the specification words).
 * - catalog_words: every word (lower case, unstemmed, 3 to 40 characters, at least one latin letter)
 *   that products' names, specification words and category names have had. A search word with one
 *   typo is corrected against it by probing its few hundred one-edit variants, never by reading
 *   products. Words are only added, like search_words (migration 022).
 * - search_dictionary: a word or phrase a shopper types and the catalogue's term for it
 *   ("ल्यापटप" → "laptop"), seeded with common Nepali words and the Nepali names the catalogue's
 *   categories have; the owner extends it.
 */

/** The category path's English names of a product row (`r`), one text. */
const categoryWordsOf = (r: string) => `trim(
  coalesce((select c.name from categories c where c.id = ${r}.category_id), '') || ' ' ||
  coalesce((select s.name from sub_categories s where s.id = ${r}.sub_category_id), '') || ' ' ||
  coalesce((select x.name from child_categories x where x.id = ${r}.child_category_id), ''))`;

/** SQLite: a text as a JSON array of its words (split at spaces and punctuation), for json_each. */
function sqliteWordsJson(text: string): string {
  let cleaned = text;
  for (const ch of [
    '\\',
    '"',
    ',',
    '.',
    '(',
    ')',
    '/',
    '-',
    '+',
    ':',
    ';',
    '[',
    ']',
    '{',
    '}',
    '|',
    '&',
    "''",
    '!',
    '?',
    '*',
    '#',
    '@',
    '%',
  ]) {
    cleaned = `replace(${cleaned}, '${ch}', ' ')`;
  }
  for (const code of [9, 10, 13]) cleaned = `replace(${cleaned}, char(${code}), ' ')`;
  const json = `'["' || replace(lower(${cleaned}), ' ', '","') || '"]'`;
  return `(case when json_valid(${json}) then ${json} else '[]' end)`;
}

const SQLITE_WORD = (w: string) => `length(${w}) between 3 and 40 and ${w} glob '*[a-z]*'`;
const PG_WORD = (w: string) => `length(${w}) between 3 and 40 and ${w} ~ '[a-z]' and position('-' in ${w}) = 0`;
const textOf = (r: string) => `${r}.name || ' ' || ${r}.spec_words || ' ' || ${r}.category_words`;

/** Common words of Nepali shoppers, and the catalogue's word for each. */
export const NEPALI_WORDS: readonly [string, string][] = [
  ['ल्यापटप', 'laptop'],
  ['ल्याप्टप', 'laptop'],
  ['मोबाइल', 'mobile'],
  ['मोबाईल', 'mobile'],
  ['फोन', 'phone'],
  ['कम्प्युटर', 'computer'],
  ['कम्प्यूटर', 'computer'],
  ['टिभी', 'tv'],
  ['टेलिभिजन', 'television'],
  ['हेडफोन', 'headphones'],
  ['इयरफोन', 'earphones'],
  ['चार्जर', 'charger'],
  ['क्यामेरा', 'camera'],
  ['घडी', 'watch'],
  ['स्पिकर', 'speaker'],
  ['माउस', 'mouse'],
  ['किबोर्ड', 'keyboard'],
  ['ट्याब्लेट', 'tablet'],
  ['प्रिन्टर', 'printer'],
  ['मनिटर', 'monitor'],
  ['ब्याट्री', 'battery'],
  ['केबल', 'cable'],
  ['पावर बैंक', 'power bank'],
  ['फ्रिज', 'refrigerator'],
  ['राउटर', 'router'],
  ['गेमिङ', 'gaming'],
  ['सस्तो', 'budget'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = serialId(db);
  await db.schema
    .alterTable('products')
    .addColumn('category_words', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update products set category_words = ${sql.raw(categoryWordsOf('products'))}`.execute(db);

  await db.schema
    .createTable('catalog_words')
    .addColumn('word', pg ? sql`text collate "C"` : 'text', (col) => col.primaryKey())
    .execute();
  await db.schema
    .createTable('search_dictionary')
    .addColumn('id', id.type, id.build)
    .addColumn('word', 'text', (col) => col.notNull().unique())
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  if (pg) await postgresUp(db);
  else await sqliteUp(db);

  // The seed: common words, then the Nepali names the categories have now (the owner's words win).
  const now = new Date().toISOString();
  const seed = new Map<string, string>(NEPALI_WORDS);
  for (const table of ['categories', 'sub_categories', 'child_categories'] as const) {
    const { rows } = await sql<{ name: string; name_ne: string }>`select name, name_ne from ${sql.table(table)}
      where deleted_at is null and name_ne is not null`.execute(db);
    for (const row of rows) {
      const word = (
        row.name_ne
          .normalize('NFKC')
          .toLowerCase()
          .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
      ).join(' ');
      if (word && !seed.has(word)) seed.set(word, row.name.toLowerCase());
    }
  }
  for (const [word, term] of seed) {
    await sql`insert into search_dictionary (word, term, created_at, updated_at) values (${word}, ${term}, ${now}, ${now})`.execute(
      db,
    );
  }
}

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
    await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
  }
  await sql`drop table products_fts`.execute(db);
  await sql`create virtual table products_fts using fts5(
      name, description, spec_words, category_words, content='products', content_rowid='id',
      tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3'
    )`.execute(db);
  // The index takes a product's category words from the categories themselves, not from the
  // row's copy: an English category name never changes, so what a row was indexed with is what
  // its delete gives back, whichever of the row's triggers runs first (the copy is written by a
  // second update, after the row's insert).
  const cols = 'name, description, spec_words, category_words';
  const of = (r: string) => `${r}.name, ${r}.description, ${r}.spec_words, ${categoryWordsOf(r)}`;
  await sql
    .raw(
      `create trigger products_fts_insert after insert on products when new.deleted_at is null begin
      insert into products_fts(rowid, ${cols}) values (new.id, ${of('new')});
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_fts_delete after delete on products when old.deleted_at is null begin
      insert into products_fts(products_fts, rowid, ${cols}) values ('delete', old.id, ${of('old')});
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_fts_update
      after update of name, description, spec_words, deleted_at, category_id, sub_category_id, child_category_id on products begin
      insert into products_fts(products_fts, rowid, ${cols}) select 'delete', old.id, ${of('old')} where old.deleted_at is null;
      insert into products_fts(rowid, ${cols}) select new.id, ${of('new')} where new.deleted_at is null;
    end`,
    )
    .execute(db);
  await sql
    .raw(`insert into products_fts(rowid, ${cols}) select p.id, ${of('p')} from products p where p.deleted_at is null`)
    .execute(db);
  await sql`insert into products_fts(products_fts, rank) values ('rank', 'bm25(10.0, 1.0, 1.0, 1.0)')`.execute(db);

  // The row's copy of its category words (catalog_words reads it): for a product written without
  // them (the app writes them on insert), or moved.
  await sql
    .raw(
      `create trigger products_category_words_insert after insert on products when new.category_words = '' begin
      update products set category_words = ${categoryWordsOf('new')} where id = new.id;
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_category_words_update after update of category_id, sub_category_id, child_category_id on products
      when old.category_id <> new.category_id or old.sub_category_id is not new.sub_category_id
        or old.child_category_id is not new.child_category_id begin
      update products set category_words = ${categoryWordsOf('new')} where id = new.id;
    end`,
    )
    .execute(db);

  const add = (r: string) => `insert or ignore into catalog_words (word)
    select distinct j.value from json_each(${sqliteWordsJson(textOf(r))}) j where ${SQLITE_WORD('j.value')}`;
  await sql
    .raw(
      `insert or ignore into catalog_words (word) select distinct j.value from products p, json_each(${sqliteWordsJson(textOf('p'))}) j
    where p.deleted_at is null and ${SQLITE_WORD('j.value')}`,
    )
    .execute(db);
  await sql.raw(`create trigger catalog_words_insert after insert on products begin ${add('new')}; end`).execute(db);
  await sql
    .raw(
      `create trigger catalog_words_update after update of name, spec_words, category_words on products begin ${add('new')}; end`,
    )
    .execute(db);
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function products_category_words() returns trigger language plpgsql as $$
      begin new.category_words := ${categoryWordsOf('new')}; return new; end $$`,
    )
    .execute(db);
  await sql`create trigger products_category_words before insert or update of category_id, sub_category_id, child_category_id
    on products for each row execute function products_category_words()`.execute(db);

  // The search vector gains the category words (weight C); the column is generated, so it is made again.
  await sql`drop index products_search`.execute(db);
  await sql`alter table products drop column search`.execute(db);
  await sql`alter table products add column search tsvector generated always as (
      setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')
      || setweight(to_tsvector('english', spec_words), 'C') || setweight(to_tsvector('english', category_words), 'C')
    ) stored`.execute(db);
  await sql`create index products_search on products using gin (search)`.execute(db);
  // The words being typed (migration 022) include them too.
  await sql`insert into search_words (word)
    select distinct w.word from products p cross join lateral unnest(tsvector_to_array(to_tsvector('english', p.category_words))) as w(word)
    on conflict (word) do nothing`.execute(db);
  await sql`drop trigger search_words_update on products`.execute(db);
  await sql`create trigger search_words_update after update of name, description, spec_words, category_words on products
    for each row when (old.name is distinct from new.name or old.description is distinct from new.description
      or old.spec_words is distinct from new.spec_words or old.category_words is distinct from new.category_words)
    execute function search_words_changed()`.execute(db);

  const words = (rows: string) => `insert into catalog_words (word)
    select distinct w.word from ${rows} cross join lateral unnest(tsvector_to_array(to_tsvector('simple', ${textOf('r')}))) as w(word)
    where ${PG_WORD('w.word')} order by w.word on conflict (word) do nothing`;
  await sql.raw(`${words('products r')}`).execute(db);
  await sql
    .raw(
      `create function catalog_words_inserted() returns trigger language plpgsql as $$ begin ${words('new_rows r')}; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function catalog_words_changed() returns trigger language plpgsql as $$
      begin ${words('(select new.name, new.spec_words, new.category_words) as r(name, spec_words, category_words)')}; return null; end $$`,
    )
    .execute(db);
  await sql`create trigger catalog_words_insert after insert on products
    referencing new table as new_rows for each statement execute function catalog_words_inserted()`.execute(db);
  await sql`create trigger catalog_words_update after update of name, spec_words, category_words on products
    for each row when (old.name is distinct from new.name or old.spec_words is distinct from new.spec_words
      or old.category_words is distinct from new.category_words)
    execute function catalog_words_changed()`.execute(db);
}

/** The search goes back to its three parts only by a backup, as migration 027's. */
export async function down(): Promise<void> {
  throw new Error('031_search_words cannot be undone: go back to a backup');
}
