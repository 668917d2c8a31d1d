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
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(asset.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
    for (const documentOnly of ['content-security-policy', 'cross-origin-opener-policy', 'x-frame-options', 'referrer-policy']) {
      expect(page.headers[documentOnly], documentOnly).toBeDefined();
      expect(asset.headers[documentOnly], documentOnly).toBeUndefined();
    }
    // Uploaded images keep them all (an image opened on its own is a document).
    const upload = await t.app.inject({ method: 'GET', url: '/uploads/products/none.webp' });
    expect(upload.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
