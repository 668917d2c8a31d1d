import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeedArgs } from '../../src/server/cli/seed.js';
import { seedReviews } from '../../src/server/features/reviews/seed.js';
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
    expect(seeded).toEqual({ inserted: 450, reviewers: 23 });
    const db = t.app.ctx.db;
    const counted = await db
      .selectFrom('reviews')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('rating').as('sum')])
      .groupBy('product_id')
      .execute();
    expect(counted.reduce((total, row) => total + Number(row.n), 0)).toBe(450);
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
      [23, 23, 0],
    ]);
    expect(await db.selectFrom('product_day_sales').selectAll().execute()).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${products[0]!.id}/reviews?sort=helpful` });
    expect(page.statusCode).toBe(200);
    expect(page.json().reviews[0]).toMatchObject({ author: expect.stringMatching(/^Seed R\.$/), verifiedPurchase: true });
  });
});
