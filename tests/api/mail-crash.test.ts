import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { createTestDatabase } from '../helpers/app.js';
import { queueMails } from '../helpers/jobs.js';
import { type ServerProcess, openServerDatabase, startServerProcess } from '../helpers/orders.js';
import { MailCatcher } from '../helpers/smtp.js';

/**
 * Drill: the shop process is killed (SIGKILL) while mails are queued and being sent to a slow
 * mail server. After a restart on the same data every queued mail goes out; none is lost. A mail
 * cut off mid-send may arrive twice, with the same Message-ID, so it is recognisable as one.
 */
describe('the outbox survives SIGKILL', () => {
  const MAILS = 40;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const catcher = new MailCatcher({ delayMs: 300 });
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-mail-crash-'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await catcher.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every queued mail after a restart', async () => {
    const where = { dataDir, databaseUrl: database.databaseUrl };
    const env = { SMTP_URL: await catcher.start() };
    const db = openServerDatabase(where);
    try {
      await migrateToLatest(db.db as Kysely<unknown>);
      const expected = await queueMails(db.db, MAILS, { tag: 'crash', secret: true });

      server = await startServerProcess({ ...where, env });
      const first = server;
      await catcher.waitForCount(6, 30_000);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const beforeRestart = catcher.messages.length;
      // Killed mid-way: mails were left, some of them being sent.
      expect(beforeRestart).toBeLessThan(MAILS);
      const states = await db.db.selectFrom('jobs').select(['status']).execute();
      expect(states.filter((row) => row.status !== 'done').length).toBeGreaterThan(0);

      // The mails cut off mid-send are held by the dead process's lease. On SQLite the restarted
      // process, the file's only owner, knows they are orphans and takes them at once. On
      // PostgreSQL another live process may hold them, so they wait for the lease to end: the
      // longest job timeout plus a margin, over a minute. The drill checks that each one is leased
      // into the future, then lets the leases end as the clock would, rather than wait it out.
      if (database.databaseUrl) {
        const killedAt = new Date().toISOString();
        const leased = await db.db.selectFrom('jobs').select('run_at').where('status', '=', 'running').execute();
        for (const job of leased) expect(job.run_at > killedAt).toBe(true);
        await db.db.updateTable('jobs').set({ run_at: killedAt }).where('status', '=', 'running').execute();
      }

      server = await startServerProcess({ ...where, env });
      // Every job done, the cut-off ones included.
      const deadline = Date.now() + 30_000;
      const unfinished = async () => (await db.db.selectFrom('jobs').select('id').where('status', '!=', 'done').execute()).length;
      while ((await unfinished()) > 0) {
        if (Date.now() > deadline) throw new Error('not every queued mail was sent after the restart');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const received = catcher.messages.map((mail) => mail.messageId);
      expect(new Set(received)).toEqual(new Set(expected));
      // A repeat is only a mail that was in flight at the kill (the worker sends four at a time).
      expect(received.length - MAILS).toBeLessThanOrEqual(4);
      for (const mail of catcher.messages) {
        const i = Number(/crash-(\d+)@/.exec(mail.messageId)?.[1]);
        expect(mail.to).toEqual([`mail${i}@example.com`]);
        expect(mail.text).toContain(`Mail number ${i}`);
      }

      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});
