import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Lists filter, sort and count products by the price a shopper pays now: during a sale, its sale
 * price (ADR 0052). A product at Rs. 80,000 in a Dashain sale belongs among the Rs. 80,000 products
 * when the list is sorted by price, and in the Rs. 75,000–85,000 range, not where its regular price
 * would put it.
 *
 * products.selling_price_paisa is kept by the database from price_paisa and sale_price_paisa (the
 * same rule as effectivePricePaisa in db/sale-price.ts), so no write path can forget it:
 * - SQLite: a virtual generated column (ALTER TABLE cannot add a stored one). It depends on the two
 *   prices only, and SQLite rewrites an index entry of a generated column only when a column it is
 *   made from changes, so a checkout's stock update leaves the indexes below alone (the reason
 *   migration 016 set sold_out, which follows the stock, by triggers instead).
 * - PostgreSQL: a stored generated column; an update that leaves it equal stays a HOT update.
 * Every index that carried price_paisa for a list is rebuilt on it, in the same places, and the
 * price buckets of catalog_counts (dim 4) count it: the triggers of migration 006 are redefined
 * with the selling price, firing on a change of either price.
 */

/** [name, columns, the part it is partial on beside deleted_at is null]: the list indexes of migrations 006 and 016. */
const LIST_INDEXES: [string, string[], string][] = [
  ['products_live_category_price', ['category_id', 'sold_out', '$price', 'id', 'created_at'], ''],
  ['products_live_sub_price', ['sub_category_id', 'category_id', 'sold_out', '$price', 'id', 'created_at'], ''],
  ['products_live_child_price', ['child_category_id', 'sub_category_id', 'category_id', 'sold_out', '$price', 'id'], ''],
  ['products_live_newest', ['created_at', 'id', '$price'], 'sold_out = 0'],
  ['products_live_newest_sold_out', ['created_at', 'id', '$price'], 'sold_out = 1'],
  ['products_live_price', ['$price', 'id', 'created_at'], 'sold_out = 0'],
  ['products_live_price_sold_out', ['$price', 'id', 'created_at'], 'sold_out = 1'],
  ['products_live_name', ['name_sort', 'id', '$price'], 'sold_out = 0'],
  ['products_live_name_sold_out', ['name_sort', 'id', '$price'], 'sold_out = 1'],
];

async function rebuildIndexes(db: Kysely<unknown>, price: string): Promise<void> {
  for (const [name, columns, part] of LIST_INDEXES) {
    await db.schema.dropIndex(name).execute();
    const where = part ? `deleted_at is null and ${part}` : 'deleted_at is null';
    await db.schema
      .createIndex(name)
      .on('products')
      .columns(columns.map((column) => (column === '$price' ? price : column)))
      .where(sql.raw<boolean>(where))
      .execute();
  }
}

/** A price of the row whose columns are prefixed `row` ('new.', 'r.', ''), as SQL. */
type Price = (row: string) => string;

/** What the row sells at now: the rule of effectivePricePaisa (db/sale-price.ts). */
const SELLING: Price = (row) =>
  `(case when ${row}sale_price_paisa < ${row}price_paisa then ${row}sale_price_paisa else ${row}price_paisa end)`;

/** The price bucket of row `r` (see migration 006): digits × 100 + first two digits. */
const bucket = (pg: boolean, r: string, price: Price) =>
  pg
    ? `(length(${price(`${r}.`)}::text) * 100 + substr(${price(`${r}.`)}::text, 1, 2)::int)::bigint`
    : `length(cast(${price(`${r}.`)} as text)) * 100 + cast(substr(cast(${price(`${r}.`)} as text), 1, 2) as integer)`;

const pgKeys = (
  r: string,
  price: Price,
) => `(0, 0::bigint), (1, ${r}.category_id::bigint), (2, coalesce(${r}.sub_category_id, 0)::bigint),
  (3, coalesce(${r}.child_category_id, 0)::bigint), (4, ${bucket(true, r, price)})`;

const sqliteKeys = (r: string, price: Price) => `select 0 as dim, 0 as k
  union all select 1, ${r}.category_id
  union all select 2, coalesce(${r}.sub_category_id, 0)
  union all select 3, coalesce(${r}.child_category_id, 0)
  union all select 4, ${bucket(false, r, price)}`;

/**
 * The count triggers of migration 006, counting price buckets by `price`, worked out from the row's
 * own prices (the same rule as the column); a change of a `watched` column fires an update.
 */
async function countTriggers(db: Kysely<unknown>, price: Price, watched: string[]): Promise<void> {
  const pg = isPostgres(db);
  for (const trigger of ['catalog_counts_insert', 'catalog_counts_delete', 'catalog_counts_update']) {
    await sql.raw(`drop trigger if exists ${trigger}${pg ? ' on products' : ''}`).execute(db);
  }
  const columns = [...watched, 'category_id', 'sub_category_id', 'child_category_id', 'deleted_at'].join(', ');
  if (pg) {
    const upsert = (rows: string, sign: number) => `
      insert into catalog_counts (dim, k, n)
      select k.dim, k.k, sum(${sign}) from ${rows} r cross join lateral (values ${pgKeys('r', price)}) as k(dim, k)
      where r.deleted_at is null group by k.dim, k.k order by k.dim, k.k
      on conflict (dim, k) do update set n = catalog_counts.n + excluded.n`;
    await sql
      .raw(
        `create or replace function catalog_counts_inserted() returns trigger language plpgsql as $$
        begin ${upsert('new_rows', 1)}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create or replace function catalog_counts_deleted() returns trigger language plpgsql as $$
        begin ${upsert('old_rows', -1)}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create or replace function catalog_counts_updated() returns trigger language plpgsql as $$
        begin
          insert into catalog_counts (dim, k, n)
          select k.dim, k.k, sum(k.d) from (
            select dim, k, -1 as d from (values ${pgKeys('old', price)}) as o(dim, k) where old.deleted_at is null
            union all
            select dim, k, 1 from (values ${pgKeys('new', price)}) as n(dim, k) where new.deleted_at is null
          ) as k group by k.dim, k.k having sum(k.d) <> 0 order by k.dim, k.k
          on conflict (dim, k) do update set n = catalog_counts.n + excluded.n;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger catalog_counts_insert after insert on products
      referencing new table as new_rows for each statement execute function catalog_counts_inserted()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger catalog_counts_delete after delete on products
      referencing old table as old_rows for each statement execute function catalog_counts_deleted()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger catalog_counts_update after update of ${columns} on products
        for each row when (
          ${price('old.')} is distinct from ${price('new.')} or old.category_id is distinct from new.category_id
          or old.sub_category_id is distinct from new.sub_category_id
          or old.child_category_id is distinct from new.child_category_id
          or (old.deleted_at is null) <> (new.deleted_at is null)
        ) execute function catalog_counts_updated()`,
      )
      .execute(db);
  } else {
    // "where true"-style conditions keep SQLite from reading ON CONFLICT as a join constraint.
    const apply = (r: 'new' | 'old', sign: number) => `
      insert into catalog_counts (dim, k, n) select dim, k, ${sign} from (${sqliteKeys(r, price)}) where ${r}.deleted_at is null
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
        `create trigger catalog_counts_update after update of ${columns} on products begin ${apply('old', -1)} ${apply('new', 1)} end`,
      )
      .execute(db);
  }
  // The price buckets counted again from the rows, by the column they now follow.
  await sql`delete from catalog_counts where dim = 4`.execute(db);
  await sql
    .raw(
      `insert into catalog_counts (dim, k, n)
      select 4, ${bucket(pg, 'p', price)}, count(*) from products p where p.deleted_at is null group by 2`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      isPostgres(db)
        ? `alter table products add column selling_price_paisa bigint generated always as (${SELLING('')}) stored`
        : `alter table products add column selling_price_paisa integer generated always as (${SELLING('')}) virtual`,
    )
    .execute(db);
  await rebuildIndexes(db, 'selling_price_paisa');
  await countTriggers(db, SELLING, ['price_paisa', 'sale_price_paisa']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await countTriggers(db, (row) => `${row}price_paisa`, ['price_paisa']);
  await rebuildIndexes(db, 'price_paisa');
  await sql`alter table products drop column selling_price_paisa`.execute(db);
}
