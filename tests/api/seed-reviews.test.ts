import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeedArgs } from '../../src/server/cli/seed.js';
import { REVIEWS_PAGE_SIZE } from '../../src/shared/reviews.js';
import { reviewCounts, seedReviews } from '../../src/server/features/reviews/seed.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { makeProduct } from '../helpers/orders.js';

/** npm run seed -- --reviews M: synthesized verified reviews whose figures are exact and add no revenue. */
describe('review seeder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('parses --reviews', () => {
    expect(parseSeedArgs(['--products', '10', '--reviews', '1_000_000'])).toEqual({
      products: 10,
      reset: false,
      reviews: 1_000_000,
    });
    expect(parseSeedArgs(['--reviews=500'])).toEqual({ products: 0, reset: false, reviews: 500 });
    expect(parseSeedArgs(['--reviews', 'lots'])).toHaveProperty('error');
    expect(parseSeedArgs(['--reviews', '20000000'])).toHaveProperty('error');
  });

  it('adds reviews over the live products; the products’ figures match the reviews exactly', async () => {
    const products = [await makeProduct(t)];
    products.push(...(await Promise.all(Array.from({ length: 19 }, () => makeProduct(t)))));
    const seeded = await seedReviews(t.app.ctx, 450, () => undefined);
    const counts = reviewCounts(20, 450, () => 0.5);
    // As many reviewers as the most reviewed product has reviews (each reviews a product once).
    expect(seeded.inserted).toBe(450);
    expect(seeded.reviewers).toBeGreaterThanOrEqual(Math.max(...counts));
    const db = t.app.ctx.db;
    const counted = await db
      .selectFrom('reviews')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('rating').as('sum')])
      .groupBy('product_id')
      .execute();
    expect(counted.reduce((total, row) => total + Number(row.n), 0)).toBe(450);
    // Skewed as a shop's are: the most reviewed product has several times the median's reviews.
    const sizes = counted.map((row) => Number(row.n)).sort((a, b) => b - a);
    expect(sizes[0]!).toBeGreaterThan(3 * sizes[Math.floor(sizes.length / 2)]!);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(450);
    expect(new Set(counted.map((row) => row.product_id)).size).toBe(counted.length);
    const rows = await db
      .selectFrom('products')
      .select(['id', 'rating_count', 'rating_sum', 'rating_1', 'rating_2', 'rating_3', 'rating_4', 'rating_5'])
      .where(
        'id',
        'in',
        products.map((p) => p.id),
      )
      .execute();
    for (const row of rows) {
      const expected = counted.find((c) => c.product_id === row.id);
      expect(Number(row.rating_count)).toBe(Number(expected?.n ?? 0));
      expect(Number(row.rating_sum)).toBe(Number(expected?.sum ?? 0));
      expect([1, 2, 3, 4, 5].reduce((n, k) => n + Number(row[`rating_${k}` as 'rating_1']), 0)).toBe(Number(row.rating_count));
    }
    // Test payments totalling nothing: no revenue on the Dashboard (its order counts include them).
    const totals = await db.selectFrom('order_day_totals').selectAll().execute();
    expect(totals.map((row) => [Number(row.order_count), Number(row.test_count), Number(row.amount_paisa)])).toEqual([
      [seeded.reviewers, seeded.reviewers, 0],
    ]);
    expect(await db.selectFrom('product_day_sales').selectAll().execute()).toEqual([]);
    // Seeded reviews are moderated already: the admin's queue of new ones stays empty.
    expect(await db.selectFrom('reviews').select('id').where('moderated_at', 'is', null).execute()).toEqual([]);
    // The figures' insert trigger, off while seeding, is on again: a review after seeding moves them.
    const before = await db
      .selectFrom('products')
      .select('rating_count')
      .where('id', '=', products[0]!.id)
      .executeTakeFirstOrThrow();
    const line = await db.selectFrom('order_items').select(['id', 'order_id']).limit(1).executeTakeFirstOrThrow();
    const order = await db.selectFrom('orders').select('user_id').where('id', '=', line.order_id).executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('users')
      .select('id')
      .where('id', '!=', order.user_id)
      .where('first_name', '=', 'Seed')
      .execute();
    const writer = (
      await Promise.all(
        other.map(async (u) => ({
          id: u.id,
          mine: await db
            .selectFrom('reviews')
            .select('id')
            .where('user_id', '=', u.id)
            .where('product_id', '=', products[0]!.id)
            .executeTakeFirst(),
        })),
      )
    ).find((u) => !u.mine)!;
    const at = new Date().toISOString();
    await db
      .insertInto('reviews')
      .values({
        product_id: products[0]!.id,
        user_id: writer.id,
        order_item_id: line.id,
        variant_id: null,
        variant_label: null,
        rating: 1,
        title: 'After seeding',
        body: 'A review written after the seed ran.',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const after = await db
      .selectFrom('products')
      .select('rating_count')
      .where('id', '=', products[0]!.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.rating_count)).toBe(Number(before.rating_count) + 1);
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${products[0]!.id}/reviews?sort=helpful` });
    expect(page.statusCode).toBe(200);
    expect(page.json().reviews[0]).toMatchObject({ author: expect.stringMatching(/^Seed R\.$/), verifiedPurchase: true });
  });

  it('pages a much reviewed product in each order to its last page, as the whole ordered list has it', async () => {
    const db = t.app.ctx.db;
    const top = await db
      .selectFrom('products')
      .select(['id', 'rating_count'])
      .orderBy('rating_count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Number(top.rating_count)).toBeGreaterThan(2 * REVIEWS_PAGE_SIZE);
    const orders = {
      newest: ['created_at', 'id'],
      helpful: ['helpful_count', 'id'],
      rating: ['rating', 'id'],
    } as const;
    for (const [sort, [first, second]] of Object.entries(orders)) {
      const expected = (
        await db
          .selectFrom('reviews')
          .select('id')
          .where('product_id', '=', top.id)
          .where('status', '=', 'visible')
          .orderBy(first, 'desc')
          .orderBy(second, 'desc')
          .execute()
      ).map((row) => row.id);
      const pages = Math.ceil(expected.length / REVIEWS_PAGE_SIZE);
      const answered: number[] = [];
      for (let page = 1; page <= pages + 1; page += 1) {
        const res = await t.app.inject({ method: 'GET', url: `/api/products/${top.id}/reviews?sort=${sort}&page=${page}` });
        expect(res.statusCode).toBe(200);
        expect(res.json().totalPages).toBe(pages);
        answered.push(...res.json<{ reviews: { id: number }[] }>().reviews.map((r) => r.id));
      }
      expect(answered).toEqual(expected);
    }
  });
});
