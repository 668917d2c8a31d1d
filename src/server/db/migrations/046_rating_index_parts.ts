import { type Kysely, sql } from 'kysely';

/**
 * sort=rating reads products_live_rating; migration 037 made it one index led by sold_out, and
 * SQLite then took it for every list of the whole catalogue: an equality on sold_out looked
 * narrower to its planner (no statistics) than the partial indexes of migration 016, so the newest,
 * price and name orders read every product in stock and sorted them (about 200 ms a page at
 * 100 000 products instead of 1 ms). Made twice instead, each partial on one stock part, as the
 * other whole-catalogue orders are (migration 016 explains the pattern); the list reads each part
 * from its own index.
 */
const rating = (db: Kysely<unknown>, name: string, soldOut: 0 | 1) =>
  db.schema
    .createIndex(name)
    .on('products')
    .columns(['rating_key', 'rating_count', 'id'])
    .where(sql.raw<boolean>(`deleted_at is null and sold_out = ${soldOut}`))
    .execute();

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_live_rating').execute();
  await rating(db, 'products_live_rating', 0);
  await rating(db, 'products_live_rating_sold_out', 1);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_live_rating_sold_out').execute();
  await db.schema.dropIndex('products_live_rating').execute();
  await db.schema
    .createIndex('products_live_rating')
    .on('products')
    .columns(['sold_out', 'rating_key', 'rating_count', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}
