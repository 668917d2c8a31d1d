import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countProducts } from '../../src/server/features/catalog/listing/counts.js';
import type { ProductFilter } from '../../src/server/features/catalog/listing/filter.js';
import { pageIds } from '../../src/server/features/catalog/listing/queries.js';
import { SEARCH_RESULTS_MAX } from '../../src/server/features/catalog/listing/search.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, createPath } from '../helpers/catalog.js';

/** A live product row written straight to the table (many at once, at chosen times). */
function productRow(p: { name: string; description: string; pricePaisa: number; categoryId: number; at: string }) {
  return {
    name: p.name,
    name_sort: p.name.toLowerCase(),
    description: p.description,
    price_paisa: p.pricePaisa,
    category_id: p.categoryId,
    sub_category_id: null,
    child_category_id: null,
    is_featured: 0,
    stock: 5,
    created_at: p.at,
    updated_at: p.at,
    deleted_at: null,
  };
}

/**
 * Relevance order with a bounded ranking (SEARCH_RESULTS_MAX, listing/search.ts): name matches first, the
 * newest of them ranked and older ones newest first, then the matches in descriptions only, newest
 * first. Checked with a small window on both databases: every match is listed exactly once across
 * the pages, the ranked part is exactly the newest name matches in the order a full ranking gives
 * them, and the rest keeps its order. Then a broad search in a catalogue with more matches than a
 * search lists.
 */
describe('search relevance with a ranking window', () => {
  let t: TestApp;
  let laptopsId: number;
  const WINDOW = 5;

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
      return productRow({
        name,
        description,
        pricePaisa: 100_000 + i * 1000,
        categoryId: i % 3 === 0 ? audioId : laptopsId,
        at: new Date(now + i * 60_000).toISOString(),
      });
    });
    await t.app.ctx.db.insertInto('products').values(rows).execute();
    // A deleted match is never listed.
    await t.app.ctx.db
      .insertInto('products')
      .values({ ...rows[0]!, name: 'Gaming Ghost', name_sort: 'gaming ghost', deleted_at: new Date(now).toISOString() })
      .execute();
  });
  afterAll(async () => t.close());

  const pages = async (filter: ProductFilter, pageSize: number, window: number) => {
    const { db } = t.app.ctx;
    const total = await countProducts(db, t.app.ctx.dialect, filter);
    const ids: number[] = [];
    for (let offset = 0; offset < total + pageSize; offset += pageSize) {
      ids.push(...(await pageIds(db, t.app.ctx.dialect, filter, 'relevance', pageSize, offset, { rankWindow: window })));
    }
    return { total, ids };
  };

  for (const [label, filter] of [
    ['a search alone', { search: ['gaming'] }],
    ['a search within a category', { search: ['gaming'], categoryIds: [0] }],
  ] as const) {
    it(`${label}: every match once, name matches first (the newest ${WINDOW} ranked), then the rest newest first`, async () => {
      const resolved: ProductFilter =
        'categoryIds' in filter ? { search: [...filter.search], categoryIds: [laptopsId] } : { search: [...filter.search] };
      const full = await pages(resolved, 1000, 1000);
      expect(full.ids).toHaveLength(full.total);
      const named = new Set(
        (await t.app.ctx.db.selectFrom('products').select('id').where('name', 'like', 'Gaming Rig%').execute()).map(
          (row) => row.id,
        ),
      );
      const nameMatches = full.ids.filter((id) => named.has(id));
      const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);
      expect(nameMatches.length).toBeGreaterThan(WINDOW);
      expect(full.total).toBeGreaterThan(nameMatches.length + 5);
      // The full ranking lists every name match before any description-only match.
      expect(full.ids.slice(0, nameMatches.length)).toEqual(nameMatches);
      expect(full.ids.slice(nameMatches.length)).toEqual(newestFirst(full.ids.slice(nameMatches.length)));

      for (const pageSize of [1, 3, 5, 24]) {
        const bounded = await pages(resolved, pageSize, WINDOW);
        expect(bounded.ids, `page size ${pageSize}`).toHaveLength(full.total);
        expect(new Set(bounded.ids).size).toBe(full.total);
        const head = bounded.ids.slice(0, WINDOW);
        expect(new Set(head)).toEqual(new Set(newestFirst(nameMatches).slice(0, WINDOW)));
        // The ranked part keeps the full ranking's order of those products.
        expect(head).toEqual(full.ids.filter((id) => head.includes(id)));
        expect(bounded.ids.slice(WINDOW, nameMatches.length)).toEqual(newestFirst(nameMatches).slice(WINDOW));
        expect(bounded.ids.slice(nameMatches.length)).toEqual(full.ids.slice(nameMatches.length));
      }
      // The name matches' ranking is not simply newest first (or the checks above would prove nothing).
      expect(nameMatches).not.toEqual(newestFirst(nameMatches));
      // Told how many matches there are (few: PostgreSQL then sorts them all), the order is the same.
      for (const sort of ['relevance', 'price_asc', 'price_desc', 'name', 'newest'] as const) {
        const told: number[] = [];
        const plain: number[] = [];
        for (let offset = 0; offset < full.total; offset += 4) {
          told.push(...(await pageIds(t.app.ctx.db, t.app.ctx.dialect, resolved, sort, 4, offset, { matches: full.total })));
          plain.push(...(await pageIds(t.app.ctx.db, t.app.ctx.dialect, resolved, sort, 4, offset)));
        }
        expect(told, sort).toEqual(sort === 'relevance' ? full.ids : plain);
        expect(told).toHaveLength(full.total);
      }
    });
  }

  it('the API lists a search the same way across its pages', async () => {
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url })).json<{ products: { id: number }[]; total: number }>();
    const first = await get('/api/products?q=gaming&page=1&pageSize=24');
    const second = await get('/api/products?q=gaming&page=2&pageSize=24');
    expect(first.total).toBe(30);
    const listed = [...first.products, ...second.products].map((p) => p.id);
    expect(new Set(listed).size).toBe(30);
  });

  it('takes the last word as the start of a word being typed, and the others as whole words', async () => {
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url })).json<{ products: { name: string }[]; total: number }>();
    // 11 products are named "Gaming Rig n".
    expect((await get('/api/products?q=rig%20gam')).total).toBe(11);
    expect((await get('/api/products?q=gaming%20ri')).total).toBe(11);
    expect((await get('/api/products?q=gam%20rig')).total).toBe(0);
  });
});

describe('a broad search in a catalogue with more matches than a search lists', () => {
  let t: TestApp;
  const DESCRIPTION_ONLY = SEARCH_RESULTS_MAX + 500;

  beforeAll(async () => {
    t = await buildTestApp();
    const token = await adminToken(t);
    await createPath(t, token, 'Accessories');
    const { id: categoryId } = await t.app.ctx.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    const product = (i: number, name: string, description: string) =>
      productRow({ name, description, pricePaisa: 50_000 + i, categoryId, at: new Date(start + i * 60_000).toISOString() });
    // The oldest product of all is the one a shopper looking for a wireless mouse wants.
    const rows = [product(0, 'Wireless Mouse', 'A light mouse for the desk.')];
    for (let i = 1; i <= 10; i++) rows.push(product(i, `Wireless Keyboard ${i}`, 'Keys for typing.'));
    for (let i = 11; i < 11 + DESCRIPTION_ONLY; i++)
      rows.push(product(i, `Desk Gadget ${i}`, 'Pairs with any wireless receiver.'));
    for (let i = 0; i < rows.length; i += 500)
      await t.app.ctx.db
        .insertInto('products')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  afterAll(async () => t.close());

  type Page = { products: { id: number; name: string }[]; total: number; totalAtLeast?: boolean; totalPages: number };
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  it('lists the products named with the words first, however old, above a thousand newer mentions', async () => {
    const first = await get('/api/products?q=wireless&page=1&pageSize=24');
    const names = first.products.map((p) => p.name);
    expect(names.slice(0, 11).every((name) => name.startsWith('Wireless'))).toBe(true);
    expect(names).toContain('Wireless Mouse');
    expect(names.slice(11).every((name) => name.startsWith('Desk Gadget'))).toBe(true);
    // The description-only matches follow newest first.
    expect(names[11]).toBe(`Desk Gadget ${10 + DESCRIPTION_ONLY}`);

    const both = await get('/api/products?q=wireless%20mouse&page=1&pageSize=24');
    expect(both.products.map((p) => p.name)).toEqual(['Wireless Mouse']);
    expect(both).toMatchObject({ total: 1, totalPages: 1 });
    expect(both.totalAtLeast).toBeUndefined();
  });

  it('counts and lists up to the maximum, says there are more, and reads no page beyond', async () => {
    const pages = Math.ceil(SEARCH_RESULTS_MAX / 24);
    for (const sort of ['relevance', 'price_asc']) {
      const first = await get(`/api/products?q=wireless&sort=${sort}&page=1&pageSize=24`);
      expect(first).toMatchObject({ total: SEARCH_RESULTS_MAX, totalAtLeast: true, totalPages: pages });
      const last = await get(`/api/products?q=wireless&sort=${sort}&page=${pages}&pageSize=24`);
      expect(last.products).toHaveLength(SEARCH_RESULTS_MAX - (pages - 1) * 24);
      const beyond = await get(`/api/products?q=wireless&sort=${sort}&page=${pages + 1}&pageSize=24`);
      expect(beyond.products).toEqual([]);
      expect(beyond).toMatchObject({ total: SEARCH_RESULTS_MAX, totalAtLeast: true });
    }
    // Without a search the total stays exact.
    const all = await get('/api/products?page=1&pageSize=24');
    expect(all.total).toBe(11 + DESCRIPTION_ONLY);
    expect(all.totalAtLeast).toBeUndefined();
  });
});
