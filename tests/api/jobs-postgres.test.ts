import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { buildTestApp, createTestDatabase, usingPostgres } from '../helpers/app.js';
import { adminToken, bearer } from '../helpers/accounts.js';
import { queueMails } from '../helpers/jobs.js';
import { type ServerProcess, makeShopper, openServerDatabase, startServerProcess } from '../helpers/orders.js';
import { stopChild } from '../helpers/processes.js';
import { MailCatcher } from '../helpers/smtp.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';

/**
 * Drills that need PostgreSQL (TEST_DATABASE_URL; CI runs the API tests a second time on it):
 * several shop processes share one queue, and the database goes away under load. On SQLite one
 * process owns the database, so neither applies there.
 */
describe.runIf(usingPostgres())('the queue and the shop on PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('runs every job once when two processes share a full queue', async () => {
    const MAILS = 300;
    const database = await createTestDatabase();
    const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-two-')));
    cleanups.push(async () => {
      await database.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });
    const catcher = new MailCatcher({ delayMs: 5 });
    const env = { SMTP_URL: await catcher.start() };
    cleanups.push(() => catcher.stop());
    const db = openServerDatabase({ dataDir: dataDirs[0]!, databaseUrl: database.databaseUrl });
    const servers: ServerProcess[] = [];
    try {
      await migrateToLatest(db.db as Kysely<unknown>);
      const expected = await queueMails(db.db, MAILS, { tag: 'pair' });
      servers.push(
        ...(await Promise.all(
          dataDirs.map((dataDir) => startServerProcess({ dataDir, databaseUrl: database.databaseUrl, env })),
        )),
      );
      await catcher.waitForCount(MAILS, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const received = catcher.messages.map((mail) => mail.messageId);
      expect(received).toHaveLength(MAILS);
      expect(new Set(received)).toEqual(new Set(expected));
      const jobs = await db.db.selectFrom('jobs').select(['status', 'attempts']).execute();
      expect(jobs.filter((job) => job.status === 'done' && job.attempts === 1)).toHaveLength(MAILS);
    } finally {
      await Promise.all(servers.map((server) => stopChild(server.child)));
      await db.close();
    }
  }, 120_000);

  it('answers 503 with Retry-After while PostgreSQL is away, and recovers by itself', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const target = new URL(database.databaseUrl!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const proxyPort = await proxy.start();
    cleanups.push(() => proxy.stop());
    const viaProxy = new URL(target);
    viaProxy.port = String(proxyPort);
    const t = await buildTestApp({ DATABASE_URL: viaProxy.toString() });
    cleanups.push(() => t.close());
    const shopper = await makeShopper(t);
    const admin = await adminToken(t);

    // Load that needs the database on every call (the session behind a token, the cart): eight at a time.
    const load = async (rounds: number, pauseMs: number) => {
      const answers: Array<{ status: number; retryAfter: string | undefined; ms: number }> = [];
      for (let i = 0; i < rounds; i += 1) {
        const batch = await Promise.all(
          Array.from({ length: 8 }, async () => {
            const started = performance.now();
            const res = await t.app.inject({
              method: 'GET',
              url: `/api/cart/view-cart/${shopper.userId}`,
              headers: bearer(shopper.token),
            });
            return { status: res.statusCode, retryAfter: res.headers['retry-after'], ms: performance.now() - started };
          }),
        );
        answers.push(...batch);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      return answers;
    };

    expect((await load(5, 20)).every((answer) => answer.status === 200)).toBe(true);
    await proxy.cut();
    const away = await load(10, 200);
    // Not a hang, not a crash: a quick 503 with Retry-After each time.
    for (const answer of away) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe('5');
      expect(answer.ms).toBeLessThan(6_000);
    }
    const during = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(admin) });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ code: 'UNAVAILABLE' });
    // The load balancer's readiness check says so too, while the process stays alive.
    const notReady = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', checks: { database: 'unreachable', storage: 'ok' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.restore();
    // Back by itself: the pool makes new connections, no restart.
    await expect.poll(async () => (await load(1, 0))[0]!.status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect((await load(10, 10)).every((answer) => answer.status === 200)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    // The worker lived through it: a mail queued now still goes out.
    const since = t.mail.messages.length;
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/jobs?status=done', headers: bearer(admin) });
    expect(status.statusCode).toBe(200);
    await t.app.ctx.db
      .transaction()
      .execute((trx) =>
        t.app.ctx.outbox.queue(trx, { to: 'after.outage@example.com', subject: 'After the outage', text: 'Still here' }),
      );
    t.app.ctx.jobs.wake();
    await t.mail.waitFor('after.outage@example.com', { since });
  }, 90_000);
});
