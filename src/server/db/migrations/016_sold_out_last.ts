import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Out-of-stock products are listed after those in stock (ADR 0022), in every list and sort.
 *
 * products.sold_out is 1 when the stock is tracked and 0, else 0 (stock null: not tracked, in
 * stock). It is kept by the database, so no write path can forget it:
 * - PostgreSQL: a stored generated column. An update of stock that does not cross zero leaves it
 *   as it was, and stays a HOT update as before.
 * - SQLite: a plain column set by triggers only when it is wrong. A virtual generated column was
 *   measured at 100 000 products: each stock update (a checkout line) then rewrote the entry of
 *   every index below, an update many times dearer.
 *
 * A list reads the products in stock in its order (`sold_out = 0`), then those sold out
 * (`sold_out = 1`), each part from an index in that order (pageIds of catalog/listing/queries.ts):
 * - The indexes led by a category level get sold_out right after their level columns.
 * - The indexes of the whole catalogue (newest, price, name, featured) are made twice, each partial
 *   on one part: led by sold_out, both planners misjudged them. SQLite (no statistics) took an
 *   equality on sold_out for one as narrow as a category's and read a category in a price range
 *   from the price index, two orders of magnitude slower; PostgreSQL costs an index scan by the
 *   physical order of its first column, and sold_out (nearly all 0) looked in table order, so it
 *   walked the name index through a whole category.
 * - A level asked alone (?subcategory= without its category, a checked child category) is read
 *   newest first from (level, created_at, id, sold_out), testing the part in the index: led by
 *   (level, sold_out) it looked narrower to SQLite than the level's price and name indexes, and a
 *   child category by price was read row by row and sorted.
 *
 * The flag changes the order of the lists, whose pages are cached per catalogue version, and
 * orders change stock without a catalogue write: when a product sells out or comes back, the
 * version is bumped. On PostgreSQL by a deferred trigger, at commit: checkouts lock products in
 * id order and would otherwise lock catalog_state between two of them (a deadlock with another
 * checkout); the catalogue writes take it last too.
 */

const live = (db: Kysely<unknown>, name: string, columns: string[], where = sql<boolean>`deleted_at is null`) =>
  db.schema.createIndex(name).on('products').columns(columns).where(where).execute();

/** [name, columns before, columns now]: sold_out after the level columns. */
const LEVEL_INDEXES: [string, string[], string[]][] = [
  ['products_live_category', ['category_id', 'created_at', 'id'], ['category_id', 'sold_out', 'created_at', 'id']],
  [
    'products_live_category_price',
    ['category_id', 'price_paisa', 'id', 'created_at'],
    ['category_id', 'sold_out', 'price_paisa', 'id', 'created_at'],
  ],
  ['products_live_category_name', ['category_id', 'name_sort', 'id'], ['category_id', 'sold_out', 'name_sort', 'id']],
  ['products_live_sub', ['sub_category_id', 'created_at', 'id'], ['sub_category_id', 'created_at', 'id', 'sold_out']],
  [
    'products_live_sub_path',
    ['sub_category_id', 'category_id', 'created_at', 'id'],
    ['sub_category_id', 'category_id', 'sold_out', 'created_at', 'id'],
  ],
  [
    'products_live_sub_price',
    ['sub_category_id', 'category_id', 'price_paisa', 'id', 'created_at'],
    ['sub_category_id', 'category_id', 'sold_out', 'price_paisa', 'id', 'created_at'],
  ],
  [
    'products_live_sub_name',
    ['sub_category_id', 'category_id', 'name_sort', 'id'],
    ['sub_category_id', 'category_id', 'sold_out', 'name_sort', 'id'],
  ],
  ['products_live_child', ['child_category_id', 'created_at', 'id'], ['child_category_id', 'created_at', 'id', 'sold_out']],
  [
    'products_live_child_path',
    ['child_category_id', 'sub_category_id', 'category_id', 'created_at', 'id'],
    ['child_category_id', 'sub_category_id', 'category_id', 'sold_out', 'created_at', 'id'],
  ],
  [
    'products_live_child_price',
    ['child_category_id', 'sub_category_id', 'category_id', 'price_paisa', 'id'],
    ['child_category_id', 'sub_category_id', 'category_id', 'sold_out', 'price_paisa', 'id'],
  ],
  [
    'products_live_child_name',
    ['child_category_id', 'sub_category_id', 'category_id', 'name_sort', 'id'],
    ['child_category_id', 'sub_category_id', 'category_id', 'sold_out', 'name_sort', 'id'],
  ],
];

/**
 * [name, columns, featured only]: the indexes of the whole catalogue, partial on live products in
 * stock under their name, and on those sold out as `<name>_sold_out` (as pageIds names them to SQLite).
 */
const CATALOGUE_INDEXES: [string, string[], boolean][] = [
  ['products_live_newest', ['created_at', 'id', 'price_paisa'], false],
  ['products_live_price', ['price_paisa', 'id', 'created_at'], false],
  ['products_live_name', ['name_sort', 'id', 'price_paisa'], false],
  ['products_live_featured', ['created_at', 'id'], true],
];
const partOf = (featured: boolean, soldOut?: 0 | 1) =>
  sql<boolean>`deleted_at is null${sql.raw(featured ? ' and is_featured = 1' : '')}${sql.raw(soldOut === undefined ? '' : ` and sold_out = ${soldOut}`)}`;

/** A stock crossing zero (null: not tracked, in stock). */
const CROSSES_ZERO = '(coalesce(old.stock, 1) = 0) <> (coalesce(new.stock, 1) = 0)';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table products add column sold_out smallint generated always as (case when stock = 0 then 1 else 0 end) stored`.execute(
      db,
    );
    await sql`create function catalog_version_bump() returns trigger language plpgsql as $$
      begin update catalog_state set version = version + 1 where id = 1; return null; end $$`.execute(db);
    await sql
      .raw(
        `create constraint trigger products_sold_out_version after update of stock on products
        deferrable initially deferred for each row when (${CROSSES_ZERO}) execute function catalog_version_bump()`,
      )
      .execute(db);
  } else {
    await sql`alter table products add column sold_out integer not null default 0`.execute(db);
    await sql`update products set sold_out = 1 where stock = 0`.execute(db);
    const right = 'case when new.stock = 0 then 1 else 0 end';
    await sql
      .raw(
        `create trigger products_sold_out_insert after insert on products when new.sold_out <> ${right} begin
          update products set sold_out = ${right} where id = new.id;
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger products_sold_out_update after update of stock, sold_out on products when new.sold_out <> ${right} begin
          update products set sold_out = ${right} where id = new.id;
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger products_sold_out_version after update of stock on products when ${CROSSES_ZERO} begin
          update catalog_state set version = version + 1 where id = 1;
        end`,
      )
      .execute(db);
  }
  for (const [name, , columns] of LEVEL_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await live(db, name, columns);
  }
  for (const [name, columns, featured] of CATALOGUE_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await live(db, name, columns, partOf(featured, 0));
    await live(db, `${name}_sold_out`, columns, partOf(featured, 1));
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of LEVEL_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await live(db, name, columns);
  }
  for (const [name, columns, featured] of CATALOGUE_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema.dropIndex(`${name}_sold_out`).execute();
    await live(db, name, columns, partOf(featured));
  }
  if (isPostgres(db)) {
    await sql`drop trigger products_sold_out_version on products`.execute(db);
    await sql`drop function catalog_version_bump()`.execute(db);
  } else {
    for (const trigger of ['products_sold_out_insert', 'products_sold_out_update', 'products_sold_out_version']) {
      await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
    }
  }
  await sql`alter table products drop column sold_out`.execute(db);
}
