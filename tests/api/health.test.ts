import fs from 'node:fs';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { LATEST_MIGRATION } from '../../src/server/db/migrate.js';
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

  it('is ready when the database is migrated and the storage reachable, and says what is missing when not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');

    // A database a migration behind (an older process started against it first): not ready.
    const db = t.app.ctx.db as unknown as Kysely<{ kysely_migration: { name: string; timestamp: string } }>;
    const latest = await db
      .selectFrom('kysely_migration')
      .selectAll()
      .where('name', '=', LATEST_MIGRATION)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('kysely_migration').where('name', '=', LATEST_MIGRATION).execute();
    try {
      const behind = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.headers['retry-after']).toBe('5');
      expect(behind.json()).toEqual({ status: 'unavailable', checks: { database: 'not migrated', storage: 'ok' } });
    } finally {
      await db.insertInto('kysely_migration').values(latest).execute();
    }

    // The data folder gone (a volume unmounted): not ready, and alive all the same.
    const moved = `${t.dataDir}-away`;
    fs.renameSync(t.dataDir, moved);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json().checks.storage).toBe('unreachable');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      fs.renameSync(moved, t.dataDir);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
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
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends each reply the security headers that apply to what it is: a page all, a script or stylesheet, a JSON answer and a 304 not the pages’ policies', async () => {
    const web = Fastify({ logger: false });
    installSecurityHeaders(web, {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    web.get('/assets/index-AbCd1234.js', (_request, reply) => reply.type('application/javascript; charset=utf-8').send('1'));
    web.get('/assets/index-AbCd1234.css', (_request, reply) => reply.type('text/css; charset=utf-8').send('a{}'));
    // Not a script or stylesheet, though under /assets/ ('/assets/../about' reaches the about page).
    web.get('/assets/page', (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
    web.get('/page', (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
    web.get('/own-policy', (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('Referrer-Policy', 'same-origin').send('<p>page</p>'),
    );
    web.get('/api/thing', () => ({ ok: true }));
    web.get('/api/unchanged', (_request, reply) => reply.code(304).send());
    const pagesOnly = ['cross-origin-opener-policy', 'x-frame-options', 'referrer-policy', 'origin-agent-cluster'];
    const forAll = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
    try {
      for (const url of ['/page', '/assets/page']) {
        const page = await web.inject({ method: 'GET', url });
        for (const name of [...forAll, ...pagesOnly]) expect(page.headers[name], `${url} ${name}`).toBeDefined();
        expect(page.headers['content-security-policy'], url).toMatch(/^default-src 'self';/);
      }
      for (const url of ['/assets/index-AbCd1234.js', '/assets/index-AbCd1234.css']) {
        const asset = await web.inject({ method: 'GET', url });
        expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
        expect(asset.headers['cross-origin-resource-policy'], url).toBe('same-site');
        expect(asset.headers['strict-transport-security'], url).toBeDefined();
        for (const name of [...pagesOnly, 'content-security-policy']) {
          expect(asset.headers[name], `${url} ${name}`).toBeUndefined();
        }
      }
      // A JSON answer, and the JSON 404 of a script that is not there.
      for (const url of ['/api/thing', '/assets/missing.js']) {
        const answer = await web.inject({ method: 'GET', url });
        expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
        for (const name of forAll) expect(answer.headers[name], `${url} ${name}`).toBeDefined();
        expect(answer.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
        for (const name of pagesOnly) expect(answer.headers[name], `${url} ${name}`).toBeUndefined();
      }
      // A 304 updates the headers the browser stored with the answer: only those that apply to anything.
      const unchanged = await web.inject({ method: 'GET', url: '/api/unchanged' });
      expect(unchanged.statusCode).toBe(304);
      for (const name of forAll) expect(unchanged.headers[name], `304 ${name}`).toBeDefined();
      for (const name of [...pagesOnly, 'content-security-policy']) {
        expect(unchanged.headers[name], `304 ${name}`).toBeUndefined();
      }
      // A header a route set itself is kept.
      const own = await web.inject({ method: 'GET', url: '/own-policy' });
      expect(own.headers['referrer-policy']).toBe('same-origin');
      expect(own.headers['cross-origin-opener-policy']).toBeDefined();
    } finally {
      await web.close();
    }
  });
});
