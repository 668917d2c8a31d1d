import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, ProductUpdate } from '../../src/shared/catalog.js';
import { bucketBounds, priceBucket } from '../../src/server/features/catalog/listing/counts.js';
import * as q from '../../src/server/features/catalog/queries.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { makeImage } from '../helpers/catalog.js';

/**
 * The stored counts of migration 006 (catalog_counts, kept by triggers): after every kind of
 * product write the table equals a count of the products themselves, and list totals (category
 * levels, the checkbox filter, price ranges with ends inside, on and beside bucket edges, pages
 * past the end) equal a count made here from the rows. Price ranges listed newest first are read
 * in the right order whichever plan the count picks.
 */

interface Live {
  id: number;
  price: number;
  category: number;
  sub: number | null;
  child: number | null;
  created: string;
}

describe('stored catalogue counts', () => {
  let t: TestApp;
  let catalog: CatalogService;
  let image: string;
  const node = new Map<string, number>();
  /** Child category id → category id. */
  const childCategory = new Map<number, number>();

  beforeAll(async () => {
    t = await buildTestApp();
    catalog = new CatalogService(t.app.ctx);
    for (const name of ['Alpha', 'Beta', 'Gamma']) node.set(name, (await catalog.createCategory(name)).category.id);
    const sub = async (category: string, name: string) => {
      const id = (await catalog.createSubCategory(node.get(category)!, name)).id;
      node.set(`${category}/${name}`, id);
    };
    const child = async (category: string, subName: string, name: string) => {
      const id = (await catalog.createChildCategory(node.get(category)!, node.get(`${category}/${subName}`)!, name)).id;
      node.set(`${category}/${subName}/${name}`, id);
      childCategory.set(id, node.get(category)!);
    };
    await sub('Alpha', 'One');
    await sub('Alpha', 'Two');
    await sub('Beta', 'One');
    await child('Alpha', 'One', 'Shared');
    await child('Alpha', 'One', 'Solo');
    await child('Alpha', 'Two', 'Deep');
    await child('Beta', 'One', 'Shared');
    image = await catalog.storeImage(await makeImage());

    // Prices on, beside and between bucket edges (digits × 100 + first two digits), and spread.
    const edges = [1, 9, 10, 99, 100, 109, 110, 999, 1_000, 1_099, 1_100, 9_999, 10_000, 29_900, 29_999, 30_000, 99_999, 100_000];
    let state = 12345;
    const rand = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const paths: [string, string?, string?][] = [
      ['Alpha'],
      ['Alpha', 'One'],
      ['Alpha', 'One', 'Shared'],
      ['Alpha', 'One', 'Solo'],
      ['Alpha', 'Two'],
      ['Alpha', 'Two', 'Deep'],
      ['Beta'],
      ['Beta', 'One'],
      ['Beta', 'One', 'Shared'],
      ['Gamma'],
    ];
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const products = Array.from({ length: 240 }, (_, i) => {
      const [category, subName, childName] = paths[i % paths.length]!;
      const price = i < edges.length ? edges[i]! : 1 + Math.floor(rand() ** 3 * 3_000_000);
      return {
        name: `Item ${i}`,
        description: 'A thing',
        pricePaisa: price,
        categoryId: node.get(category)!,
        subCategoryId: subName ? node.get(`${category}/${subName}`)! : null,
        childCategoryId: childName ? node.get(`${category}/${subName}/${childName}`)! : null,
        imageBaseNames: [image],
        // Out of id order, so newest first is not id order.
        createdAt: new Date(start + ((i * 7919) % 240) * 60_000).toISOString(),
      };
    });
    await catalog.insertProductsBulk(products);
  });
  afterAll(async () => t.close());

  async function liveRows(): Promise<Live[]> {
    const rows = await t.app.ctx.db
      .selectFrom('products')
      .select(['id', 'price_paisa', 'category_id', 'sub_category_id', 'child_category_id', 'created_at'])
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      price: Number(row.price_paisa),
      category: row.category_id,
      sub: row.sub_category_id,
      child: row.child_category_id,
      created: row.created_at,
    }));
  }

  /** catalog_counts equals the counts of the live rows (rows at 0 may stay). */
  async function expectTableExact(): Promise<void> {
    const expected = new Map<string, number>();
    const add = (dim: number, k: number) => expected.set(`${dim}:${k}`, (expected.get(`${dim}:${k}`) ?? 0) + 1);
    for (const row of await liveRows()) {
      add(0, 0);
      add(1, row.category);
      add(2, row.sub ?? 0);
      add(3, row.child ?? 0);
      add(4, priceBucket(row.price));
    }
    const { rows } = await sql<{
      dim: number;
      k: number | string;
      n: number | string;
    }>`select dim, k, n from catalog_counts`.execute(t.app.ctx.db);
    const stored = new Map(
      rows.filter((row) => Number(row.n) !== 0).map((row) => [`${row.dim}:${Number(row.k)}`, Number(row.n)]),
    );
    expect(Object.fromEntries([...stored].sort())).toEqual(Object.fromEntries([...expected].sort()));
  }

  async function listPage(query: string): Promise<ProductPage> {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json<ProductPage>();
  }

  /** Each listed page of `query` (page number, size) holds that slice of `all`, with all of it as the total. */
  async function expectPages(query: string, all: number[], pages: readonly (readonly [number, number])[]) {
    for (const [pageNo, size] of pages) {
      const got = await listPage(`${query}&page=${pageNo}&pageSize=${size}`);
      expect(
        got.products.map((p) => p.id),
        `${query} page ${pageNo}`,
      ).toEqual(all.slice((pageNo - 1) * size, pageNo * size));
      expect(got.total).toBe(all.length);
    }
  }

  const newestFirst = (a: Live, b: Live) => (a.created === b.created ? b.id - a.id : a.created < b.created ? 1 : -1);

  /** Totals of many filters equal a count of the rows; price ranges newest first in the right order. */
  async function expectTotalsExact(): Promise<void> {
    const rows = await liveRows();
    const id = (name: string) => node.get(name)!;
    const cases: [string, (row: Live) => boolean][] = [
      ['', () => true],
      ['category=alpha', (r) => r.category === id('Alpha')],
      ['category=Alpha&subcategory=one', (r) => r.sub === id('Alpha/One')],
      ['subcategory=One', (r) => r.sub === id('Alpha/One') || r.sub === id('Beta/One')],
      ['category=Alpha&subcategory=One&childcategory=shared', (r) => r.child === id('Alpha/One/Shared')],
      ['childcategory=Shared', (r) => r.child === id('Alpha/One/Shared') || r.child === id('Beta/One/Shared')],
      // A child category within a category but without its subcategory: counted by count(*).
      ['category=Beta&childcategory=Shared', (r) => r.child === id('Beta/One/Shared')],
      ['categories=Alpha,Shared', (r) => r.category === id('Alpha') || r.child === id('Beta/One/Shared')],
      [
        'categories=Shared,Deep',
        (r) => [id('Alpha/One/Shared'), id('Beta/One/Shared'), id('Alpha/Two/Deep')].includes(r.child ?? -1),
      ],
      ['categories=Gamma,Beta', (r) => r.category === id('Gamma') || r.category === id('Beta')],
      ['category=Alpha&minPrice=100&maxPrice=5000', (r) => r.category === id('Alpha') && r.price >= 10_000 && r.price <= 500_000],
    ];
    const ranges: [number | undefined, number | undefined][] = [
      [0, 0.09],
      [0.1, 0.99],
      [0.1, 1],
      [1, 10.99],
      [299.5, 300],
      [10, 10],
      [9.99, 10],
      [1.09, 1.1],
      [0, 1000],
      [100, 20_000],
      [250, 2500],
      [0.5, undefined],
      [undefined, 299],
      [1234.56, 28_000],
      [5, 6],
      [30_000, 40_000],
    ];
    let state = 99;
    for (let i = 0; i < 24; i += 1) {
      state = (state * 48_271) % 2_147_483_647;
      const low = (state % 3_000_000) / 100;
      state = (state * 48_271) % 2_147_483_647;
      ranges.push([low, low + (state % 2_000_000) / 100]);
    }
    for (const [min, max] of ranges) {
      const lowPaisa = min === undefined ? 0 : Math.ceil(min * 100 - 1e-6);
      const highPaisa = max === undefined ? Infinity : Math.floor(max * 100 + 1e-6);
      const params = [min === undefined ? '' : `minPrice=${min}`, max === undefined ? '' : `maxPrice=${max}`]
        .filter(Boolean)
        .join('&');
      cases.push([params, (r) => r.price >= lowPaisa && r.price <= highPaisa]);
    }
    for (const [query, match] of cases) {
      const matching = rows.filter(match);
      // pageSize 1: the total is always counted (a short first page is not).
      const page = await listPage(`${query}${query ? '&' : ''}sort=newest&page=1&pageSize=1`);
      expect(page.total, query || '(no filter)').toBe(matching.length);
      if (query.includes('Price') && !query.includes('category')) {
        matching.sort(newestFirst);
        for (const [pageNo, size] of [
          [1, 5],
          [3, 4],
          [2, 24],
        ] as const) {
          const got = await listPage(`${query}&sort=newest&page=${pageNo}&pageSize=${size}`);
          const want = matching.slice((pageNo - 1) * size, pageNo * size).map((r) => r.id);
          expect(
            got.products.map((p) => p.id),
            `${query} page ${pageNo}`,
          ).toEqual(want);
        }
        // By name: the walk of products_live_name or the sort of the range, the same order.
        const ids = new Set(matching.map((r) => r.id));
        const { rows: byName } = await sql<{ id: number }>`select id from products where deleted_at is null
          order by name_sort asc, id asc`.execute(t.app.ctx.db);
        const named = byName.map((row) => Number(row.id)).filter((rowId) => ids.has(rowId));
        for (const [pageNo, size] of [
          [1, 5],
          [3, 4],
        ] as const) {
          const got = await listPage(`${query}&sort=name&page=${pageNo}&pageSize=${size}`);
          expect(
            got.products.map((p) => p.id),
            `${query} by name, page ${pageNo}`,
          ).toEqual(named.slice((pageNo - 1) * size, pageNo * size));
        }
      }
    }
    // Past the last page: no products, the right total.
    const past = await listPage('category=Alpha&page=500&pageSize=24');
    expect(past.products).toEqual([]);
    expect(past.total).toBe(rows.filter((r) => r.category === id('Alpha')).length);
  }

  it('match the products after the bulk load', async () => {
    await expectTableExact();
    await expectTotalsExact();
  });

  it('stay exact after create, edit, price change, move, delete and restore', async () => {
    const created = await catalog.createProduct({
      name: 'New one',
      description: 'Fresh',
      pricePaisa: 29_900,
      categoryId: node.get('Alpha')!,
      subCategoryId: node.get('Alpha/Two')!,
      childCategoryId: node.get('Alpha/Two/Deep')!,
      images: [await makeImage()],
    });
    await expectTableExact();

    const edit = (update: Partial<ProductUpdate>) =>
      catalog.updateProduct(created.id, { stock: undefined, isFeatured: undefined, ...update }, []);
    // Name only: no count moves.
    await edit({ name: 'Renamed' });
    // Far from the old price: said to be meant (a change of more than half asks for it).
    await edit({ price: 1_000_000, confirmPriceChange: true });
    await expectTableExact();
    // Move to another category (its sub and child cleared), then to a child category elsewhere.
    await edit({ category: 'Gamma' });
    await expectTableExact();
    await edit({ category: 'Beta', subCategory: 'One', childCategory: 'Shared', price: 0.01, confirmPriceChange: true });
    await expectTableExact();
    await expectTotalsExact();

    // Featured and stock (orders) do not move counts.
    await catalog.toggleFeatured(created.id);
    await t.app.ctx.db.updateTable('products').set({ stock: 3 }).where('id', '=', created.id).execute();
    await expectTableExact();

    const [victim] = (await liveRows()).filter((r) => r.sub === node.get('Alpha/One'));
    await catalog.deleteProduct(victim!.id);
    await catalog.deleteProduct(created.id);
    await expectTableExact();
    await expectTotalsExact();

    // A restore by hand in SQL (no service path): the triggers still follow deleted_at.
    await t.app.ctx.db.updateTable('products').set({ deleted_at: null }).where('id', '=', victim!.id).execute();
    await q.bumpCatalogVersion(t.app.ctx.db);
    await expectTableExact();
    await expectTotalsExact();

    // A deleted row that is removed for good moves nothing; a live one does.
    await t.app.ctx.db.deleteFrom('product_images').where('product_id', '=', created.id).execute();
    await t.app.ctx.db.deleteFrom('products').where('id', '=', created.id).execute();
    await expectTableExact();
  });

  it('checkbox pages merge their categories and child categories in every order', async () => {
    const id = (name: string) => node.get(name)!;
    const orders = {
      newest: sql`created_at desc, id desc`,
      price_asc: sql`price_paisa asc, id asc`,
      price_desc: sql`price_paisa desc, id desc`,
      name: sql`name_sort asc, id asc`,
    };
    const cases: [string, number[], number[]][] = [
      // A checked child category inside a checked category (Alpha/One/Shared) adds nothing.
      ['categories=Alpha,Shared', [id('Alpha')], [id('Alpha/One/Shared'), id('Beta/One/Shared')]],
      ['categories=Gamma,Deep,Solo', [id('Gamma')], [id('Alpha/Two/Deep'), id('Alpha/One/Solo')]],
      ['categories=Beta,Gamma&minPrice=10&maxPrice=20000', [id('Beta'), id('Gamma')], []],
    ];
    for (const [query, categories, children] of cases) {
      for (const [sort, order] of Object.entries(orders)) {
        const price = query.includes('minPrice') ? sql`and price_paisa between 1000 and 2000000` : sql``;
        const { rows } = await sql<{ id: number }>`select id from products where deleted_at is null
          and (category_id in (${sql.join(categories)}) or child_category_id in (${sql.join([...children, -1])})) ${price}
          order by ${order}`.execute(t.app.ctx.db);
        const all = rows.map((row) => Number(row.id));
        expect(all.length).toBeGreaterThan(30);
        await expectPages(`${query}&sort=${sort}`, all, [
          [1, 24],
          [2, 7],
          [5, 10],
        ]);
      }
    }
  });

  it('a category or subcategory with a price range lists in every order (index chosen on SQLite)', async () => {
    const orders = {
      newest: sql`created_at desc, id desc`,
      price_asc: sql`price_paisa asc, id asc`,
      price_desc: sql`price_paisa desc, id desc`,
      name: sql`name_sort asc, id asc`,
    };
    const subs = [node.get('Alpha/One')!, node.get('Beta/One')!];
    const cases: [string, RawBuilder<unknown>][] = [
      ['category=Alpha&subcategory=One&minPrice=1&maxPrice=20000', sql`sub_category_id = ${subs[0]}`],
      ['subcategory=One&minPrice=0.5', sql`sub_category_id in (${sql.join(subs)})`],
      ['category=Alpha&maxPrice=15000', sql`category_id = ${node.get('Alpha')!}`],
    ];
    for (const [query, where] of cases) {
      const min = /minPrice=([\d.]+)/.exec(query)?.[1];
      const max = /maxPrice=([\d.]+)/.exec(query)?.[1];
      const low = min === undefined ? 0 : Math.ceil(Number(min) * 100 - 1e-6);
      const high = max === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(Number(max) * 100 + 1e-6);
      for (const [sort, order] of Object.entries(orders)) {
        const { rows } = await sql<{ id: number }>`select id from products where deleted_at is null and ${where}
          and price_paisa between ${low} and ${high} order by ${order}`.execute(t.app.ctx.db);
        const all = rows.map((row) => Number(row.id));
        expect(all.length, query).toBeGreaterThan(10);
        await expectPages(`${query}&sort=${sort}`, all, [
          [1, 24],
          [2, 5],
        ]);
      }
    }
  });

  it('price buckets cover every price once, in order', () => {
    for (const paisa of [0, 1, 9, 10, 11, 99, 100, 109, 110, 999, 1_000, 29_900, 29_999, 30_000, 35_000_000, 10 ** 14]) {
      const bucket = priceBucket(paisa);
      const [low, high] = bucketBounds(bucket);
      expect(low <= paisa && paisa < high, `${paisa} in [${low}, ${high})`).toBe(true);
      expect(priceBucket(high)).toBeGreaterThan(bucket);
      if (low > 0) expect(priceBucket(low - 1)).toBeLessThan(bucket);
    }
  });
});
