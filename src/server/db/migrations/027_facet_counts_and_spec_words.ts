import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The list's facets and the search of brands and specifications (ADR 0036).
 *
 * - products.spec_words: the product's brand name and its specification values as one text
 *   ("Asus 16 GB 16GB Intel Core i7"), written by the specs service with them. Searches read it
 *   from the same word index as the name and description, so "asus 16gb" finds an Asus laptop
 *   with 16 GB of RAM without scanning the specifications. SQLite: a third column of products_fts
 *   (weighted as the description); PostgreSQL: a third part of the `search` tsvector (weight C).
 * - brand_counts (category, brand, n) and spec_value_counts (field, value, n): how many live
 *   products have each brand in each category, and each value of each specification field, kept
 *   by triggers in the transaction of every write, whoever writes (a product archived, restored,
 *   moved to another category or given another brand; a specification set, changed or cleared).
 *   A category's facets with no other filter are read from them, a few rows, at any catalogue size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('spec_words', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('brand_counts')
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('brand_id', 'integer', (col) => col.notNull())
    .addColumn('n', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('brand_counts_pk', ['category_id', 'brand_id'])
    .execute();
  await db.schema
    .createTable('spec_value_counts')
    .addColumn('field_id', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('n', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('spec_value_counts_pk', ['field_id', 'value'])
    .execute();
  if (isPostgres(db)) await postgresUp(db);
  else await sqliteUp(db);
  await sql`insert into brand_counts (category_id, brand_id, n)
    select category_id, brand_id, count(*) from products where deleted_at is null and brand_id is not null
    group by category_id, brand_id`.execute(db);
  await sql`insert into spec_value_counts (field_id, value, n)
    select s.field_id, s.value, count(*) from product_specs s join products p on p.id = s.product_id
    where p.deleted_at is null group by s.field_id, s.value`.execute(db);
}

/** The counts' changes when a product's liveness, brand or category changes (both databases' trigger bodies). */
const productCountsChange = {
  brandOut: `update brand_counts set n = n - 1
    where old.deleted_at is null and old.brand_id is not null and category_id = old.category_id and brand_id = old.brand_id`,
  brandIn: `insert into brand_counts (category_id, brand_id, n)
    select new.category_id, new.brand_id, 1 where new.deleted_at is null and new.brand_id is not null
    on conflict (category_id, brand_id) do update set n = brand_counts.n + 1`,
  specsOut: `update spec_value_counts set n = n - 1
    where old.deleted_at is null and new.deleted_at is not null
    and (field_id, value) in (select s.field_id, s.value from product_specs s where s.product_id = old.id)`,
  specsIn: `insert into spec_value_counts (field_id, value, n)
    select s.field_id, s.value, 1 from product_specs s where s.product_id = new.id and old.deleted_at is not null and new.deleted_at is null
    on conflict (field_id, value) do update set n = spec_value_counts.n + 1`,
};

const PRODUCT_CHANGED = `(old.deleted_at is null) <> (new.deleted_at is null)
  or old.brand_id is distinct from new.brand_id or old.category_id <> new.category_id`;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  // products_fts gains the column: made again under its name, fed by the same three triggers.
  for (const trigger of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
    await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
  }
  await sql`drop table products_fts`.execute(db);
  await sql`create virtual table products_fts using fts5(
      name, description, spec_words, content='products', content_rowid='id',
      tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3'
    )`.execute(db);
  await sql`create trigger products_fts_insert after insert on products when new.deleted_at is null begin
      insert into products_fts(rowid, name, description, spec_words) values (new.id, new.name, new.description, new.spec_words);
    end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products when old.deleted_at is null begin
      insert into products_fts(products_fts, rowid, name, description, spec_words)
        values ('delete', old.id, old.name, old.description, old.spec_words);
    end`.execute(db);
  await sql`create trigger products_fts_update after update of name, description, spec_words, deleted_at on products begin
      insert into products_fts(products_fts, rowid, name, description, spec_words)
        select 'delete', old.id, old.name, old.description, old.spec_words where old.deleted_at is null;
      insert into products_fts(rowid, name, description, spec_words)
        select new.id, new.name, new.description, new.spec_words where new.deleted_at is null;
    end`.execute(db);
  await sql`insert into products_fts(rowid, name, description, spec_words)
    select id, name, description, spec_words from products where deleted_at is null`.execute(db);
  await sql`insert into products_fts(products_fts, rank) values ('rank', 'bm25(10.0, 1.0, 1.0)')`.execute(db);

  const live = (row: string) => `exists (select 1 from products p where p.id = ${row}.product_id and p.deleted_at is null)`;
  await sql`create trigger product_specs_counted_insert after insert on product_specs when ${sql.raw(live('new'))} begin
      insert into spec_value_counts (field_id, value, n) values (new.field_id, new.value, 1)
        on conflict (field_id, value) do update set n = n + 1;
    end`.execute(db);
  await sql`create trigger product_specs_counted_delete after delete on product_specs when ${sql.raw(live('old'))} begin
      update spec_value_counts set n = n - 1 where field_id = old.field_id and value = old.value;
    end`.execute(db);
  await sql`create trigger product_specs_counted_update after update of field_id, value on product_specs
    when ${sql.raw(live('new'))} begin
      update spec_value_counts set n = n - 1 where field_id = old.field_id and value = old.value;
      insert into spec_value_counts (field_id, value, n) values (new.field_id, new.value, 1)
        on conflict (field_id, value) do update set n = n + 1;
    end`.execute(db);
  await sql`create trigger products_counted_insert after insert on products
    when new.deleted_at is null and new.brand_id is not null begin
      insert into brand_counts (category_id, brand_id, n) values (new.category_id, new.brand_id, 1)
        on conflict (category_id, brand_id) do update set n = n + 1;
    end`.execute(db);
  await sql`create trigger products_counted_update after update of deleted_at, brand_id, category_id on products
    when ${sql.raw(PRODUCT_CHANGED)} begin
      ${sql.raw(Object.values(productCountsChange).join(';\n'))};
    end`.execute(db);
  await sql`create trigger products_counted_delete after delete on products
    when old.deleted_at is null and old.brand_id is not null begin
      update brand_counts set n = n - 1 where category_id = old.category_id and brand_id = old.brand_id;
    end`.execute(db);
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  // The search vector gains the words (weight C); the column is generated, so it is made again.
  await sql`drop index products_search`.execute(db);
  await sql`alter table products drop column search`.execute(db);
  await sql`alter table products add column search tsvector generated always as (
      setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')
      || setweight(to_tsvector('english', spec_words), 'C')
    ) stored`.execute(db);
  await sql`create index products_search on products using gin (search)`.execute(db);
  // The words being typed (migration 022) include these too.
  await sql`drop trigger search_words_update on products`.execute(db);
  await sql`create trigger search_words_update after update of name, description, spec_words on products
    for each row when (old.name is distinct from new.name or old.description is distinct from new.description
      or old.spec_words is distinct from new.spec_words)
    execute function search_words_changed()`.execute(db);

  // A statement's specifications are counted at once (a bulk load is one upsert per value).
  await sql
    .raw(
      `create function spec_value_counts_inserted() returns trigger language plpgsql as $$
      begin
        insert into spec_value_counts (field_id, value, n)
        select r.field_id, r.value, count(*) from new_rows r join products p on p.id = r.product_id and p.deleted_at is null
        group by r.field_id, r.value order by r.field_id, r.value
        on conflict (field_id, value) do update set n = spec_value_counts.n + excluded.n;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function spec_value_counts_deleted() returns trigger language plpgsql as $$
      begin
        update spec_value_counts c set n = c.n - d.n
        from (select r.field_id, r.value, count(*) as n from old_rows r join products p on p.id = r.product_id and p.deleted_at is null
          group by r.field_id, r.value) as d
        where c.field_id = d.field_id and c.value = d.value;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function spec_value_counts_updated() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from products p where p.id = new.product_id and p.deleted_at is null) then
          update spec_value_counts set n = n - 1 where field_id = old.field_id and value = old.value;
          insert into spec_value_counts (field_id, value, n) values (new.field_id, new.value, 1)
            on conflict (field_id, value) do update set n = spec_value_counts.n + 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger product_specs_counted_insert after insert on product_specs
    referencing new table as new_rows for each statement execute function spec_value_counts_inserted()`.execute(db);
  await sql`create trigger product_specs_counted_delete after delete on product_specs
    referencing old table as old_rows for each statement execute function spec_value_counts_deleted()`.execute(db);
  await sql`create trigger product_specs_counted_update after update of field_id, value on product_specs
    for each row when (old.field_id <> new.field_id or old.value <> new.value) execute function spec_value_counts_updated()`.execute(
    db,
  );

  await sql
    .raw(
      `create function brand_counts_inserted() returns trigger language plpgsql as $$
      begin
        insert into brand_counts (category_id, brand_id, n)
        select r.category_id, r.brand_id, count(*) from new_rows r where r.deleted_at is null and r.brand_id is not null
        group by r.category_id, r.brand_id order by r.category_id, r.brand_id
        on conflict (category_id, brand_id) do update set n = brand_counts.n + excluded.n;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function product_counts_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update brand_counts set n = n - 1
          where old.deleted_at is null and category_id = old.category_id and brand_id = old.brand_id;
          return null;
        end if;
        ${Object.values(productCountsChange).join(';\n')};
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger products_counted_insert after insert on products
    referencing new table as new_rows for each statement execute function brand_counts_inserted()`.execute(db);
  await sql`create trigger products_counted_update after update of deleted_at, brand_id, category_id on products
    for each row when (${sql.raw(PRODUCT_CHANGED)}) execute function product_counts_changed()`.execute(db);
  await sql`create trigger products_counted_delete after delete on products
    for each row execute function product_counts_changed()`.execute(db);
}

/** The counts and words go with the triggers that keep them; the search goes back to name and description. */
export async function down(): Promise<void> {
  throw new Error('027_facet_counts_and_spec_words cannot be undone: go back to a backup');
}
