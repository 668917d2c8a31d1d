import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG_VERSION_APPLICATION, POLL_MS } from '../../src/server/db/catalog-version.js';
import { createTestDatabase, usingPostgres } from '../helpers/app.js';
import { type ServerProcess, insertProducts, openServerDatabase, startServerProcess } from '../helpers/orders.js';
import { requestJson, stopChild } from '../helpers/processes.js';

/**
 * Two shop processes on one PostgreSQL database keep the catalogue version in memory (ADR 0059):
 * a product featured or unfeatured through one is so in the other's cached list answer within a second, told by
 * the database's notification; with the listener's connection ended, or with no notification sent
 * at all, the other process still sees the write (reading per request while its listener is down,
 * then by its poll); and the writing process sees its own write at once.
 */
describe.runIf(usingPostgres())('the catalogue version across two PostgreSQL processes', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a write through one process reaches the other cached answer within a second, by notification or poll', async () => {
    const database = await createTestDatabase();
    const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-version-')));
    cleanups.push(async () => {
      await database.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });
    const servers: ServerProcess[] = [];
    cleanups.push(async () => {
      await Promise.all(servers.map((server) => stopChild(server.child)));
    });
    // The first migrates; the second starts on the migrated database.
    servers.push(await startServerProcess({ dataDir: dataDirs[0]!, databaseUrl: database.databaseUrl, startTimeoutMs: 240_000 }));
    servers.push(await startServerProcess({ dataDir: dataDirs[1]!, databaseUrl: database.databaseUrl, startTimeoutMs: 240_000 }));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const db = openServerDatabase({ dataDir: dataDirs[0]!, databaseUrl: database.databaseUrl });
    cleanups.push(() => db.close());
    const [productId] = await insertProducts(db.db, [{ name: 'Dell Inspiron 15', pricePaisa: 7_500_000, stock: 5 }]);
    const now = new Date().toISOString();
    const admin = await db.db
      .insertInto('admins')
      .values({ username: 'version-admin', password_hash: 'unused', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await db.sessions.start('admin', admin.id);

    const listUrl = (server: ServerProcess) => `${server.baseUrl}/api/products?page=1&pageSize=24`;
    const featuredOn = async (server: ServerProcess) => {
      const answer = await requestJson<{ products: { id: number; isFeatured: boolean }[] }>(listUrl(server));
      expect(answer.status).toBe(200);
      return answer.body.products.filter((product) => product.id === productId).map((product) => product.isFeatured);
    };
    const listeners = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where application_name = ${CATALOG_VERSION_APPLICATION} and datname = current_database()`.execute(db.db)
        ).rows[0]!.n,
      );
    // Both processes listen (the insert above did not bump the version: the list is read afresh once).
    await expect.poll(listeners, { timeout: 10_000, interval: 100 }).toBe(2);

    /** Toggles the product's "featured" through A, then returns the milliseconds until B's list shows it. */
    let featured = false;
    const toggleThroughA = async (limitMs: number) => {
      // Cached on both: the second ask of a URL keeps its answer.
      for (const server of servers) {
        expect(await featuredOn(server)).toEqual([featured]);
        expect(await featuredOn(server)).toEqual([featured]);
      }
      const toggled = await requestJson(`${a.baseUrl}/api/products/${productId}/feature`, { method: 'PUT', token });
      expect(toggled.status).toBe(200);
      featured = !featured;
      // The writing process's own next read.
      expect(await featuredOn(a)).toEqual([featured]);
      const start = Date.now();
      while (Date.now() - start < limitMs) {
        if ((await featuredOn(b)).includes(featured)) return Date.now() - start;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Infinity;
    };

    // Told by the notification.
    expect(await toggleThroughA(5_000)).toBeLessThan(1_000);

    // The listeners' connections ended: each process reads per request until its poll connects again.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${CATALOG_VERSION_APPLICATION} and datname = current_database()`.execute(db.db);
    expect(await toggleThroughA(5_000)).toBeLessThan(1_000);
    await expect.poll(listeners, { timeout: 10_000, interval: 100 }).toBe(2);

    // No notification at all (as if it were lost): the poll finds the new version within its interval.
    await sql`alter table catalog_state disable trigger catalog_state_notify`.execute(db.db);
    expect(await toggleThroughA(5_000)).toBeLessThan(POLL_MS + 500);
  }, 600_000);
});
