import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * How many live products have each value of each specification field with each brand (ADR 0058):
 * spec_brand_counts (field, value, brand, n), kept by triggers in the transaction of every write,
 * whoever writes, as brand_counts and spec_value_counts are (migration 027). A list with a brand
 * and one specification value chosen reads its brand facet (the brands of the products with that
 * value) and that field's facet (the values of the chosen brands' products) from it: a few rows at
 * any catalogue size, where counting read every product with the value or of the brand.
 *
 * A field belongs to one category, so the rows need no category key, as spec_value_counts.
 * What changes a row: a value set, changed or cleared on a live product with a brand; a product
 * archived or restored, or given another brand (each of its values moves with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spec_brand_counts')
    .addColumn('field_id', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('brand_id', 'integer', (col) => col.notNull())
    .addColumn('n', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('spec_brand_counts_pk', ['field_id', 'value', 'brand_id'])
    .execute();
  if (isPostgres(db)) await postgresUp(db);
  else await sqliteUp(db);
  await sql`insert into spec_brand_counts (field_id, value, brand_id, n)
    select s.field_id, s.value, p.brand_id, count(*) from product_specs s join products p on p.id = s.product_id
    where p.deleted_at is null and p.brand_id is not null group by s.field_id, s.value, p.brand_id`.execute(db);
}

/** A product's liveness or brand changed (both databases' trigger bodies and conditions). */
const PRODUCT_CHANGED = `(old.deleted_at is null) <> (new.deleted_at is null) or old.brand_id is distinct from new.brand_id`;
const productOut = `update spec_brand_counts set n = n - 1
  where old.deleted_at is null and old.brand_id is not null and brand_id = old.brand_id
  and (field_id, value) in (select s.field_id, s.value from product_specs s where s.product_id = old.id)`;
/** PostgreSQL takes the rows' locks in one order (`order by`), so two such writes cannot deadlock. */
const productIn = (plus: string, order = '') => `insert into spec_brand_counts (field_id, value, brand_id, n)
  select s.field_id, s.value, new.brand_id, 1 from product_specs s
  where s.product_id = new.id and new.deleted_at is null and new.brand_id is not null ${order}
  on conflict (field_id, value, brand_id) do update set n = ${plus} + 1`;

/** The brand of a live product (null when archived or without a brand). */
const liveBrand = (row: string) =>
  `(select p.brand_id from products p where p.id = ${row}.product_id and p.deleted_at is null)`;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  const specIn = `insert into spec_brand_counts (field_id, value, brand_id, n)
    select new.field_id, new.value, ${liveBrand('new')}, 1 where ${liveBrand('new')} is not null
    on conflict (field_id, value, brand_id) do update set n = n + 1`;
  const specOut = `update spec_brand_counts set n = n - 1
    where field_id = old.field_id and value = old.value and brand_id = ${liveBrand('old')}`;
  await sql`create trigger product_specs_brand_counted_insert after insert on product_specs begin
      ${sql.raw(specIn)};
    end`.execute(db);
  await sql`create trigger product_specs_brand_counted_delete after delete on product_specs begin
      ${sql.raw(specOut)};
    end`.execute(db);
  await sql`create trigger product_specs_brand_counted_update after update of field_id, value on product_specs begin
      ${sql.raw(specOut)};
      ${sql.raw(specIn)};
    end`.execute(db);
  await sql`create trigger products_brand_counted_update after update of deleted_at, brand_id on products
    when ${sql.raw(PRODUCT_CHANGED)} begin
      ${sql.raw(productOut)};
      ${sql.raw(productIn('n'))};
    end`.execute(db);
  await sql`create trigger products_brand_counted_delete after delete on products
    when old.deleted_at is null and old.brand_id is not null begin
      ${sql.raw(productOut)};
    end`.execute(db);
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  // A statement's values are counted at once (a bulk load is one upsert per row of the table).
  await sql
    .raw(
      `create function spec_brand_counts_inserted() returns trigger language plpgsql as $$
      begin
        insert into spec_brand_counts (field_id, value, brand_id, n)
        select r.field_id, r.value, p.brand_id, count(*) from new_rows r
          join products p on p.id = r.product_id and p.deleted_at is null and p.brand_id is not null
        group by r.field_id, r.value, p.brand_id order by r.field_id, r.value, p.brand_id
        on conflict (field_id, value, brand_id) do update set n = spec_brand_counts.n + excluded.n;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function spec_brand_counts_deleted() returns trigger language plpgsql as $$
      begin
        update spec_brand_counts c set n = c.n - d.n
        from (select r.field_id, r.value, p.brand_id, count(*) as n from old_rows r
            join products p on p.id = r.product_id and p.deleted_at is null and p.brand_id is not null
          group by r.field_id, r.value, p.brand_id) as d
        where c.field_id = d.field_id and c.value = d.value and c.brand_id = d.brand_id;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function spec_brand_counts_updated() returns trigger language plpgsql as $$
      declare
        brand integer := ${liveBrand('new')};
      begin
        if brand is not null then
          update spec_brand_counts set n = n - 1 where field_id = old.field_id and value = old.value and brand_id = brand;
          insert into spec_brand_counts (field_id, value, brand_id, n) values (new.field_id, new.value, brand, 1)
            on conflict (field_id, value, brand_id) do update set n = spec_brand_counts.n + 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function spec_brand_counts_product_changed() returns trigger language plpgsql as $$
      begin
        ${productOut};
        if tg_op = 'UPDATE' then
          ${productIn('spec_brand_counts.n', 'order by s.field_id, s.value')};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger product_specs_brand_counted_insert after insert on product_specs
    referencing new table as new_rows for each statement execute function spec_brand_counts_inserted()`.execute(db);
  await sql`create trigger product_specs_brand_counted_delete after delete on product_specs
    referencing old table as old_rows for each statement execute function spec_brand_counts_deleted()`.execute(db);
  await sql`create trigger product_specs_brand_counted_update after update of field_id, value on product_specs
    for each row when (old.field_id <> new.field_id or old.value <> new.value) execute function spec_brand_counts_updated()`.execute(
    db,
  );
  await sql`create trigger products_brand_counted_update after update of deleted_at, brand_id on products
    for each row when (${sql.raw(PRODUCT_CHANGED)}) execute function spec_brand_counts_product_changed()`.execute(db);
  await sql`create trigger products_brand_counted_delete after delete on products
    for each row when (old.deleted_at is null and old.brand_id is not null) execute function spec_brand_counts_product_changed()`.execute(
    db,
  );
}

/** The counts go with the triggers that keep them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const [trigger, table] of [
      ['product_specs_brand_counted_insert', 'product_specs'],
      ['product_specs_brand_counted_delete', 'product_specs'],
      ['product_specs_brand_counted_update', 'product_specs'],
      ['products_brand_counted_update', 'products'],
      ['products_brand_counted_delete', 'products'],
    ]) {
      await sql`drop trigger if exists ${sql.ref(trigger!)} on ${sql.ref(table!)}`.execute(db);
    }
    for (const fn of ['spec_brand_counts_inserted', 'spec_brand_counts_deleted', 'spec_brand_counts_updated', 'spec_brand_counts_product_changed']) {
      await sql`drop function if exists ${sql.ref(fn)}()`.execute(db);
    }
  } else {
    for (const trigger of [
      'product_specs_brand_counted_insert',
      'product_specs_brand_counted_delete',
      'product_specs_brand_counted_update',
      'products_brand_counted_update',
      'products_brand_counted_delete',
    ]) {
      await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
    }
  }
  await db.schema.dropTable('spec_brand_counts').execute();
}
