import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { LOGIN_POLICY } from '../../src/server/lib/login-guard.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, loginAs, registerAndVerify } from '../helpers/accounts.js';

/**
 * Personal answers are never cached, the API map is not public in
 * production, and behind a proxy only the hops the operator names decide a client's address.
 */
describe('personal answers are not cached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers no-store to every call made with a token', async () => {
    const shopper = await registerAndVerify(t);
    const token = await loginAs(t, shopper);
    const admin = await adminToken(t);
    const calls: Array<[string, string]> = [
      [`/api/users/findUser/${shopper.userId}`, token],
      [`/api/cart/view-cart/${shopper.userId}`, token],
      [`/api/orders/user/${shopper.userId}`, token],
      [`/api/orders/user/${shopper.userId}/last-address`, token],
      ['/api/admin/me', admin],
      ['/api/orders/all', admin],
      ['/api/admin/jobs', admin],
    ];
    for (const [url, token] of calls) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A refusal is personal too; a public answer keeps its own policy.
    const refused = await t.app.inject({ method: 'GET', url: `/api/users/findUser/${shopper.userId}`, headers: bearer('nope') });
    expect(refused.headers['cache-control']).toBe('no-store');
    const store = await t.app.inject({ method: 'GET', url: '/api/store' });
    expect(store.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('the API map', () => {
  it('is served outside production, hidden in production unless API_DOCS=true', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{}, 200],
      [{ NODE_ENV: 'production', PUBLIC_URL: 'https://pasal.example' }, 404],
      [{ NODE_ENV: 'production', PUBLIC_URL: 'https://pasal.example', API_DOCS: 'true' }, 200],
      [{ API_DOCS: 'false' }, 404],
    ];
    for (const [env, status] of cases) {
      const t = await buildTestApp(env);
      try {
        for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
          const res = await t.app.inject({ method: 'GET', url });
          if (status === 404) expect(res.statusCode, `${JSON.stringify(env)} ${url}`).toBe(404);
          else expect(res.statusCode, `${JSON.stringify(env)} ${url}`).toBeLessThan(400);
        }
      } finally {
        await t.close();
      }
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or the proxies addresses, and refuses true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '300.1.1.1', 'nginx']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('behind one proxy, a client cannot dodge the per-address login limit by forging X-Forwarded-For', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const login = (forged: string, account: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { emailOrPhone: `${account}@example.com`, password: 'wrong password' },
          // The proxy appends the address it saw (203.0.113.7); the client wrote the rest.
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
        });
      for (let i = 0; i < LOGIN_POLICY.source.free; i += 1) {
        expect((await login(`198.51.100.${i % 250}`, `nobody${i}`)).statusCode).toBe(401);
      }
      const over = await login('192.0.2.99', 'someone-else');
      expect(over.statusCode).toBe(429);
      // Another real client behind the same proxy is not affected.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { emailOrPhone: 'fresh@example.com', password: 'wrong password' },
        headers: { 'x-forwarded-for': '203.0.113.8' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('links the shop writes', () => {
  it('are never built from a stranger’s Host header', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    const t = await buildTestApp({ PORT: '3456' });
    try {
      const evil = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
      expect(evil.statusCode).toBe(200);
      expect(evil.body).not.toContain('evil.example');
      expect(evil.body).toContain('<loc>http://localhost:3456/</loc>');
      const local = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: '127.0.0.1:3456' } });
      expect(local.body).toContain('<loc>http://127.0.0.1:3456/</loc>');
    } finally {
      await t.close();
    }
    const configured = await buildTestApp({ PUBLIC_URL: 'https://pasal.example' });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
      expect(res.body).toContain('<loc>https://pasal.example/</loc>');
    } finally {
      await configured.close();
    }
  });
});
