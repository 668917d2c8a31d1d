import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as q from '../../src/server/features/catalog/queries.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, createPath } from '../helpers/catalog.js';

/**
 * Relevance order with a bounded ranking (queries.RANKED_MATCHES): the newest matches of a search
 * are ranked, older ones follow newest first. Checked with a small window on both databases: every
 * match is listed exactly once across the pages, the ranked part is exactly the newest matches in
 * the order a full ranking gives them, and the rest is newest first.
 */
describe('search relevance with a ranking window', () => {
  let t: TestApp;
  let laptopsId: number;
  const WINDOW = 7;

  beforeAll(async () => {
    t = await buildTestApp();
    const token = await adminToken(t);
    await createPath(t, token, 'Laptops');
    await createPath(t, token, 'Audio');
    const categories = await t.app.ctx.db.selectFrom('categories').select(['id', 'name']).execute();
    laptopsId = categories.find((c) => c.name === 'Laptops')!.id;
    const audioId = categories.find((c) => c.name === 'Audio')!.id;
    // 30 products that mention "gaming": in the name or only in the description, in different
    // amounts, so bm25 / ts_rank give an order unlike the ids; every third one in Audio.
    const now = new Date('2026-11-01T00:00:00Z').getTime();
    const rows = Array.from({ length: 30 }, (_, i) => {
      const inName = i % 4 === 0 || i % 7 === 3;
      const name = inName ? `Gaming Rig ${i}` : `Workstation ${i}`;
      const description = `${'gaming '.repeat(1 + (i % 5))}machine number ${i} with a long description ${'filler '.repeat(i % 6)}`;
      const at = new Date(now + i * 60_000).toISOString();
      return {
        name,
        name_sort: name.toLowerCase(),
        description,
        price_paisa: 100_000 + i * 1000,
        category_id: i % 3 === 0 ? audioId : laptopsId,
        sub_category_id: null,
        child_category_id: null,
        is_featured: 0,
        stock: 5,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      };
    });
    await t.app.ctx.db.insertInto('products').values(rows).execute();
    // A deleted match is never listed.
    await t.app.ctx.db
      .insertInto('products')
      .values({ ...rows[0]!, name: 'Gaming Ghost', name_sort: 'gaming ghost', deleted_at: new Date(now).toISOString() })
      .execute();
  });
  afterAll(async () => t.close());

  const pages = async (filter: q.ProductFilter, pageSize: number, window: number) => {
    const { db } = t.app.ctx;
    const total = await q.countProducts(db, t.app.ctx.dialect, filter);
    const ids: number[] = [];
    for (let offset = 0; offset < total + pageSize; offset += pageSize) {
      ids.push(...(await q.pageIds(db, t.app.ctx.dialect, filter, 'relevance', pageSize, offset, undefined, window)));
    }
    return { total, ids };
  };

  for (const [label, filter] of [
    ['a search alone', { search: ['gaming'] }],
    ['a search within a category', { search: ['gaming'], categoryIds: [0] }],
  ] as const) {
    it(`${label}: every match once, the newest ${WINDOW} ranked first, then newest first`, async () => {
      const resolved: q.ProductFilter =
        'categoryIds' in filter ? { search: [...filter.search], categoryIds: [laptopsId] } : { search: [...filter.search] };
      const full = await pages(resolved, 1000, 1000);
      expect(full.ids).toHaveLength(full.total);
      expect(full.total).toBeGreaterThan(WINDOW + 5);
      const newestFirst = [...full.ids].sort((a, b) => b - a);

      for (const pageSize of [1, 3, 5, 24]) {
        const bounded = await pages(resolved, pageSize, WINDOW);
        expect(bounded.ids, `page size ${pageSize}`).toHaveLength(full.total);
        expect(new Set(bounded.ids).size).toBe(full.total);
        const head = bounded.ids.slice(0, WINDOW);
        expect(new Set(head)).toEqual(new Set(newestFirst.slice(0, WINDOW)));
        // The ranked part keeps the full ranking's order of those products.
        expect(head).toEqual(full.ids.filter((id) => head.includes(id)));
        expect(bounded.ids.slice(WINDOW)).toEqual(newestFirst.slice(WINDOW));
      }
      // The full ranking is not simply newest first (or the checks above would prove nothing).
      expect(full.ids).not.toEqual(newestFirst);
    });
  }

  it('the API lists a search the same way across its pages', async () => {
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json<{ products: { id: number }[]; total: number }>();
    const first = await get('/api/products?q=gaming&page=1&pageSize=24');
    const second = await get('/api/products?q=gaming&page=2&pageSize=24');
    expect(first.total).toBe(30);
    const listed = [...first.products, ...second.products].map((p) => p.id);
    expect(new Set(listed).size).toBe(30);
  });
});
