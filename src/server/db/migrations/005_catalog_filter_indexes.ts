import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the filtered list pages at 100 000 products (found by bench/catalog.ts and
 * EXPLAIN QUERY PLAN; see docs/benchmarks.md). Like those of migration 002, all are partial on
 * live products (deleted_at IS NULL).
 *
 * - A subcategory filter is `category_id IN (…) AND sub_category_id IN (…)`, a child category
 *   filter also has `child_category_id IN (…)`. The single-level indexes of 002 found the rows of
 *   the deepest level but had to read each table row to check the parent ids, so counting a
 *   subcategory was slow on SQLite. The path indexes hold the parents too, so
 *   both the count and the page (newest first) come from the index alone.
 * - The checkbox filter is `category_id IN (…) OR child_category_id IN (…)`; its count scanned an
 *   index without child_category_id and read every table row. With both columns in one index
 *   the scan reads the index only, many times faster.
 * - A price range listed newest first read each row in the range for created_at and sorted it
 *   products_live_price becomes (price_paisa, id, created_at): the same order for the price
 *   sorts, and created_at without reading rows.
 */
const live = (db: Kysely<unknown>, name: string, columns: string[]) =>
  db.schema.createIndex(name).on('products').columns(columns).where(sql.ref('deleted_at'), 'is', null).execute();

export async function up(db: Kysely<unknown>): Promise<void> {
  await live(db, 'products_live_sub_path', ['sub_category_id', 'category_id', 'created_at', 'id']);
  await live(db, 'products_live_child_path', ['child_category_id', 'sub_category_id', 'category_id', 'created_at', 'id']);
  await live(db, 'products_live_category_child', ['category_id', 'child_category_id']);
  await db.schema.dropIndex('products_live_price').execute();
  await live(db, 'products_live_price', ['price_paisa', 'id', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'products_live_sub_path',
    'products_live_child_path',
    'products_live_category_child',
    'products_live_price',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await live(db, 'products_live_price', ['price_paisa', 'id']);
}
