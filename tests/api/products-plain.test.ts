import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../src/shared/catalog.js';
import { PLAIN_LIST_MAX } from '../../src/server/features/catalog/listing/service.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { makeImage } from '../helpers/catalog.js';

/** The plain GET /api/products of the contract stays bounded however large the catalogue grows. */
describe('plain product list on a large catalogue', () => {
  let t: TestApp;
  const total = PLAIN_LIST_MAX + 5;

  beforeAll(async () => {
    t = await buildTestApp();
    const catalog = new CatalogService(t.app.ctx);
    const { category } = await catalog.createCategory('Cables');
    const image = await catalog.storeImage(await makeImage());
    const start = Date.parse('2026-02-01T00:00:00.000Z');
    await catalog.insertProductsBulk(
      Array.from({ length: total }, (_, i) => ({
        name: `USB cable ${i}`,
        description: 'A cable',
        pricePaisa: 10_000 + i,
        categoryId: category.id,
        imageBaseNames: [image],
        createdAt: new Date(start + i * 1000).toISOString(),
      })),
    );
  });
  afterAll(async () => t.close());

  it('answers the newest PLAIN_LIST_MAX products and points to the paged form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    const products = res.json<Product[]>();
    expect(products).toHaveLength(PLAIN_LIST_MAX);
    expect(products[0]!.name).toBe(`USB cable ${total - 1}`);
    expect(products.at(-1)!.name).toBe(`USB cable ${total - PLAIN_LIST_MAX}`);
    expect(res.headers['x-pasal-truncated']).toBe('true');
    expect(res.headers.link).toBe('</api/products?page=1&pageSize=100>; rel="next"');
  });

  it('is complete and unmarked when the filter matches fewer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?maxPrice=100.04' });
    expect(res.json<Product[]>().map((p) => p.name)).toEqual([
      'USB cable 4',
      'USB cable 3',
      'USB cable 2',
      'USB cable 1',
      'USB cable 0',
    ]);
    expect(res.headers['x-pasal-truncated']).toBeUndefined();
  });

  it('pages through everything with page/pageSize', async () => {
    const last = await t.app.inject({ method: 'GET', url: `/api/products?page=11&pageSize=100` });
    expect(last.json<ProductPage>()).toMatchObject({ total, totalPages: 11 });
    expect(last.json<ProductPage>().products).toHaveLength(5);
  });
});
