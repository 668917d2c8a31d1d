import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../src/shared/catalog.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer } from '../helpers/catalog.js';
import { fakeImageBase, fillCart, makeShopper, orderBody } from '../helpers/orders.js';

/**
 * Out-of-stock products (stock 0; null is not tracked, in stock) are listed after those
 * in stock, in every list, filter and sort, search included; within each part the list's own
 * order. Each list is read before anything sells out, then again, page by page across the
 * boundary, after products sell out through the admin and through a checkout (and come back when
 * the order is cancelled): it must be the first reading with the sold-out products moved to the
 * end, each product once, the total unchanged.
 */
describe('out-of-stock products are listed last', () => {
  let t: TestApp;
  let admin: string;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    const catalog = new CatalogService(t.app.ctx);
    const audio = (await catalog.createCategory('Audio')).category;
    const headphones = await catalog.createSubCategory(audio.id, 'Headphones');
    const laptops = (await catalog.createCategory('Laptops')).category;
    const inAudio = { categoryId: audio.id };
    const inHeadphones = { categoryId: audio.id, subCategoryId: headphones.id };
    const inLaptops = { categoryId: laptops.id };
    // [name, description, price, where, featured, stock]; stock null = not tracked.
    const rows: [string, string, number, { categoryId: number; subCategoryId?: number }, boolean, number | null][] = [
      ['Wireless Earbuds A', 'Small and light', 3000, inHeadphones, true, null],
      ['Wireless Earbuds B', 'Compact, with a case', 3500, inHeadphones, false, 5],
      ['Studio Headphones', 'Wireless studio monitor', 9000, inHeadphones, true, 2],
      ['Bluetooth Speaker', 'Portable wireless speaker', 4500, inAudio, false, null],
      ['Wireless Speaker Max', 'Loud', 12_000, inAudio, true, 1],
      ['Gaming Laptop', 'Fast laptop', 150_000, inLaptops, true, 3],
      ['Thin Laptop', 'Wireless charging laptop', 90_000, inLaptops, false, null],
      ['Budget Laptop', 'Laptop for school, wireless ready', 45_000, inLaptops, false, 4],
      ['Laptop Stand', 'Aluminium stand for a wireless keyboard', 2500, inLaptops, false, 6],
      ['Wireless Mouse', 'Quiet wireless mouse', 1500, inLaptops, true, 10],
      ['USB Hub', 'Seven ports', 2000, inLaptops, false, null],
      ['USB Cable', 'Braided', 2000, inLaptops, false, 9],
      ['Laptop Sleeve', 'Padded sleeve', 1800, inLaptops, false, 7],
      ['Noise Cancelling Headphones', 'Wireless with ANC', 25_000, inHeadphones, false, 8],
      ['Soundbar', 'Wireless subwoofer', 30_000, inAudio, true, null],
    ];
    const start = Date.parse('2026-02-01T00:00:00.000Z');
    const created = await catalog.insertProductsBulk(
      rows.map(([name, description, price, where, featured, stock], i) => ({
        name,
        description,
        pricePaisa: price * 100,
        ...where,
        isFeatured: featured,
        stock,
        imageBaseNames: [fakeImageBase()],
        // Two products share a creation time: the id breaks the tie.
        createdAt: new Date(start + Math.min(i, 13) * 60_000).toISOString(),
      })),
    );
    rows.forEach(([name], i) => ids.set(name, created[i]!));
  });
  afterAll(async () => t.close());

  const FILTERS = [
    '',
    'category=Audio',
    'category=Audio&subcategory=Headphones',
    'categories=Audio,Headphones,Laptops',
    'minPrice=2000&maxPrice=30000',
    'minPrice=2000',
    'featured=true',
    'q=wireless',
    'q=wireless&category=Laptops',
    'q=laptop',
  ];
  const SORTS = ['newest', 'price_asc', 'price_desc', 'name'];
  /** Two page sizes put the boundary between the parts at different places of a page. */
  const PAGE_SIZES = [2, 5];
  const sortsOf = (filter: string) => (filter.includes('q=') ? [...SORTS, 'relevance'] : SORTS);
  const url = (filter: string, sort: string, page: number, pageSize: number) =>
    `/api/products?${filter ? `${filter}&` : ''}sort=${sort}&page=${page}&pageSize=${pageSize}`;

  const getPage = async (path: string): Promise<ProductPage> => {
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json<ProductPage>();
  };

  /** The whole list on one page. */
  const whole = async (filter: string, sort: string) => (await getPage(url(filter, sort, 1, 100))).products.map((p) => p.id);

  /** Every page of the list, `pageSize` at a time, with the totals each page gave. */
  async function paged(filter: string, sort: string, pageSize: number) {
    const seen: number[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page += 1) {
      const body = await getPage(url(filter, sort, page, pageSize));
      totals.add(body.total);
      seen.push(...body.products.map((p) => p.id));
      if (page >= body.totalPages) break;
    }
    return { seen, totals };
  }

  const soldOutIds = async () =>
    new Set(
      (await t.app.ctx.db.selectFrom('products').select('id').where('stock', '=', 0).execute()).map((row) => Number(row.id)),
    );

  /** `before` with the sold-out products moved to its end, in their order. */
  const soldOutLast = (before: number[], soldOut: Set<number>) => [
    ...before.filter((id) => !soldOut.has(id)),
    ...before.filter((id) => soldOut.has(id)),
  ];

  async function expectEveryListSoldOutLast(before: Map<string, number[]>) {
    const soldOut = await soldOutIds();
    // The database keeps the flag with the stock, whoever wrote it.
    const wrong = await t.app.ctx.db
      .selectFrom('products')
      .select(['id', 'stock', 'sold_out'])
      .where((eb) =>
        eb.or([
          eb.and([eb('stock', '=', 0), eb('sold_out', '<>', 1)]),
          eb.and([eb('stock', '<>', 0), eb('sold_out', '<>', 0)]),
          eb.and([eb('stock', 'is', null), eb('sold_out', '<>', 0)]),
        ]),
      )
      .execute();
    expect(wrong).toEqual([]);
    for (const filter of FILTERS) {
      for (const sort of sortsOf(filter)) {
        const label = `${filter || 'all'} by ${sort}`;
        const expected = soldOutLast(before.get(`${filter}|${sort}`)!, soldOut);
        expect(await whole(filter, sort), label).toEqual(expected);
        for (const pageSize of PAGE_SIZES) {
          const { seen, totals } = await paged(filter, sort, pageSize);
          expect(seen, `${label}, ${pageSize} a page`).toEqual(expected);
          expect([...totals], `${label}, ${pageSize} a page: total`).toEqual([expected.length]);
        }
      }
    }
  }

  it('lists sold-out products after those in stock, in every filter and sort, and again when they come back', async () => {
    // Every list before anything sells out, read twice so the answer and page caches hold it.
    const before = new Map<string, number[]>();
    for (const filter of FILTERS) {
      for (const sort of sortsOf(filter)) {
        const list = await whole(filter, sort);
        expect(await whole(filter, sort)).toEqual(list);
        expect(list.length, `${filter} by ${sort}`).toBeGreaterThan(2);
        before.set(`${filter}|${sort}`, list);
        for (const pageSize of PAGE_SIZES) await paged(filter, sort, pageSize);
      }
    }
    expect(await soldOutIds()).toEqual(new Set());

    // Three products sell out through the admin (stock set to 0) ...
    for (const name of ['Wireless Earbuds B', 'Thin Laptop', 'USB Hub']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${ids.get(name)}`,
        headers: bearer(admin),
        payload: { stock: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // ... and the last one of a fourth at a checkout, which is no catalogue write.
    const shopper = await makeShopper(t);
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: ids.get('Wireless Speaker Max')!, quantity: 1 }]);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 12_000),
      headers: bearer(shopper.token),
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(await soldOutIds()).toEqual(
      new Set(['Wireless Earbuds B', 'Thin Laptop', 'USB Hub', 'Wireless Speaker Max'].map((name) => ids.get(name)!)),
    );
    await expectEveryListSoldOutLast(before);

    // Cancelling the order gives the unit back: the speaker is in stock and back in its place.
    const orderId = order.json<{ order: { id: string } }>().order.id;
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/status`,
      payload: { status: 'cancelled' },
      headers: bearer(admin),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await soldOutIds()).has(ids.get('Wireless Speaker Max')!)).toBe(false);
    await expectEveryListSoldOutLast(before);
  }, 180_000);

  it('the plain list (no paging) also lists sold-out products last, newest first within each part', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?category=Laptops' });
    expect(res.statusCode).toBe(200);
    const products = res.json<Product[]>();
    const firstSoldOut = products.findIndex((p) => p.stock === 0);
    expect(firstSoldOut).toBeGreaterThan(0);
    expect(products.slice(firstSoldOut).every((p) => p.stock === 0)).toBe(true);
    expect(products.slice(0, firstSoldOut).some((p) => p.stock === 0)).toBe(false);
    for (const part of [products.slice(0, firstSoldOut), products.slice(firstSoldOut)]) {
      const times = part.map((p) => p.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    }
  });
});
