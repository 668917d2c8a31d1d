import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/shared/catalog.js';
import { priceBucket } from '../../src/server/features/catalog/listing/counts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { bearer, makeProduct } from '../helpers/orders.js';

const HOUR = 60 * 60 * 1000;

interface Page {
  products: Product[];
  total: number;
}

/**
 * Lists by the price a shopper pays now: a product on sale is filtered, sorted and counted at its
 * sale price while the campaign runs, and at its regular price again once it ends.
 */
describe('lists by selling price', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const list = async (query: string): Promise<Page> => {
    const res = await t.app.inject({ url: `/api/products?category=Sale%20Speakers&page=1&pageSize=50&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const names = (page: Page) => page.products.map((product) => product.name);

  /** The price buckets of catalog_counts equal those of the live rows' selling prices. */
  async function expectBucketsExact(): Promise<void> {
    const { rows } = await sql<{ paisa: number | string }>`
      select selling_price_paisa as paisa from products where deleted_at is null`.execute(t.app.ctx.db);
    const expected = new Map<number, number>();
    for (const row of rows) {
      const bucket = priceBucket(Number(row.paisa));
      expected.set(bucket, (expected.get(bucket) ?? 0) + 1);
    }
    const stored = await sql<{ k: number | string; n: number | string }>`
      select k, n from catalog_counts where dim = 4 and n <> 0`.execute(t.app.ctx.db);
    expect(new Map(stored.rows.map((row) => [Number(row.k), Number(row.n)]))).toEqual(expected);
  }

  /** Moves the test clock and lets the queue run what is due until `done` holds. */
  async function advanceUntil(ms: number, done: () => Promise<boolean>) {
    t.clock.advance(ms);
    await vi.waitFor(
      async () => {
        t.app.ctx.jobs.wake();
        expect(await done()).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  it('filters, sorts and counts a product on sale at its sale price, and at its regular price after', async () => {
    const small = await makeProduct(t, { name: 'Small speaker', price: 1000, category: 'Sale Speakers' });
    await makeProduct(t, { name: 'Middle speaker', price: 2000, category: 'Sale Speakers' });
    const big = await makeProduct(t, { name: 'Big speaker', price: 3000, category: 'Sale Speakers' });
    // Others in the 1,000s elsewhere, so a range across the catalogue holds more than this category.
    for (let i = 0; i < 3; i += 1) await makeProduct(t, { price: 1100 + i * 250, category: 'Other Speakers' });

    expect(names(await list('sort=price_asc'))).toEqual(['Small speaker', 'Middle speaker', 'Big speaker']);
    const admin = await adminToken(t);
    const start = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const end = new Date(t.clock.now().getTime() + 3 * HOUR).toISOString();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: bearer(admin),
      payload: { name: 'Dashain', startsAt: start, endsAt: end, items: [{ target: 'product', id: big.id, salePrice: 1500 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bigOnSale = async () => (await t.app.inject({ url: `/api/products/${big.id}` })).json<Product>().sale?.price === 1500;
    await advanceUntil(HOUR + 1000, bigOnSale);

    expect(names(await list('sort=price_asc'))).toEqual(['Small speaker', 'Big speaker', 'Middle speaker']);
    expect(names(await list('sort=price_desc'))).toEqual(['Middle speaker', 'Big speaker', 'Small speaker']);
    const inRange = await list('minPrice=1400&maxPrice=1600');
    expect(names(inRange)).toEqual(['Big speaker']);
    expect(inRange.total).toBe(1);
    expect((await list('minPrice=2500')).total).toBe(0);
    // Across the whole catalogue (the stored price buckets answer the count).
    const wide = await t.app.inject({ url: '/api/products?minPrice=1000&maxPrice=1999&page=1&pageSize=50' });
    const widePage = wide.json<Page>();
    expect(widePage.products.map((product) => product.id)).toContain(big.id);
    expect(widePage.products.map((product) => product.id)).toContain(small.id);
    expect(widePage.total).toBe(widePage.products.length);
    await expectBucketsExact();

    // The end comes by itself: back where its regular price puts it.
    await advanceUntil(2 * HOUR, async () => !(await bigOnSale()));
    expect(names(await list('sort=price_asc'))).toEqual(['Small speaker', 'Middle speaker', 'Big speaker']);
    expect((await list('minPrice=1400&maxPrice=1600')).total).toBe(0);
    await expectBucketsExact();
  });
});
