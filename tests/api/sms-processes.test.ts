import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/app.js';
import { type ServerProcess, openServerDatabase, startServerProcess } from '../helpers/orders.js';
import { requestJson, stopChild } from '../helpers/processes.js';

/**
 * The SMS limits across two server processes on one database (the SQLite file, or PostgreSQL):
 * ten texts to one number at once through both give three (the per-number hour), and with a
 * daily cap of 5, twenty more to other numbers give exactly the two left.
 */
describe('SMS limits across processes', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-sms-procs-'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const server of servers) await stopChild(server.child);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('queues three to one number and SMS_DAILY_LIMIT in all; the others are a 429', async () => {
    const env = { SMS_DAILY_LIMIT: '5', ADMIN_USERNAME: 'sms-admin', ADMIN_PASSWORD: 'a long admin password' };
    const where = { dataDir, databaseUrl: database.databaseUrl, env };
    servers.push(await startServerProcess(where));
    servers.push(await startServerProcess(where));
    const login = await requestJson<{ token: string }>(`${servers[0]!.baseUrl}/api/admin/login`, {
      method: 'POST',
      body: { username: 'sms-admin', password: 'a long admin password' },
    });
    expect(login.status).toBe(200);
    // One number, ten texts at once through both: three an hour.
    const toOne = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        requestJson<{ message: string }>(`${servers[i % 2]!.baseUrl}/api/admin/sms/test`, {
          method: 'POST',
          token: login.body.token,
          body: { to: '9800000999', text: `Test ${i}` },
        }),
      ),
    );
    expect(toOne.filter((result) => result.status === 202), JSON.stringify(toOne)).toHaveLength(3);
    const limited = toOne.filter((result) => result.status === 429);
    expect(limited).toHaveLength(7);
    for (const result of limited) expect(result.body.message).toContain('at most 3 an hour');
    // Twenty numbers at once: the two texts left of the day's five.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        requestJson(`${servers[i % 2]!.baseUrl}/api/admin/sms/test`, {
          method: 'POST',
          token: login.body.token,
          body: { to: `98410${String(i).padStart(5, '0')}`, text: `Test ${i}` },
        }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 202), JSON.stringify(results)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(18);
    const db = openServerDatabase(where);
    try {
      expect(await db.db.selectFrom('sms_messages').select('id').execute()).toHaveLength(5);
      const days = await db.db.selectFrom('sms_days').select(['count', 'cap_told_at']).execute();
      expect(days).toHaveLength(1);
      expect(Number(days[0]!.count)).toBe(5);
      expect(days[0]!.cap_told_at).not.toBeNull();
      const told = await db.db.selectFrom('jobs').select('id').where('kind', '=', 'mail').where('summary', 'like', '%SMS limit reached%').execute();
      expect(told).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 180_000);
});
