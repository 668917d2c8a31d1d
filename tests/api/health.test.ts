import Fastify from 'fastify';
import { installSecurityHeaders } from '../../src/server/lib/security-headers.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';

describe('server basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the store facts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Pasal', email: 'support@pasal.com.np' });
    expect(res.json().phones).toHaveLength(3);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('not found') });
  });

  it('sends security headers and no CORS by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("sends the built scripts and stylesheets only the headers that apply to them, not the documents' policies", async () => {
    const web = Fastify({ logger: false });
    installSecurityHeaders(web, { crossOriginResourcePolicy: { policy: 'same-site' } });
    web.get('/assets/index-AbCd1234.js', (_request, reply) => reply.type('application/javascript; charset=utf-8').send('1'));
    web.get('/assets/index-AbCd1234.css', (_request, reply) => reply.type('text/css; charset=utf-8').send('a{}'));
    // Not a script or stylesheet, though under /assets/ ('/assets/../about' reaches the about page).
    web.get('/assets/page', (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
    const documentOnly = ['content-security-policy', 'cross-origin-opener-policy', 'x-frame-options', 'referrer-policy'];
    try {
      for (const url of ['/assets/index-AbCd1234.js', '/assets/index-AbCd1234.css']) {
        const asset = await web.inject({ method: 'GET', url });
        expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
        expect(asset.headers['cross-origin-resource-policy'], url).toBe('same-site');
        expect(asset.headers['strict-transport-security'], url).toBeDefined();
        for (const name of documentOnly) expect(asset.headers[name], `${url} ${name}`).toBeUndefined();
      }
      for (const url of ['/assets/page', '/assets/missing.js']) {
        const other = await web.inject({ method: 'GET', url });
        for (const name of documentOnly) expect(other.headers[name], `${url} ${name}`).toBeDefined();
      }
    } finally {
      await web.close();
    }
    // The shop's own pages and answers keep them all.
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    for (const name of documentOnly) expect(page.headers[name], name).toBeDefined();
  });
});
