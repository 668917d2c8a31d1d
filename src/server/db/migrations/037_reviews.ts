import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './helpers.js';

/**
 * Verified reviews (ADR 0042).
 * - reviews: one per shopper and product (unique), tied to the delivered order line that makes it a
 *   verified purchase and the variant that line sold; rating 1–5 (checked), title and text stored as
 *   typed (plain text, never HTML); status 'visible' or 'hidden' (with the shop's reason); the
 *   shop's public reply; helpful_count and open_reports kept by the votes' and reports' writes;
 *   moderated_at null while the admin has not looked at it ("new").
 * - review_votes: one "helpful" per shopper and review (primary key).
 * - review_reports: one abuse report per shopper and review (primary key).
 * - review_photos: up to 3 photos per review (position 0–2), stored by the image pipeline as the
 *   products' images are (base_name names the files).
 * - products.rating_count, rating_sum, rating_1 … rating_5: the visible reviews' figures;
 *   rating_key = floor(average × 1000) (0 without reviews), the order of `sort=rating`, read with
 *   rating_count from the partial index products_live_rating (sold_out first, as migration 016).
 *   Triggers keep them in the transaction of every review write, whoever writes (a new review, an
 *   edit of its rating, a hide or show, a delete), and bump the catalogue version (migration 004)
 *   so kept list answers are rebuilt.
 */
const DIST = [1, 2, 3, 4, 5];

/** The SET list adding `sign` times review row `r` to its product's figures. */
const moveFigures = (r: string, sign: '+' | '-') =>
  [
    `rating_count = rating_count ${sign} 1`,
    `rating_sum = rating_sum ${sign} ${r}.rating`,
    ...DIST.map((n) => `rating_${n} = rating_${n} ${sign} (case when ${r}.rating = ${n} then 1 else 0 end)`),
  ].join(', ');

const KEY = `rating_key = case when rating_count > 0 then (rating_sum * 1000) / rating_count else 0 end`;
const bump = (r: string, sign: '+' | '-') => `update products set ${moveFigures(r, sign)} where id = ${r}.product_id;
  update products set ${KEY} where id = ${r}.product_id;`;
const VERSION = `update catalog_state set version = version + 1 where id = 1;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = serialId(db);
  await db.schema
    .createTable('reviews')
    .addColumn('id', id.type, id.build)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (col) => col.notNull().references('order_items.id'))
    .addColumn('variant_id', 'integer')
    .addColumn('variant_label', 'text')
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('visible')
        .check(sql`status in ('visible', 'hidden')`),
    )
    .addColumn('hidden_reason', 'text')
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('helpful_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('open_reports', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('moderated_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('reviews_user_product', ['user_id', 'product_id'])
    .execute();
  // A product's page in each of its three orders, visible ones only.
  const byProduct: [string, string[]][] = [
    ['reviews_product_newest', ['product_id', 'status', 'created_at', 'id']],
    ['reviews_product_helpful', ['product_id', 'status', 'helpful_count', 'id']],
    ['reviews_product_rating', ['product_id', 'status', 'rating', 'id']],
  ];
  for (const [name, columns] of byProduct) await db.schema.createIndex(name).on('reviews').columns(columns).execute();
  // The admin's queues: not yet looked at, and reported.
  await db.schema
    .createIndex('reviews_new')
    .on('reviews')
    .columns(['created_at', 'id'])
    .where(sql.ref('moderated_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('reviews_reported')
    .on('reviews')
    .columns(['created_at', 'id'])
    .where(sql.ref('open_reports'), '>', 0)
    .execute();

  await db.schema
    .createTable('review_votes')
    .addColumn('review_id', 'integer', (col) => col.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('review_votes_pk', ['review_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('review_reports')
    .addColumn('review_id', 'integer', (col) => col.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('review_reports_pk', ['review_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('review_photos')
    .addColumn('review_id', 'integer', (col) => col.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('base_name', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('review_photos_pk', ['review_id', 'position'])
    .execute();

  for (const column of ['rating_count', 'rating_sum', 'rating_key', ...DIST.map((n) => `rating_${n}`)]) {
    await db.schema
      .alterTable('products')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createIndex('products_live_rating')
    .on('products')
    .columns(['sold_out', 'rating_key', 'rating_count', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  const visible = (r: string) => `${r}.status = 'visible'`;
  if (pg) {
    await sql
      .raw(
        `create function reviews_figures() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and ${visible('old')} then ${bump('old', '-')} end if;
          if tg_op in ('INSERT', 'UPDATE') and ${visible('new')} then ${bump('new', '+')} end if;
          ${VERSION}
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger reviews_figures_insert after insert on reviews
      for each row when (new.status = 'visible') execute function reviews_figures()`.execute(db);
    await sql`create trigger reviews_figures_update after update of status, rating on reviews
      for each row when (old.status is distinct from new.status or old.rating is distinct from new.rating)
      execute function reviews_figures()`.execute(db);
    await sql`create trigger reviews_figures_delete after delete on reviews
      for each row when (old.status = 'visible') execute function reviews_figures()`.execute(db);
  } else {
    await sql
      .raw(
        `create trigger reviews_figures_insert after insert on reviews when ${visible('new')} begin ${bump('new', '+')} ${VERSION} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger reviews_figures_update after update of status, rating on reviews
        when old.status is not new.status or old.rating is not new.rating begin
          update products set ${moveFigures('old', '-')} where id = old.product_id and ${visible('old')};
          update products set ${moveFigures('new', '+')} where id = new.product_id and ${visible('new')};
          update products set ${KEY} where id = new.product_id;
          ${VERSION}
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger reviews_figures_delete after delete on reviews when ${visible('old')} begin ${bump('old', '-')} ${VERSION} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const trigger of ['reviews_figures_insert', 'reviews_figures_update', 'reviews_figures_delete']) {
    await sql`drop trigger if exists ${sql.ref(trigger)}${sql.raw(pg ? ' on reviews' : '')}`.execute(db);
  }
  if (pg) await sql`drop function if exists reviews_figures()`.execute(db);
  await db.schema.dropIndex('products_live_rating').execute();
  for (const column of ['rating_count', 'rating_sum', 'rating_key', ...DIST.map((n) => `rating_${n}`)]) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
  for (const table of ['review_photos', 'review_reports', 'review_votes', 'reviews']) await db.schema.dropTable(table).execute();
}
