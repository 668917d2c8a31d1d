import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupCli } from '../../src/server/cli/backup.js';
import { buildTestApp, type TestApp, usingPostgres } from '../helpers/app.js';
import { adminToken, createPath, pngFile, uploadProduct } from '../helpers/catalog.js';
import { makeShopper } from '../helpers/orders.js';

/**
 * `npm run backup` (docs/deploy.md): a one-server shop's SQLite database, images and secret,
 * copied while the shop runs and writes, and proved by restoring the copy: a new shop started on
 * it serves what the old one had. PostgreSQL shops use pg_dump, so this runs on SQLite only.
 */
describe.runIf(!usingPostgres())('npm run backup', () => {
  let t: TestApp;
  let backups: string;
  beforeAll(async () => {
    t = await buildTestApp();
    backups = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-backups-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  const io = () => {
    const lines: string[] = [];
    return { lines, io: { stdout: (line: string) => lines.push(line), stderr: (line: string) => lines.push(line) } };
  };

  it('copies a running shop and restores it: the restored shop serves the same products and shoppers', async () => {
    const admin = await adminToken(t);
    await createPath(t, admin, 'Peripherals');
    const product = await uploadProduct(
      t,
      admin,
      { name: 'Backed up mouse', description: 'A mouse', price: '1200', category: 'Peripherals' },
      [await pngFile()],
    );
    expect(product.statusCode).toBe(201);
    const shopper = await makeShopper(t);

    // Writes keep coming while the backup runs.
    let writing = true;
    const writes = (async () => {
      while (writing) {
        await makeShopper(t);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const out = io();
    const code = await runBackupCli(
      [backups],
      { NODE_ENV: 'test', DATA_DIR: t.dataDir },
      out.io,
      new Date('2026-11-25T03:00:00Z'),
    );
    writing = false;
    await writes;
    expect(code, out.lines.join('\n')).toBe(0);
    const folder = path.join(backups, '2026-11-25T0300');
    expect(out.lines.at(-1)).toMatch(
      new RegExp(`^Backed up to ${folder} and opened the copy: \\d+ shoppers, 1 product, 0 orders\\.$`),
    );
    expect(fs.readdirSync(folder).sort()).toEqual(['jwt-secret', 'pasal.sqlite', 'uploads']);
    // As private as the shop's own: the folder 0700, the database and the secret 0600.
    expect(
      ['.', 'pasal.sqlite', 'jwt-secret'].map((name) => (fs.statSync(path.join(folder, name)).mode & 0o777).toString(8)),
    ).toEqual(['700', '600', '600']);

    // The restore: a shop started on the copy has the product, its images and the shopper.
    const restored = await buildTestApp({ DATA_DIR: folder });
    try {
      const read = await restored.app.inject({ method: 'GET', url: `/api/products/${product.json<{ id: number }>().id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().name).toBe('Backed up mouse');
      const image = JSON.parse(read.json<{ images: string }>().images)[0] as string;
      expect((await restored.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
      const row = await restored.app.ctx.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', shopper.userId)
        .executeTakeFirst();
      expect(row?.email).toBe(shopper.email);
    } finally {
      await restored.close();
    }

    const again = io();
    expect(await runBackupCli(['--check', folder], {}, again.io)).toBe(0);
    expect(again.lines[0]).toMatch(/^The backup opens: \d+ shoppers, 1 product, 0 orders\.$/);
  });

  it('refuses a damaged copy, a missing one, and bad usage', async () => {
    const broken = path.join(backups, 'broken');
    fs.mkdirSync(broken, { recursive: true });
    fs.writeFileSync(path.join(broken, 'pasal.sqlite'), 'not a database at all, just some bytes '.repeat(200));
    const damaged = io();
    expect(await runBackupCli(['--check', broken], {}, damaged.io)).toBe(1);
    expect(damaged.lines[0]).toMatch(/^Error: /);
    expect(await runBackupCli(['--check', path.join(backups, 'nowhere')], {}, io().io)).toBe(1);
    const usage = io();
    expect(await runBackupCli([], {}, usage.io)).toBe(2);
    expect(usage.lines[0]).toContain('npm run backup -- FOLDER');
    const postgres = io();
    expect(await runBackupCli([backups], { NODE_ENV: 'test', DATABASE_URL: 'postgres://x@127.0.0.1/y' }, postgres.io)).toBe(1);
    expect(postgres.lines[0]).toContain('pg_dump');
  });
});
