import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, usingPostgres } from '../helpers/app.js';

/**
 * DATA_DIR holds the database, the session secret and the dev outbox: no other local user may
 * read them. The folder is 0700, every file the shop writes in it 0600, the SQLite database's
 * -wal and -shm files too; a folder and database left open by an earlier version are tightened.
 */
describe('data files are private', () => {
  let parent: string;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    fs.rmSync(parent, { recursive: true, force: true });
  });

  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
  const octal = (mode: number) => mode.toString(8).padStart(4, '0');

  /** A shop on a DATA_DIR that does not exist yet (not the test helper's own mkdtemp folder, already 0700). */
  async function startOn(dataDir: string) {
    // No SMTP_URL: mail goes to the dev outbox in DATA_DIR.
    t = await buildTestApp({ DATA_DIR: dataDir, SMTP_URL: '' });
    await t.app.ctx.mailer.send({ to: 'ram@example.com', subject: 'Your code', text: '123456' });
    // A write, so that SQLite's write-ahead log holds something.
    await t.app.ctx.throttle.record('modes-test', 60_000);
  }

  function expectPrivate(dataDir: string) {
    const modes: Record<string, string> = { '.': octal(modeOf(dataDir)) };
    for (const name of fs.readdirSync(dataDir)) modes[name] = octal(modeOf(path.join(dataDir, name)));
    for (const name of fs.readdirSync(path.join(dataDir, 'outbox')))
      modes[`outbox/${name}`] = octal(modeOf(path.join(dataDir, 'outbox', name)));
    const expected: Record<string, string> = {};
    for (const name of Object.keys(modes))
      expected[name] = name === '.' || name === 'outbox' || name === 'uploads' ? '0700' : '0600';
    expect(modes).toEqual(expected);
    if (!usingPostgres()) {
      // The database and its write-ahead log and shared memory, while the shop has them open.
      expect(Object.keys(modes)).toEqual(expect.arrayContaining(['pasal.sqlite', 'pasal.sqlite-wal', 'pasal.sqlite-shm']));
    }
    expect(Object.keys(modes)).toEqual(expect.arrayContaining(['jwt-secret', 'outbox']));
  }

  it('creates DATA_DIR 0700 and its database, secret and outbox files 0600', async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-modes-'));
    const dataDir = path.join(parent, 'shop', 'data');
    await startOn(dataDir);
    expectPrivate(dataDir);
  });

  it('tightens a DATA_DIR and database that an earlier version left readable by all', async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-modes-'));
    const dataDir = path.join(parent, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    if (!usingPostgres()) {
      // A database from an earlier start, created readable by every local user.
      t = await buildTestApp({ DATA_DIR: dataDir, SMTP_URL: '' });
      await t.close();
      t = undefined;
      for (const name of fs.readdirSync(dataDir).filter((name) => name.startsWith('pasal.sqlite')))
        fs.chmodSync(path.join(dataDir, name), 0o644);
      fs.chmodSync(dataDir, 0o755);
    }
    await startOn(dataDir);
    expectPrivate(dataDir);
  });
});
