import type { AppContext } from '../../context.js';
import { newUserId } from '../accounts/user-ids.js';
import { random } from '../catalog/seed/bulk.js';

/** Most reviews one synthesized reviewer writes (each of a different product). */
const PER_REVIEWER = 200;
const BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Mostly good, as a shop's ratings are: 5 ★ 45 %, 4 ★ 30 %, 3 ★ 12 %, 2 ★ 6 %, 1 ★ 7 %. */
function rating(rand: () => number): number {
  const r = rand();
  return r < 0.45 ? 5 : r < 0.75 ? 4 : r < 0.87 ? 3 : r < 0.93 ? 2 : 1;
}

/**
 * Synthesized reviews for scale tests (npm run seed -- --reviews N): spread over the live products,
 * each by a synthesized reviewer (first name "Seed", unverifiable addresses under example.invalid)
 * with one delivered order line, so every review is tied to a line as the rule says. The orders
 * are marked as test payments and total nothing, so no revenue or sales figure moves (the
 * Dashboard's counts of orders by status include them). The products'
 * figures follow through the triggers of migration 037, as for any review.
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
  const perReviewer = Math.min(PER_REVIEWER, products.length);
  const rand = random(20_261_207);
  const now = ctx.clock.now().getTime();
  let inserted = 0;
  let reviewers = 0;
  while (inserted < count) {
    const writers = Math.min(Math.ceil((count - inserted) / perReviewer), Math.ceil(BATCH / perReviewer));
    await ctx.db.transaction().execute(async (trx) => {
      const at = new Date(now).toISOString();
      for (let w = 0; w < writers && inserted < count; w += 1) {
        const userId = newUserId();
        const n = reviewers + w;
        await trx
          .insertInto('users')
          .values({
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
          })
          .execute();
        const orderId = `SEED-R${userId}`;
        await trx
          .insertInto('orders')
          .values({
            id: orderId,
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
          })
          .execute();
        const start = (n * perReviewer) % products.length;
        const mine = Array.from(
          { length: Math.min(perReviewer, count - inserted) },
          (_, k) => products[(start + k) % products.length]!,
        );
        const line = await trx
          .insertInto('order_items')
          .values({
            order_id: orderId,
            product_id: mine[0]!,
            product_name: 'Seed',
            category_name: 'Seed',
            unit_price_paisa: 0,
            quantity: 1,
            stock_reserved: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('reviews')
          .values(
            mine.map((productId) => {
              const stars = rating(rand);
              const createdAt = new Date(now - Math.floor(rand() * 365 * DAY_MS)).toISOString();
              return {
                product_id: productId,
                user_id: userId,
                order_item_id: line.id,
                variant_id: null,
                variant_label: null,
                rating: stars,
                title: `${stars} stars from a seeded reviewer`,
                body: 'A synthesized review for scale tests: it arrived on time and works as described.',
                created_at: createdAt,
                updated_at: createdAt,
              };
            }),
          )
          .execute();
        inserted += mine.length;
      }
    });
    reviewers += writers;
    progress(`${inserted.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} reviews`);
  }
  return { inserted, reviewers };
}
