import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, ReviewsTable } from '../../db/schema.js';
import type { AdminReviewQueue, ReviewSort } from '../../../shared/reviews.js';

/**
 * SQL of reviews (migration 037). The products' rating figures are kept by the database's
 * triggers on `reviews`: nothing here writes them.
 */

export type Db = Kysely<Database> | Transaction<Database>;

export type ReviewRow = Selectable<ReviewsTable> & { first_name: string; last_name: string };
export type NewReview = Omit<
  Selectable<ReviewsTable>,
  'id' | 'status' | 'hidden_reason' | 'reply' | 'replied_at' | 'helpful_count' | 'open_reports' | 'moderated_at'
>;

const normalise = <T extends { user_id: number }>(row: T): T => ({ ...row, user_id: Number(row.user_id) });

function withAuthor(db: Db) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['u.first_name', 'u.last_name']);
}

export async function reviewById(db: Db, id: number): Promise<ReviewRow | undefined> {
  const row = await withAuthor(db).where('r.id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

export async function reviewOf(db: Db, userId: number, productId: number): Promise<ReviewRow | undefined> {
  const row = await withAuthor(db).where('r.user_id', '=', userId).where('r.product_id', '=', productId).executeTakeFirst();
  return row && normalise(row);
}

/** The shopper's latest delivered order line of the product: what makes a review verified. */
export async function deliveredLine(
  db: Db,
  userId: number,
  productId: number,
): Promise<{ id: number; variant_id: number | null; variant_label: string | null } | undefined> {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.variant_id', 'i.variant_label'])
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'delivered')
    .where('i.product_id', '=', productId)
    .orderBy('o.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts the review unless the shopper has one of the product; undefined then (one per shopper, by the unique key). */
export async function insertReview(db: Db, row: NewReview): Promise<number | undefined> {
  const inserted = await db
    .insertInto('reviews')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function updateReview(db: Db, id: number, change: Partial<Selectable<ReviewsTable>>): Promise<void> {
  await db.updateTable('reviews').set(change).where('id', '=', id).execute();
}

export interface ProductFigures {
  rating_count: number;
  rating_sum: number;
  rating_1: number;
  rating_2: number;
  rating_3: number;
  rating_4: number;
  rating_5: number;
}

/** A live product's figures; undefined when there is no such live product. */
export async function productFigures(db: Db, productId: number): Promise<(ProductFigures & { name: string }) | undefined> {
  const row = await db
    .selectFrom('products')
    .select(['name', 'rating_count', 'rating_sum', 'rating_1', 'rating_2', 'rating_3', 'rating_4', 'rating_5'])
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row;
}

const ORDERS: Record<ReviewSort, [string, 'asc' | 'desc'][]> = {
  newest: [
    ['r.created_at', 'desc'],
    ['r.id', 'desc'],
  ],
  helpful: [
    ['r.helpful_count', 'desc'],
    ['r.id', 'desc'],
  ],
  rating: [
    ['r.rating', 'desc'],
    ['r.id', 'desc'],
  ],
};

/**
 * One page of a product's visible reviews, read in order from its index (migration 037). The page's
 * ids come first from that index alone (it holds every column the filter and the order need), and
 * only those rows are then read with their authors: skipping thousands of rows to a deep page of a
 * much reviewed product walks the index only, not the rows and their authors too. Given how many
 * visible reviews there are (`total`, the product's kept rating_count), a page in the second half
 * is counted from the end, walking the index the other way, so no page skips more than half.
 */
export async function visibleReviews(
  db: Db,
  productId: number,
  sort: ReviewSort,
  limit: number,
  offset: number,
  total?: number,
): Promise<ReviewRow[]> {
  const fromEnd = total !== undefined && offset + limit / 2 > total / 2;
  const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
  const take = fromEnd ? Math.min(limit, total - offset) : limit;
  if (take <= 0) return [];
  const flip = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');
  let ids = db.selectFrom('reviews as p').select('p.id').where('p.product_id', '=', productId).where('p.status', '=', 'visible');
  for (const [column, direction] of ORDERS[sort]) {
    ids = ids.orderBy(sql.ref(column.replace('r.', 'p.')), fromEnd ? flip(direction) : direction);
  }
  let query = withAuthor(db).where('r.id', 'in', ids.limit(take).offset(skip));
  for (const [column, direction] of ORDERS[sort]) query = query.orderBy(sql.ref(column), direction);
  const rows = await query.execute();
  return rows.map(normalise);
}

/** Adds the shopper's helpful vote; false when they had given it already. */
export async function addVote(db: Db, reviewId: number, userId: number, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('review_votes')
    .values({ review_id: reviewId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .returning('review_id')
    .executeTakeFirst();
  return countOnce(db, reviewId, 'helpful_count', inserted !== undefined);
}

/** Adds the shopper's report; false when they had reported it already. */
export async function addReport(db: Db, reviewId: number, userId: number, reason: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('review_reports')
    .values({ review_id: reviewId, user_id: userId, reason, created_at: at })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .returning('review_id')
    .executeTakeFirst();
  return countOnce(db, reviewId, 'open_reports', inserted !== undefined);
}

/** One more on the review's count, when the shopper's vote or report was new (`inserted`); answers whether it was. */
async function countOnce(db: Db, reviewId: number, count: 'helpful_count' | 'open_reports', inserted: boolean): Promise<boolean> {
  if (!inserted) return false;
  await db
    .updateTable('reviews')
    .set(count, (eb) => eb(count, '+', 1))
    .where('id', '=', reviewId)
    .execute();
  return true;
}

export async function helpfulCount(db: Db, reviewId: number): Promise<number> {
  const row = await db.selectFrom('reviews').select('helpful_count').where('id', '=', reviewId).executeTakeFirstOrThrow();
  return Number(row.helpful_count);
}

/** The admin's queue, newest first, with each review's product name. */
export async function adminReviews(
  db: Db,
  queue: AdminReviewQueue,
  limit: number,
  offset: number,
): Promise<{ rows: (ReviewRow & { product_name: string })[]; total: number }> {
  let base = db.selectFrom('reviews as r');
  if (queue === 'new') base = base.where('r.moderated_at', 'is', null);
  if (queue === 'reported') base = base.where('r.open_reports', '>', 0);
  if (queue === 'hidden') base = base.where('r.status', '=', 'hidden');
  const [rows, count] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .selectAll('r')
      .select(['u.first_name', 'u.last_name', 'p.name as product_name'])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normalise), total: Number(count.n) };
}

export async function productName(db: Db, productId: number): Promise<string> {
  const row = await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirst();
  return row?.name ?? '';
}

export async function authorEmail(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? undefined;
}

/** The photos' base names of the given reviews, in their order. */
export async function photosOf(db: Db, reviewIds: number[]): Promise<Map<number, string[]>> {
  const photos = new Map<number, string[]>();
  if (reviewIds.length === 0) return photos;
  const rows = await db
    .selectFrom('review_photos')
    .select(['review_id', 'base_name'])
    .where('review_id', 'in', reviewIds)
    .orderBy('review_id')
    .orderBy('position')
    .execute();
  for (const row of rows) photos.set(row.review_id, [...(photos.get(row.review_id) ?? []), row.base_name]);
  return photos;
}

/** Replaces the review's photos; answers the base names it had. */
export async function replacePhotos(db: Db, reviewId: number, baseNames: string[]): Promise<string[]> {
  const before = (await photosOf(db, [reviewId])).get(reviewId) ?? [];
  await db.deleteFrom('review_photos').where('review_id', '=', reviewId).execute();
  if (baseNames.length > 0) {
    await db
      .insertInto('review_photos')
      .values(baseNames.map((base_name, position) => ({ review_id: reviewId, position, base_name })))
      .execute();
  }
  return before;
}
