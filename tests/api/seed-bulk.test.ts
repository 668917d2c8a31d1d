import { afterEach, describe, expect, it } from 'vitest';
import { parseSeedArgs } from '../../src/server/cli/seed.js';
import { SeedRefused, seedBulkCatalogue, wipeCatalogue } from '../../src/server/features/catalog/seed/bulk.js';
import { PRICE_RANGES } from '../../src/server/features/catalog/seed/demo-data.js';
import { createDemoTree } from '../../src/server/features/catalog/seed/seed-demo.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import type { Category, ProductPage } from '../../src/shared/catalog.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { rowCount } from '../helpers/catalog.js';
import { newUserId } from '../../src/server/features/accounts/user-ids.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function page(app: TestApp, query: string): Promise<ProductPage> {
  const res = await app.app.inject({ method: 'GET', url: `/api/products?page=1&pageSize=50&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductPage>();
}

describe('bulk seeder (npm run seed -- --products N)', () => {
  it('parses its arguments', () => {
    expect(parseSeedArgs(['--products', '100000'])).toEqual({ products: 100_000, reset: false });
    expect(parseSeedArgs(['--products=1_000', '--reset'])).toEqual({ products: 1000, reset: true });
    expect(parseSeedArgs(['--products', 'many'])).toHaveProperty('error');
    expect(parseSeedArgs(['--products', '2000000'])).toHaveProperty('error');
    expect(parseSeedArgs([])).toHaveProperty('error');
    expect(parseSeedArgs(['--nope'])).toHaveProperty('error');
  });

  it('adds N products over the whole tree, sharing stored pictures, that the list queries find', async () => {
    t = await buildTestApp();
    // An existing tree: the demo products are not seeded again, N products go into it.
    await createDemoTree(new CatalogService(t.app.ctx));
    const lines: string[] = [];
    const result = await seedBulkCatalogue(
      t.app.ctx,
      { products: 500, batchSize: 200 },
      { progress: (line) => lines.push(line) },
    );
    expect(result.demoSeeded).toBe(false);
    expect(result.inserted).toBe(500);
    expect(result.liveProducts).toBe(500);
    expect(lines.at(-1)).toMatch(/^500 \/ 500 products/);
    expect(await rowCount(t, 'products')).toBe(500);
    // Two pictures each, from a small shared pool.
    expect(await rowCount(t, 'product_images')).toBe(1000);
    const distinct = await t.app.ctx.db.selectFrom('product_images').select('base_name').distinct().execute();
    expect(distinct.length).toBeLessThanOrEqual(40);

    expect((await page(t, '')).total).toBe(500);
    const names = new Set((await page(t, 'sort=name')).products.map((product) => product.name));
    expect(names.size).toBe(50);

    // Every node of the tree holds products.
    const tree = (await t.app.inject({ method: 'GET', url: '/api/category' })).json<Category[]>();
    for (const category of tree) {
      expect((await page(t, `category=${encodeURIComponent(category.name)}`)).total, category.name).toBeGreaterThan(0);
      for (const sub of category.subCategories) {
        const q = `category=${encodeURIComponent(category.name)}&subcategory=${encodeURIComponent(sub.name)}`;
        expect((await page(t, q)).total, sub.name).toBeGreaterThan(0);
        for (const child of sub.childCategories) {
          const total = (await page(t, `${q}&childcategory=${encodeURIComponent(child.name)}`)).total;
          expect(total, child.name).toBeGreaterThan(0);
        }
      }
    }
    // Every range of the price filter, some above them, about 1 % featured, a text search.
    for (const [min, max] of PRICE_RANGES) {
      expect((await page(t, `minPrice=${min}&maxPrice=${max}`)).total, `${min}–${max}`).toBeGreaterThanOrEqual(50);
    }
    expect((await page(t, 'minPrice=100001')).total).toBeGreaterThanOrEqual(50);
    const featured = (await page(t, 'featured=true')).total;
    expect(featured).toBeGreaterThanOrEqual(3);
    expect(featured).toBeLessThanOrEqual(10);
    expect((await page(t, 'q=warranty')).total).toBeGreaterThan(0);
  }, 60_000);

  it('refuses --reset while an order exists; without orders the wipe empties the catalogue', async () => {
    t = await buildTestApp();
    const ctx = t.app.ctx;
    await createDemoTree(new CatalogService(ctx));
    await seedBulkCatalogue(ctx, { products: 50 }, { progress: () => undefined });
    const now = new Date().toISOString();
    const user = await ctx.db
      .insertInto('users')
      .values({
        id: newUserId(),
        first_name: 'Ram',
        last_name: 'Thapa',
        email: 'ram.seed@example.com',
        phone_number: '9800000001',
        password_hash: 'unused',
        email_verified: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('orders')
      .values({
        id: 'ORD-SEEDTEST00000000',
        user_id: user.id,
        status: 'pending',
        total_paisa: 100,
        payment_method: 'cod',
        payment_status: 'pending',
        payment_ref: null,
        full_name: 'Ram Thapa',
        phone: '9800000001',
        province: 'Bagmati',
        district: 'Kathmandu',
        city: 'Kathmandu',
        address: 'Baneshwor',
        landmark: null,
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await expect(seedBulkCatalogue(ctx, { products: 10, reset: true }, { progress: () => undefined })).rejects.toThrow(
      SeedRefused,
    );
    expect(await rowCount(t, 'products')).toBe(50);

    await ctx.db.deleteFrom('orders').execute();
    const wiped = await wipeCatalogue(ctx);
    expect(wiped.products).toBe(50);
    expect(await rowCount(t, 'products')).toBe(0);
    expect(await rowCount(t, 'product_images')).toBe(0);
    expect(await rowCount(t, 'categories')).toBe(0);
    expect(await new CatalogService(ctx).isEmpty()).toBe(true);
  }, 60_000);
});
