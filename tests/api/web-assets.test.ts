import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { makeProduct } from '../helpers/orders.js';
import { catalogWeb } from '../helpers/web.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';

/** How the built app's files are sent: hashed assets cached for a year with nothing to revalidate. */

const SCRIPT = 'export const greeting = "नमस्ते";\n'.repeat(40);
const WORKER = 'self.addEventListener("fetch", () => undefined);\n'.repeat(40);

let t: TestApp;
let web: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ web, close } = await catalogWeb(
    t,
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" /><!--app-head--></head><body><div id="root"></div></body></html>',
    {
      'assets/start-A1b2C3.js': SCRIPT,
      'assets/start-A1b2C3.js.br': zlib.brotliCompressSync(SCRIPT),
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'sw.js': WORKER,
      'sw.js.br': zlib.brotliCompressSync(WORKER),
      'manifest.webmanifest': '{"name":"Pasal"}',
    },
  ));
});

afterAll(async () => {
  await close();
  await t.close();
});

describe('the built app’s files', () => {
  it('a hashed asset: compressed, immutable for a year, without validators or ranges', async () => {
    const res = await web.inject({ method: 'GET', url: '/assets/start-A1b2C3.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    for (const header of ['etag', 'last-modified', 'accept-ranges']) expect(res.headers[header]).toBeUndefined();
  });

  it('a file without a hash in its name keeps its validators: an hour, then asked again', async () => {
    const res = await web.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.etag).toBeDefined();
    const again = await web.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('the service worker is asked for again at every check for a new version', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await web.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('the web app manifest is sent as one, and each page links the manifest of its language', async () => {
    const manifest = await web.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const english = await web.inject({ method: 'GET', url: '/about' });
    expect(english.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const nepali = await web.inject({ method: 'GET', url: '/about?lang=ne' });
    expect(nepali.body).toContain('<link rel="manifest" href="/manifest.ne.webmanifest"');
    expect(nepali.body.match(/rel="manifest"/g)).toHaveLength(1);
  });

  it('a page is compressed once per document: the same bytes again, and new bytes once it changes', async () => {
    const product = await makeProduct(t, { name: 'Walton Primo R10', price: 15000 });
    const page = () => web.inject({ method: 'GET', url: `/products/${product.id}`, headers: { 'accept-encoding': 'br' } });
    const first = await page();
    expect(first.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect(html).toMatch(/<title>[^<]*Walton Primo R10/);
    expect((await page()).rawPayload.equals(first.rawPayload)).toBe(true);

    await new CatalogService(t.app.ctx).updateProduct(
      product.id,
      { name: 'Walton Primo R11', stock: undefined, isFeatured: undefined },
      [],
    );
    const changed = zlib.brotliDecompressSync((await page()).rawPayload).toString();
    expect(changed).toMatch(/<title>[^<]*Walton Primo R11/);
  });
});
