import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Counts of live products kept by the database, so the `total` of a list page does not count
 * every matching row (see docs/decisions/0003-maintained-catalogue-counts.md).
 *
 * catalog_counts(dim, k, n): the number of live products (deleted_at IS NULL) with
 *   dim 0, k   0            all of them
 *   dim 1, k   category_id  in that category
 *   dim 2, k   sub_category_id (0: none)
 *   dim 3, k   child_category_id (0: none)
 *   dim 4, k   price bucket  whose price_paisa falls in the bucket: the number of digits × 100 +
 *                            its first two digits (29 900 → 529: 29 000 … 29 999), about 90
 *                            buckets per power of ten (priceBucket of catalog/listing/counts.ts
 *                            does the same in JS).
 * Triggers keep the rows in the transaction of every product write, whoever writes (the service,
 * the seed CLI, a restore by hand in SQL): insert, delete, and an update of price, category path
 * or deleted_at. Stock changes (orders) do not fire them. SQLite: row triggers. PostgreSQL: insert
 * and delete statement triggers over the transition table (one upsert per statement, so a bulk
 * load of 5 000 rows is one statement), a row trigger for updates with a WHEN that skips updates
 * that move no count. Rows are upserted in (dim, k) order, so concurrent writers lock them in
 * the same order.
 *
 * Also here, for the list pages at 100 000 products:
 * - products_live_newest becomes (created_at, id, price_paisa) and products_live_name
 *   (name_sort, id, price_paisa): a price range listed newest first or by name can walk that
 *   order and test the price from the index alone when the range is broad (pageIds of
 *   catalog/listing/queries.ts chooses by the range's count).
 * - indexes for sorting a category level by price or name (each of them read every product of the
 *   level and sorted it, slow for a large category by name).
 */
const live = (db: Kysely<unknown>, name: string, columns: string[]) =>
  db.schema.createIndex(name).on('products').columns(columns).where(sql.ref('deleted_at'), 'is', null).execute();

const SORT_INDEXES: [string, string[]][] = [
  ['products_live_category_name', ['category_id', 'name_sort', 'id']],
  ['products_live_sub_price', ['sub_category_id', 'category_id', 'price_paisa', 'id']],
  ['products_live_sub_name', ['sub_category_id', 'category_id', 'name_sort', 'id']],
  ['products_live_child_price', ['child_category_id', 'sub_category_id', 'category_id', 'price_paisa', 'id']],
  ['products_live_child_name', ['child_category_id', 'sub_category_id', 'category_id', 'name_sort', 'id']],
];

/** The (dim, k) pairs of a product row `r` as SQL, for PostgreSQL. */
const pgKeys = (r: string) => `(0, 0::bigint), (1, ${r}.category_id::bigint), (2, coalesce(${r}.sub_category_id, 0)::bigint),
  (3, coalesce(${r}.child_category_id, 0)::bigint),
  (4, (length(${r}.price_paisa::text) * 100 + substr(${r}.price_paisa::text, 1, 2)::int)::bigint)`;

/** The (dim, k) pairs of a product row `r` as one SQLite select (columns dim, k). */
const sqliteKeys = (r: string) => `select 0 as dim, 0 as k
  union all select 1, ${r}.category_id
  union all select 2, coalesce(${r}.sub_category_id, 0)
  union all select 3, coalesce(${r}.child_category_id, 0)
  union all select 4, length(cast(${r}.price_paisa as text)) * 100 + cast(substr(cast(${r}.price_paisa as text), 1, 2) as integer)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`create table catalog_counts (
    dim integer not null,
    k bigint not null,
    n bigint not null,
    primary key (dim, k)
  )${sql.raw(pg ? '' : ' without rowid')}`.execute(db);
  await sql`insert into catalog_counts (dim, k, n)
    select 0, 0, count(*) from products where deleted_at is null
    union all select 1, category_id, count(*) from products where deleted_at is null group by category_id
    union all select 2, coalesce(sub_category_id, 0), count(*) from products where deleted_at is null group by coalesce(sub_category_id, 0)
    union all select 3, coalesce(child_category_id, 0), count(*) from products where deleted_at is null group by coalesce(child_category_id, 0)
    union all select 4, bucket, count(*) from (
      select ${sql.raw(
        pg
          ? 'length(price_paisa::text) * 100 + substr(price_paisa::text, 1, 2)::int'
          : 'length(cast(price_paisa as text)) * 100 + cast(substr(cast(price_paisa as text), 1, 2) as integer)',
      )} as bucket
      from products where deleted_at is null
    ) b group by bucket`.execute(db);

  if (pg) {
    const upsert = (rows: string, sign: number) => `
      insert into catalog_counts (dim, k, n)
      select k.dim, k.k, sum(${sign}) from ${rows} r cross join lateral (values ${pgKeys('r')}) as k(dim, k)
      where r.deleted_at is null group by k.dim, k.k order by k.dim, k.k
      on conflict (dim, k) do update set n = catalog_counts.n + excluded.n`;
    await sql
      .raw(
        `create function catalog_counts_inserted() returns trigger language plpgsql as $$
        begin ${upsert('new_rows', 1)}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function catalog_counts_deleted() returns trigger language plpgsql as $$
        begin ${upsert('old_rows', -1)}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function catalog_counts_updated() returns trigger language plpgsql as $$
        begin
          insert into catalog_counts (dim, k, n)
          select k.dim, k.k, sum(k.d) from (
            select dim, k, -1 as d from (values ${pgKeys('old')}) as o(dim, k) where old.deleted_at is null
            union all
            select dim, k, 1 from (values ${pgKeys('new')}) as n(dim, k) where new.deleted_at is null
          ) as k group by k.dim, k.k having sum(k.d) <> 0 order by k.dim, k.k
          on conflict (dim, k) do update set n = catalog_counts.n + excluded.n;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger catalog_counts_insert after insert on products
      referencing new table as new_rows for each statement execute function catalog_counts_inserted()`.execute(db);
    await sql`create trigger catalog_counts_delete after delete on products
      referencing old table as old_rows for each statement execute function catalog_counts_deleted()`.execute(db);
    await sql`create trigger catalog_counts_update
      after update of price_paisa, category_id, sub_category_id, child_category_id, deleted_at on products
      for each row when (
        old.price_paisa is distinct from new.price_paisa or old.category_id is distinct from new.category_id
        or old.sub_category_id is distinct from new.sub_category_id
        or old.child_category_id is distinct from new.child_category_id
        or (old.deleted_at is null) <> (new.deleted_at is null)
      ) execute function catalog_counts_updated()`.execute(db);
  } else {
    // "where true"-style conditions keep SQLite from reading ON CONFLICT as a join constraint.
    const apply = (r: 'new' | 'old', sign: number) => `
      insert into catalog_counts (dim, k, n) select dim, k, ${sign} from (${sqliteKeys(r)}) where ${r}.deleted_at is null
      on conflict (dim, k) do update set n = n + excluded.n;`;
    await sql
      .raw(
        `create trigger catalog_counts_insert after insert on products when new.deleted_at is null begin ${apply('new', 1)} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger catalog_counts_delete after delete on products when old.deleted_at is null begin ${apply('old', -1)} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger catalog_counts_update
        after update of price_paisa, category_id, sub_category_id, child_category_id, deleted_at on products
        begin ${apply('old', -1)} ${apply('new', 1)} end`,
      )
      .execute(db);
  }

  await db.schema.dropIndex('products_live_newest').execute();
  await live(db, 'products_live_newest', ['created_at', 'id', 'price_paisa']);
  await db.schema.dropIndex('products_live_name').execute();
  await live(db, 'products_live_name', ['name_sort', 'id', 'price_paisa']);
  for (const [name, columns] of SORT_INDEXES) await live(db, name, columns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of SORT_INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex('products_live_newest').execute();
  await live(db, 'products_live_newest', ['created_at', 'id']);
  await db.schema.dropIndex('products_live_name').execute();
  await live(db, 'products_live_name', ['name_sort', 'id']);
  for (const trigger of ['catalog_counts_insert', 'catalog_counts_delete', 'catalog_counts_update']) {
    await sql`drop trigger if exists ${sql.ref(trigger)}${sql.raw(isPostgres(db) ? ' on products' : '')}`.execute(db);
  }
  if (isPostgres(db)) {
    for (const fn of ['catalog_counts_inserted', 'catalog_counts_deleted', 'catalog_counts_updated']) {
      await sql`drop function if exists ${sql.ref(fn)}()`.execute(db);
    }
  }
  await db.schema.dropTable('catalog_counts').execute();
}
