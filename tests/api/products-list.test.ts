import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, type ProductPage, parseImages } from '../../src/shared/catalog.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, makeImage } from '../helpers/catalog.js';

/**
 * The storefront list: category filtering, price bounds, featured, search, sorting, paging.
 * The catalogue is built through the service the seeders use (bulk insert reusing one image).
 */
describe('product list queries', () => {
  let t: TestApp;
  let admin: string;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    const catalog = new CatalogService(t.app.ctx);
    const path = async (category: string, sub?: string, child?: string) => {
      const tree = await catalog.tree();
      const cat = tree.find((c) => c.name === category) ?? (await catalog.createCategory(category)).category;
      if (!sub) return { categoryId: cat.id };
      const s = cat.subCategories.find((x) => x.name === sub) ?? (await catalog.createSubCategory(cat.id, sub));
      if (!child) return { categoryId: cat.id, subCategoryId: s.id };
      const c = await catalog.createChildCategory(cat.id, s.id, child);
      return { categoryId: cat.id, subCategoryId: s.id, childCategoryId: c.id };
    };
    const image = await catalog.storeImage(await makeImage());
    const rows: [string, string, number, Awaited<ReturnType<typeof path>>, boolean?][] = [
      ['Asus TUF A15', 'Gaming laptop with an RTX 4060', 150_000, await path('Laptops', 'Gaming Laptops', 'RTX 4060'), true],
      ['Lenovo Legion 5', 'Gaming laptop, 165 Hz screen', 180_000, await path('Laptops', 'Gaming Laptops')],
      ['Dell XPS 13', 'Thin and light laptop', 5000, await path('Laptops', 'Ultrabooks')],
      ['MacBook Air', 'Laptop for students', 10_000, await path('Laptops')],
      ['PS5 Slim', 'The console; works with any headset', 20_000, await path('Gaming Consoles', 'PlayStation'), true],
      ['God of War Ragnarok', 'PS5 game', 4999.99, await path('Gaming Consoles', 'PlayStation', 'PS5 Games')],
      ['Xbox Series S', 'Compact console', 50_000, await path('Gaming Consoles', 'Xbox')],
      ['Pulse 3D Headset', 'Wireless headset for PS5', 100_000, await path('Gaming Consoles', 'PlayStation', 'Headsets')],
      ['HyperX Cloud II Headset', 'Gaming headset with 7.1 sound', 9999, await path('Headsets')],
      ['Corsair RM650 PSU', 'A 650 W power supply unit', 12_000, await path('PC Components')],
      ['Samsung 990 Pro SSD', 'Fast NVMe storage', 20_000.5, await path('PC Components')],
      ['iPad Mini', 'Small tablet', 60_000, await path('Headsets')],
    ];
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const created = await catalog.insertProductsBulk(
      rows.map(([name, description, price, where, featured], i) => ({
        name,
        description,
        pricePaisa: Math.round(price * 100),
        ...where,
        isFeatured: featured ?? false,
        imageBaseNames: [image],
        createdAt: new Date(start + i * 60_000).toISOString(),
      })),
    );
    rows.forEach(([name], i) => ids.set(name, created[i]!));
    // A deleted product matches many filters but must never show.
    const [deleted] = await catalog.insertProductsBulk([
      {
        name: 'Deleted Laptop Headset',
        description: 'gone',
        pricePaisa: 1_000_000,
        ...(await path('Laptops')),
        imageBaseNames: [image],
      },
    ]);
    await catalog.deleteProduct(deleted!);
  });
  afterAll(async () => t.close());

  const list = async (query: string): Promise<Product[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    const body = res.json<Product[]>();
    expect(Array.isArray(body)).toBe(true);
    return body;
  };
  const page = async (query: string): Promise<ProductPage> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json<ProductPage>();
  };
  const names = (products: Product[]) => products.map((p) => p.name).sort();

  it('plain GET /api/products: every live product, newest first, with the contract fields', async () => {
    const all = await list('');
    expect(all).toHaveLength(12);
    expect(all[0]!.name).toBe('iPad Mini');
    expect(all[11]!.name).toBe('Asus TUF A15');
    expect(all.some((p) => p.name.startsWith('Deleted'))).toBe(false);
    const tuf = all[11]!;
    expect(tuf).toMatchObject({
      price: 150000,
      category: 'Laptops',
      subCategory: 'Gaming Laptops',
      childCategory: 'RTX 4060',
      isFeatured: true,
      stock: null,
    });
    expect(parseImages(tuf.images)).toHaveLength(1);
    expect(all.find((p) => p.name === 'MacBook Air')).toMatchObject({ subCategory: null, childCategory: null });
  });

  it('filters by category with names normalised (case, hyphens as spaces, trimming)', async () => {
    const laptops = ['Asus TUF A15', 'Dell XPS 13', 'Lenovo Legion 5', 'MacBook Air'];
    for (const value of ['Laptops', 'laptops', 'LAPTOPS', '%20Laptops%20', 'laptops-']) {
      expect(names(await list(`?category=${value}`)), value).toEqual(laptops);
    }
    for (const value of ['Gaming-Consoles', 'gaming%20consoles', 'GAMING-consoles', 'gaming--consoles']) {
      expect(await list(`?category=${value}`), value).toHaveLength(4);
    }
    expect(names(await list('?category=pc-components'))).toEqual(['Corsair RM650 PSU', 'Samsung 990 Pro SSD']);
    expect(await list('?category=toasters')).toEqual([]);
    expect(await list('?category=lap')).toEqual([]);
  });

  it('a requested subcategory or child category excludes products without one', async () => {
    expect(names(await list('?subcategory=gaming-laptops'))).toEqual(['Asus TUF A15', 'Lenovo Legion 5']);
    expect(names(await list('?category=Laptops&subcategory=Ultrabooks'))).toEqual(['Dell XPS 13']);
    expect(names(await list('?category=Gaming-Consoles&subcategory=playstation'))).toEqual([
      'God of War Ragnarok',
      'PS5 Slim',
      'Pulse 3D Headset',
    ]);
    expect(names(await list('?category=Gaming-Consoles&subcategory=PlayStation&childcategory=ps5-games'))).toEqual([
      'God of War Ragnarok',
    ]);
    expect(names(await list('?childcategory=RTX-4060'))).toEqual(['Asus TUF A15']);
    // A subcategory of another category matches nothing.
    expect(await list('?category=Laptops&subcategory=PlayStation')).toEqual([]);
  });

  it('the checkbox filter matches a product whose category OR child category is any checked name', async () => {
    expect(names(await list('?categories=headsets'))).toEqual(['HyperX Cloud II Headset', 'Pulse 3D Headset', 'iPad Mini']);
    expect(await list('?categories=Headsets,Laptops')).toHaveLength(7);
    expect(await list('?categories=Headsets&categories=Laptops')).toHaveLength(7);
    // Subcategory names are not checkbox matches.
    expect(await list('?categories=PlayStation')).toEqual([]);
    expect(names(await list('?categories=PlayStation,ps5-games'))).toEqual(['God of War Ragnarok']);
  });

  it('price bounds are rupees and inclusive on both ends', async () => {
    expect(names(await list('?minPrice=5000&maxPrice=10000'))).toEqual(['Dell XPS 13', 'HyperX Cloud II Headset', 'MacBook Air']);
    expect(names(await list('?maxPrice=4999.99'))).toEqual(['God of War Ragnarok']);
    expect(names(await list('?maxPrice=5000'))).toEqual(['Dell XPS 13', 'God of War Ragnarok']);
    expect(names(await list('?minPrice=20000&maxPrice=20000'))).toEqual(['PS5 Slim']);
    expect(names(await list('?minPrice=20000.5&maxPrice=20000.5'))).toEqual(['Samsung 990 Pro SSD']);
    expect(await list('?minPrice=0&maxPrice=10000000')).toHaveLength(12);
    expect(names(await list('?minPrice=100000'))).toEqual(['Asus TUF A15', 'Lenovo Legion 5', 'Pulse 3D Headset']);
    expect(names(await list('?category=laptops&minPrice=5000&maxPrice=50000'))).toEqual(['Dell XPS 13', 'MacBook Air']);
  });

  it('featured=true keeps featured products only', async () => {
    expect(names(await list('?featured=true'))).toEqual(['Asus TUF A15', 'PS5 Slim']);
    expect((await page('?featured=true&pageSize=8')).total).toBe(2);
    expect(await list('?featured=false')).toHaveLength(10);
  });

  it('searches name and description by word prefixes, all words required', async () => {
    expect(names((await page('?q=legion')).products)).toEqual(['Lenovo Legion 5']);
    expect(names((await page('?q=power%20supply')).products)).toEqual(['Corsair RM650 PSU']);
    expect(names((await page('?q=LAPTOP')).products)).toEqual(['Asus TUF A15', 'Dell XPS 13', 'Lenovo Legion 5', 'MacBook Air']);
    expect(names((await page('?q=lapt')).products)).toHaveLength(4);
    expect(names((await page('?q=gaming%20laptop')).products)).toEqual(['Asus TUF A15', 'Lenovo Legion 5']);
    expect((await page('?q=xyzzy')).total).toBe(0);
    expect(names((await page('?q=headset&category=gaming-consoles')).products)).toEqual(['PS5 Slim', 'Pulse 3D Headset']);
    // The default order for a search is relevance: a match in the name beats one in the description.
    // The category's name is searched too: the iPad Mini filed under Headsets is found, after the names.
    const ranked = (await page('?q=headset')).products.map((p) => p.name);
    expect(ranked).toHaveLength(4);
    expect(ranked.slice(0, 2).sort()).toEqual(['HyperX Cloud II Headset', 'Pulse 3D Headset']);
    expect(ranked.slice(2).sort()).toEqual(['PS5 Slim', 'iPad Mini']);
  });

  it('treats search syntax as plain text', async () => {
    for (const q of [
      '"unterminated',
      'NEAR(a b)',
      'laptop OR',
      '*',
      '-laptop',
      'a:*',
      "'; drop table products; --",
      '!!!',
      '(((',
      'laptop & | !',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
    // Stop words are dropped on both databases (as PostgreSQL does): 'laptop OR' is 'laptop'.
    expect((await page(`?q=${encodeURIComponent('laptop OR')}`)).total).toBe(4);
    expect((await page('?q=the%20and%20of')).total).toBe(0);
    expect(names((await page('?q=laptop%20for%20the%20students')).products)).toEqual(['MacBook Air']);
    expect((await page(`?q=${encodeURIComponent('"laptop')}`)).total).toBe(4);
    expect((await page('?q=!!!')).total).toBe(0);
    expect(await list('')).toHaveLength(12);
  });

  it('sorts by newest, price up and down, and name (case-insensitive)', async () => {
    const newest = (await page('?sort=newest&pageSize=100')).products.map((p) => p.name);
    expect(newest[0]).toBe('iPad Mini');
    expect(newest[11]).toBe('Asus TUF A15');
    const up = (await page('?sort=price_asc&pageSize=100')).products.map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBe(4999.99);
    const down = (await page('?sort=price_desc&pageSize=100')).products.map((p) => p.price);
    expect(down).toEqual([...up].reverse());
    const byName = (await page('?sort=name&pageSize=100')).products.map((p) => p.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(byName.indexOf('iPad Mini')).toBeLessThan(byName.indexOf('Lenovo Legion 5'));
    expect(byName.indexOf('iPad Mini')).toBeGreaterThan(byName.indexOf('HyperX Cloud II Headset'));
    const filtered = (await page('?category=laptops&sort=price_desc')).products.map((p) => p.name);
    expect(filtered).toEqual(['Lenovo Legion 5', 'Asus TUF A15', 'MacBook Air', 'Dell XPS 13']);
  });

  it('pages with a total count', async () => {
    const first = await page('?page=1&pageSize=5&sort=price_asc');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 5, totalPages: 3 });
    expect(first.products).toHaveLength(5);
    const second = await page('?page=2&pageSize=5&sort=price_asc');
    const third = await page('?page=3&pageSize=5&sort=price_asc');
    expect(third.products).toHaveLength(2);
    const seen = [...first.products, ...second.products, ...third.products].map((p) => p.id);
    expect(new Set(seen).size).toBe(12);
    const beyond = await page('?page=9&pageSize=5');
    expect(beyond).toMatchObject({ products: [], total: 12, page: 9, totalPages: 3 });
    expect(await page('?page=1')).toMatchObject({ pageSize: 24, totalPages: 1 });
    expect(await page('?category=nowhere&page=1')).toEqual({ products: [], total: 0, page: 1, pageSize: 24, totalPages: 0 });
    expect(await page('?featured=true&pageSize=1&page=2')).toMatchObject({ total: 2, totalPages: 2 });
  });

  it('answers the page envelope only when page, pageSize, q or sort is present', async () => {
    expect(
      Array.isArray((await t.app.inject({ method: 'GET', url: '/api/products?category=laptops&featured=true' })).json()),
    ).toBe(true);
    for (const query of ['?page=1', '?pageSize=10', '?q=', '?sort=name']) {
      const body = (await t.app.inject({ method: 'GET', url: `/api/products${query}` })).json();
      expect(body, query).toHaveProperty('totalPages');
      expect(body.total, query).toBe(12);
    }
  });

  it('rejects malformed list parameters with 400', async () => {
    for (const query of [
      'pageSize=101',
      'pageSize=0',
      'page=0',
      'page=abc',
      'page=-1',
      'sort=cheapest',
      'minPrice=-1',
      'maxPrice=abc',
      'minPrice=10&maxPrice=5',
      'featured=maybe',
      `q=${'x'.repeat(201)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('reflects writes at once: a featured toggle and a delete', async () => {
    const id = ids.get('Xbox Series S')!;
    await t.app.inject({ method: 'PUT', url: `/api/products/${id}/feature`, headers: bearer(admin) });
    expect(names(await list('?featured=true'))).toContain('Xbox Series S');
    await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) });
    expect(names(await list('?featured=true'))).not.toContain('Xbox Series S');
    expect((await page('?q=xbox')).total).toBe(0);
    expect((await page('?page=1')).total).toBe(11);
  });
  it('keeps search in step with edits: a renamed product is found by its new name only', async () => {
    const id = ids.get('Dell XPS 13')!;
    expect(names((await page('?q=xps')).products)).toEqual(['Dell XPS 13']);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin),
      payload: { name: 'Dell Inspiron 14', description: 'Everyday notebook' },
    });
    expect(res.statusCode).toBe(200);
    expect((await page('?q=xps')).total).toBe(0);
    expect(names((await page('?q=inspiron')).products)).toEqual(['Dell Inspiron 14']);
    expect(names((await page('?q=notebook&category=laptops')).products)).toEqual(['Dell Inspiron 14']);
    expect(names((await page('?q=thin')).products)).toEqual([]);
  });

  it('never serves a cached page after a write made elsewhere (another process, the seed CLI)', async () => {
    const before = await page('?category=headsets&sort=price_asc');
    expect(before.total).toBe(2);
    const elsewhere = new CatalogService(t.app.ctx);
    const tree = await elsewhere.tree();
    const headsets = tree.find((c) => c.name === 'Headsets')!;
    const image = await elsewhere.storeImage(await makeImage());
    await elsewhere.insertProductsBulk([
      { name: 'Cheap Earbuds', description: 'Budget', pricePaisa: 100, categoryId: headsets.id, imageBaseNames: [image] },
    ]);
    const after = await page('?category=headsets&sort=price_asc');
    expect(after.total).toBe(3);
    expect(after.products[0]!.name).toBe('Cheap Earbuds');
  });
});
