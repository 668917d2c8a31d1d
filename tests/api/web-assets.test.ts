import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { catalogWeb } from '../helpers/web.js';

/** How the built app's files are sent: hashed assets cached for a year with nothing to revalidate. */

const SCRIPT = 'export const greeting = "नमस्ते";\n'.repeat(40);

let t: TestApp;
let web: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ web, close } = await catalogWeb(t, '<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
    'assets/start-A1b2C3.js': SCRIPT,
    'assets/start-A1b2C3.js.br': zlib.brotliCompressSync(SCRIPT),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  }));
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
});
