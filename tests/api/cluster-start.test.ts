import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_MIGRATION } from '../../src/server/db/migrate.js';
import { createTestDatabase, usingPostgres } from '../helpers/app.js';
import { type ServerProcess, openServerDatabase, startServerProcess } from '../helpers/orders.js';
import { stopChild } from '../helpers/processes.js';

/**
 * Several shop processes started at once against one empty PostgreSQL database migrate
 * it once, create one first admin and one demo catalogue, and all come up ready.
 */
describe.runIf(usingPostgres())('processes starting together on one PostgreSQL database', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('migrate once, seed once, and are all ready', async () => {
    const database = await createTestDatabase();
    const dataDirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-three-')));
    cleanups.push(async () => {
      await database.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });
    const env = { SEED_DEMO: 'true', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner password 1' };
    const servers: ServerProcess[] = [];
    cleanups.push(async () => {
      await Promise.all(servers.map((server) => stopChild(server.child)));
    });
    servers.push(
      ...(await Promise.all(
        dataDirs.map((dataDir) =>
          startServerProcess({ dataDir, databaseUrl: database.databaseUrl, env, startTimeoutMs: 240_000 }),
        ),
      )),
    );

    for (const server of servers) {
      const ready = await fetch(`${server.baseUrl}/api/ready`);
      expect(ready.status).toBe(200);
    }
    const db = openServerDatabase({ dataDir: dataDirs[0]!, databaseUrl: database.databaseUrl });
    try {
      const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db.db)).rows[0]!.n);
      expect(await count(sql<{ n: number }>`select count(*) as n from admins`)).toBe(1);
      const products = await count(sql<{ n: number }>`select count(*) as n from products`);
      expect(products).toBeGreaterThan(0);
      expect(await count(sql<{ n: number }>`select count(distinct name) as n from products`)).toBe(products);
      expect(await count(sql<{ n: number }>`select count(distinct name) as n from categories`)).toBe(
        await count(sql<{ n: number }>`select count(*) as n from categories`),
      );
      const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.db)).rows;
      expect(migrations.at(-1)!.name).toBe(LATEST_MIGRATION);
      // The same catalogue through every process.
      const lists = await Promise.all(
        servers.map(async (server) => (await fetch(`${server.baseUrl}/api/products?limit=5`)).text()),
      );
      expect(new Set(lists).size).toBe(1);
    } finally {
      await db.close();
    }
  }, 300_000);
});
