import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageSchema } from '../../src/shared/catalog.js';
import { productDetailSchema } from '../../src/shared/product-detail.js';
import { buildApp } from '../../src/server/app.js';
import { webRoutes } from '../../src/server/features/web/routes.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, pngFile, uploadProduct } from '../helpers/catalog.js';

/**
 * HTTP caching of the public catalogue answers (features/catalog/listing/answers.ts): ETag and 304,
 * Cache-Control, invalidation by any catalogue write (catalog_state.version) and by stock moves,
 * compression, and the sitemap's entity tag.
 */
describe('HTTP caching of catalogue answers', () => {
  let t: TestApp;
  let token: string;
  let productId: number;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await buildTestApp();
    token = await adminToken(t);
    await createPath(t, token, 'Laptops', 'Gaming Laptops');
    const res = await uploadProduct(
      t,
      token,
      {
        name: 'Predator Helios',
        description: 'A gaming laptop with a fast screen. '.repeat(40),
        price: '250000',
        category: 'Laptops',
        subCategory: 'Gaming Laptops',
        stock: '9',
      },
      [await pngFile()],
    );
    expect(res.statusCode).toBe(201);
    productId = res.json().id as number;
    for (let i = 1; i <= 3; i += 1) {
      const more = await uploadProduct(
        t,
        token,
        {
          name: `Nitro ${i}`,
          description: 'Another laptop for work and play. '.repeat(20),
          price: String(90000 + i),
          category: 'Laptops',
        },
        [await pngFile()],
      );
      expect(more.statusCode).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it('product detail: weak ETag, public no-cache, and 304 without a body on If-None-Match', async () => {
    const first = await get(`/api/products/${productId}`);
    expect(first.statusCode).toBe(200);
    expect(productDetailSchema.strict().parse(first.json()).name).toBe('Predator Helios');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toContain('Accept-Encoding');

    const again = await get(`/api/products/${productId}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // A list of tags, and the strong form of our weak tag, match too (weak comparison).
    const listed = await get(`/api/products/${productId}`, { 'if-none-match': `W/"other", ${etag.slice(2)}` });
    expect(listed.statusCode).toBe(304);
    const other = await get(`/api/products/${productId}`, { 'if-none-match': 'W/"c0-something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('a second server process on the same database gives the same answer the same ETag', async () => {
    const url = '/api/products?category=Laptops&page=1&pageSize=3';
    const first = await get(url);
    const second = await buildApp({ config: t.config, clock: t.clock, logger: false, serveWeb: false });
    try {
      const other = await second.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
      expect(other.statusCode).toBe(304);
      const otherFull = await second.inject({ method: 'GET', url });
      expect(otherFull.body).toBe(first.body);
      expect(otherFull.headers.etag).toBe(first.headers.etag);
      // Another page of the same filter is another answer with another tag.
      const page2 = await second.inject({ method: 'GET', url: url.replace('page=1', 'page=2') });
      expect(page2.headers.etag).not.toBe(first.headers.etag);
    } finally {
      await second.close();
    }
  });

  it('an admin change of the product gives a new answer and a new ETag at once', async () => {
    const before = await get(`/api/products/${productId}`);
    const etag = before.headers.etag as string;
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      payload: { price: 199999 },
      headers: bearer(token),
    });
    expect(update.statusCode).toBe(200);

    const after = await get(`/api/products/${productId}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().price).toBe(199999);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('list pages and the plain list revalidate, and change when a product is featured or deleted', async () => {
    const url = '/api/products?page=1&pageSize=2';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const page = productPageSchema.parse(first.json());
    expect(page.total).toBe(4);
    const pageTag = first.headers.etag as string;
    expect((await get(url, { 'if-none-match': pageTag })).statusCode).toBe(304);

    const plain = await get('/api/products?featured=true');
    expect(plain.json()).toEqual([]);
    const plainTag = plain.headers.etag as string;
    expect((await get('/api/products?featured=true', { 'if-none-match': plainTag })).statusCode).toBe(304);

    const featured = await t.app.inject({ method: 'PUT', url: `/api/products/${productId}/feature`, headers: bearer(token) });
    expect(featured.statusCode).toBe(200);
    const plainAfter = await get('/api/products?featured=true', { 'if-none-match': plainTag });
    expect(plainAfter.statusCode).toBe(200);
    expect(plainAfter.json<{ id: number }[]>().map((product) => product.id)).toEqual([productId]);

    const newest = page.products[0]!.id;
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/products/${newest}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    const pageAfter = await get(url, { 'if-none-match': pageTag });
    expect(pageAfter.statusCode).toBe(200);
    expect(pageAfter.json().total).toBe(3);
    expect(productPageSchema.parse(pageAfter.json()).products.map((product) => product.id)).not.toContain(newest);
  });

  it('the category tree changes when an admin adds a category', async () => {
    const first = await get('/api/category');
    const etag = first.headers.etag as string;
    expect((await get('/api/category', { 'if-none-match': etag })).statusCode).toBe(304);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Consoles' },
      headers: bearer(token),
    });
    expect(created.statusCode).toBe(201);
    const after = await get('/api/category', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ name: string }[]>().map((category) => category.name)).toContain('Consoles');
  });

  it('a write by another process (the version bumped in the database) is seen within a second', async () => {
    const first = await get(`/api/products/${productId}`);
    const etag = first.headers.etag as string;
    // What the seed CLI or a second server process does: change rows and bump the version.
    await t.app.ctx.db.updateTable('products').set({ name: 'Predator Helios Neo' }).where('id', '=', productId).execute();
    await t.app.ctx.db
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    // SQLite reads the version per request; PostgreSQL is told by the database (ADR 0059), at most a poll later.
    await expect
      .poll(async () => (await get(`/api/products/${productId}`, { 'if-none-match': etag })).statusCode, { timeout: 1_000, interval: 20 })
      .toBe(200);
    expect((await get(`/api/products/${productId}`)).json().name).toBe('Predator Helios Neo');
  });

  it('stock moved by an order (no new catalogue version) is seen at once, on the product and on list pages', async () => {
    const cached = await get(`/api/products/${productId}`);
    const listUrl = '/api/products?category=Laptops&page=1';
    const list = await get(listUrl);
    const stockIn = (answer: typeof list) =>
      productPageSchema.parse(answer.json()).products.find((product) => product.id === productId)?.stock;
    expect(cached.json().stock).toBe(9);
    expect(stockIn(list)).toBe(9);
    // Unchanged: still the kept answer.
    expect((await get(`/api/products/${productId}`, { 'if-none-match': cached.headers.etag as string })).statusCode).toBe(304);

    // What a checkout does: stock changes, the catalogue version does not.
    await t.app.ctx.db.updateTable('products').set({ stock: 4 }).where('id', '=', productId).execute();
    const fresh = await get(`/api/products/${productId}`, { 'if-none-match': cached.headers.etag as string });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().stock).toBe(4);
    const listAfter = await get(listUrl, { 'if-none-match': list.headers.etag as string });
    expect(listAfter.statusCode).toBe(200);
    expect(stockIn(listAfter)).toBe(4);

    const admin = await get(`/api/products/${productId}`, bearer(token));
    expect(admin.json().stock).toBe(4);
    expect(admin.headers['cache-control']).toBe('private, no-cache');
  });

  it('compresses large answers with brotli or gzip, once, and leaves small ones alone', async () => {
    const plain = await get('/api/products?page=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/products?page=1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gzip = await get('/api/products?page=1', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    const none = await get('/api/products?page=1', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();

    const tree = await get('/api/category', { 'accept-encoding': 'br' });
    expect(tree.body.length).toBeLessThan(1024);
    expect(tree.headers['content-encoding']).toBeUndefined();
  });

  it('errors are not cached: a missing product stays 404 and gets no ETag', async () => {
    const missing = await get('/api/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('sitemap.xml: ETag by catalogue version and host, 304, a new tag after a catalogue write', async () => {
    const first = await get('/sitemap.xml');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherHost = await get('/sitemap.xml', { 'if-none-match': etag, host: 'shop.example.com' });
    expect(otherHost.statusCode).toBe(200);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Phones' },
      headers: bearer(token),
    });
    expect(created.statusCode).toBe(201);
    const after = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('category=Phones');
  });
});

describe('the shop pages and built assets', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let webRoot: string;
  const script = `console.log(${JSON.stringify('Pasal '.repeat(400))});\n`;

  beforeAll(async () => {
    t = await buildTestApp();
    // A stand-in for dist/web: index.html, and one hashed asset with the .br/.gz the build writes beside it.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-web-'));
    const padding = '<meta name="x-padding" content="' + 'p'.repeat(1200) + '">';
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      `<!doctype html><html><head><meta charset="utf-8"><title>Pasal</title><!--app-head-->${padding}</head><body><div id="root"></div></body></html>`,
    );
    fs.mkdirSync(path.join(webRoot, 'assets'));
    const asset = path.join(webRoot, 'assets', 'index-AbCd1234.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    web = Fastify({ logger: false });
    await web.register(webRoutes(t.app.ctx, { root: webRoot }));
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
    await t.close();
  });

  it('Home preloads the first hero image with high priority; other pages do not', async () => {
    const home = await web.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="preload" as="image" href="/hero/technology.svg" fetchpriority="high">');
    const about = await web.inject({ method: 'GET', url: '/about' });
    expect(about.body).not.toContain('rel="preload"');
  });

  it('pages are compressed when the browser accepts it, revalidated every time', async () => {
    const plain = await web.inject({ method: 'GET', url: '/about' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await web.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await web.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('hashed assets: the build-time .br/.gz are sent, immutable for a year', async () => {
    const url = '/assets/index-AbCd1234.js';
    const br = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
    const gzip = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await web.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
