import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { dialectOf } from '../../db/dialect.js';
import { newUserId } from '../accounts/user-ids.js';
import { random } from '../catalog/seed/bulk.js';
import type { Db } from './queries.js';

/** Reviews one synthesized reviewer writes at most, on average (each of a different product). */
const PER_REVIEWER = 200;
/** Rows per insert statement: 11 values a review stays under both databases' limit of parameters. */
const BATCH = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How steeply interest falls from the most reviewed product: the product of rank r (0 first) draws
 * in proportion to 1 / (r + 1)^SKEW. At 100 000 products and 1 000 000 reviews the first has about
 * 20 000, the hundredth about 500, the thousandth 80 and the last few 2.
 */
const SKEW = 0.8;

/** Mostly good, as a shop's ratings are: 5 ★ 45 %, 4 ★ 30 %, 3 ★ 12 %, 2 ★ 6 %, 1 ★ 7 %. */
function rating(rand: () => number): number {
  const r = rand();
  return r < 0.45 ? 5 : r < 0.75 ? 4 : r < 0.87 ? 3 : r < 0.93 ? 2 : 1;
}

/**
 * How many reviews each product gets: `count` split by the skew over the products in a shuffled
 * order (the popular ones are anywhere in the catalogue), the rounding's remainder to the first.
 */
export function reviewCounts(products: number, count: number, rand: () => number): number[] {
  const ranks = Array.from({ length: products }, (_, i) => i);
  for (let i = products - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  const weights = ranks.map((rank) => 1 / (rank + 1) ** SKEW);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const counts = weights.map((w) => Math.floor((count * w) / total));
  const byRank: number[] = [];
  ranks.forEach((rank, product) => (byRank[rank] = product));
  let left = count - counts.reduce((sum, n) => sum + n, 0);
  for (let rank = 0; left > 0; rank = (rank + 1) % products, left -= 1) counts[byRank[rank]!]! += 1;
  return counts;
}

/**
 * Synthesized reviews for scale tests (npm run seed -- --reviews N), spread over the live products
 * with the skew of a real shop (a few products with thousands, most with a handful). Each is by a
 * synthesized reviewer (first name "Seed", unverifiable addresses under example.invalid) with one
 * delivered order line, so every review is tied to a line as the rule says; a reviewer reviews a
 * product once. The orders are marked as test payments and total nothing, so no revenue or sales
 * figure moves (the Dashboard's counts of orders by status include them). The reviews are
 * moderated already, so the admin's queue of new ones stays the shop's own.
 *
 * Fast for a million: one transaction, many rows a statement, the ids in the order of the reviews'
 * dates as a shop's grow. Migration 037's insert trigger, which keeps the products' figures row by
 * row, is off inside that transaction; the figures of the products reviewed are then recounted
 * from their visible reviews in one statement, and the catalogue version bumped once, so they are
 * exactly what the trigger would have left.
 */
export async function seedReviews(
  ctx: AppContext,
  count: number,
  progress: (line: string) => void,
): Promise<{ inserted: number; reviewers: number }> {
  const products = (await ctx.db.selectFrom('products').select('id').where('deleted_at', 'is', null).orderBy('id').execute()).map(
    (row) => row.id,
  );
  if (products.length === 0 || count === 0) return { inserted: 0, reviewers: 0 };
  const rand = random(20_261_207);
  const counts = reviewCounts(products.length, count, rand);
  // Enough reviewers that the most reviewed product has a different one for each review.
  const reviewers = counts.reduce((most, n) => Math.max(most, n), Math.ceil(count / PER_REVIEWER));

  // Review k: its product (index), its reviewer (index), its stars and date; then ordered by date.
  const productOf = new Uint32Array(count);
  const reviewerOf = new Uint32Array(count);
  const firstProductOf = new Int32Array(reviewers).fill(-1);
  let k = 0;
  for (let p = 0; p < products.length; p += 1) {
    for (let j = 0; j < counts[p]!; j += 1, k += 1) {
      const reviewer = k % reviewers;
      productOf[k] = p;
      reviewerOf[k] = reviewer;
      if (firstProductOf[reviewer] === -1) firstProductOf[reviewer] = p;
    }
  }
  const now = ctx.clock.now().getTime();
  const dates = Float64Array.from({ length: count }, () => now - Math.floor(rand() * 365 * DAY_MS));
  const stars = Uint8Array.from({ length: count }, () => rating(rand));
  const byDate = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => dates[a]! - dates[b]!);

  const postgres = dialectOf(ctx.db) === 'postgres';
  await ctx.db.transaction().execute(async (trx) => {
    const at = new Date(now).toISOString();
    const lines = await addReviewers(trx, reviewers, firstProductOf, products, at);
    progress(`${reviewers.toLocaleString('en-US')} reviewers with a delivered order each`);

    const restore = await figuresTriggerOff(trx, postgres);
    for (let start = 0; start < count; start += BATCH) {
      const rows = Array.from(byDate.subarray(start, Math.min(count, start + BATCH)), (i) => {
        const createdAt = new Date(dates[i]!).toISOString();
        const line = lines[reviewerOf[i]!]!;
        return {
          product_id: products[productOf[i]!]!,
          user_id: line.userId,
          order_item_id: line.lineId,
          variant_id: null,
          variant_label: null,
          rating: stars[i]!,
          title: `${stars[i]} stars from a seeded reviewer`,
          body: 'A synthesized review for scale tests: it arrived on time and works as described.',
          moderated_at: createdAt,
          created_at: createdAt,
          updated_at: createdAt,
        };
      });
      await trx.insertInto('reviews').values(rows).execute();
      const done = start + rows.length;
      if (done % 100_000 < BATCH || done === count)
        progress(`${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} reviews`);
    }
    await restore();
    await recountFigures(trx);
    await trx
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    progress('products’ rating figures recounted');
  });
  return { inserted: count, reviewers };
}

/** The reviewers, each with a delivered test order of one line; answers each one's user and line ids. */
async function addReviewers(
  trx: Db,
  reviewers: number,
  firstProductOf: Int32Array,
  products: number[],
  at: string,
): Promise<{ userId: number; lineId: number }[]> {
  const lines: { userId: number; lineId: number }[] = [];
  const step = 500;
  for (let from = 0; from < reviewers; from += step) {
    const batch = Array.from({ length: Math.min(step, reviewers - from) }, (_, i) => ({ n: from + i, userId: newUserId() }));
    await trx
      .insertInto('users')
      .values(
        batch.map(({ n, userId }) => ({
          id: userId,
          first_name: 'Seed',
          last_name: `Reviewer ${n}`,
          email: `seed-reviewer-${userId}@example.invalid`,
          // Unique as the id is; never a real number (15 digits).
          phone_number: String(userId),
          password_hash: '!',
          email_verified: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await trx
      .insertInto('orders')
      .values(
        batch.map(({ n, userId }) => ({
          id: `SEED-R${userId}`,
          user_id: userId,
          status: 'delivered',
          total_paisa: 0,
          payment_method: 'cod',
          payment_status: 'paid',
          payment_ref: null,
          test_payment: 1,
          full_name: `Seed Reviewer ${n}`,
          phone: '9800000000',
          province: 'Bagmati',
          district: 'Kathmandu',
          city: 'Kathmandu',
          address: 'Seed',
          landmark: null,
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const inserted = await trx
      .insertInto('order_items')
      .values(
        batch.map(({ n, userId }) => ({
          order_id: `SEED-R${userId}`,
          product_id: products[Math.max(0, firstProductOf[n]!)]!,
          product_name: 'Seed',
          category_name: 'Seed',
          unit_price_paisa: 0,
          quantity: 1,
          stock_reserved: 0,
        })),
      )
      .returning(['id', 'order_id'])
      .execute();
    const lineOf = new Map(inserted.map((row) => [row.order_id, row.id]));
    for (const { userId } of batch) lines.push({ userId, lineId: lineOf.get(`SEED-R${userId}`)! });
  }
  return lines;
}

/**
 * Turns migration 037's insert trigger off for the rest of the transaction and answers what turns
 * it back on. PostgreSQL disables it (a lock on reviews until the commit); SQLite cannot, so it is
 * dropped and made again from its own stored text. Either way a failure rolls it all back.
 */
async function figuresTriggerOff(trx: Db, postgres: boolean): Promise<() => Promise<void>> {
  if (postgres) {
    await sql`alter table reviews disable trigger reviews_figures_insert`.execute(trx);
    return async () => {
      await sql`alter table reviews enable trigger reviews_figures_insert`.execute(trx);
    };
  }
  const stored = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'trigger' and name = 'reviews_figures_insert'`.execute(trx);
  const text = stored.rows[0]?.sql;
  if (!text) throw new Error('the reviews_figures_insert trigger of migration 037 is missing');
  await sql`drop trigger reviews_figures_insert`.execute(trx);
  return async () => {
    await sql.raw(text).execute(trx);
  };
}

/** The rating figures of every reviewed product, from its visible reviews (migration 037's columns). */
async function recountFigures(trx: Db): Promise<void> {
  const stars = [1, 2, 3, 4, 5].map((n) => `sum(case when rating = ${n} then 1 else 0 end) as n${n}`).join(', ');
  const set = [1, 2, 3, 4, 5].map((n) => `rating_${n} = f.n${n}`).join(', ');
  await sql
    .raw(
      `update products set rating_count = f.n, rating_sum = f.total, ${set},
        rating_key = case when f.n > 0 then (f.total * 1000) / f.n else 0 end
      from (select product_id, count(*) as n, sum(rating) as total, ${stars}
        from reviews where status = 'visible' group by product_id) as f
      where products.id = f.product_id`,
    )
    .execute(trx);
}
