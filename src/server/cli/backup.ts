/**
 * Backs up a one-server shop (SQLite) while it runs, and proves the copy by restoring it
 * (docs/deploy.md):
 *
 *   npm run backup -- /backups/pasal            a dated folder with the database, images and secret
 *   npm run backup -- --check /backups/pasal/2026-11-25T0300
 *
 * The database is copied with SQLite's online backup (a consistent snapshot, never a torn file);
 * then the copy is opened as the shop would open it: integrity check, every migration there, and
 * the rows it holds. Exit codes: 0 done, 1 failed, 2 bad usage. PostgreSQL shops use pg_dump.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';
import { LATEST_MIGRATION } from '../db/migrate.js';
import { type CliIo, runWhenInvoked } from './entry.js';

export const BACKUP_USAGE = [
  'Usage:',
  '  npm run backup -- FOLDER            copy the database, images and secret into FOLDER/<date>, then check the copy',
  '  npm run backup -- --check BACKUP    check an earlier backup by opening it as the shop would',
].join('\n');

const DATABASE_FILE = 'pasal.sqlite';

/** Opens a backup's database read-only and says what it holds, or throws what is wrong with it. */
export function checkBackup(folder: string): { users: number; products: number; orders: number } {
  const db = new SQLite(path.join(folder, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`integrity check failed: ${String(integrity)}`);
    const migrated = db.prepare('select 1 from kysely_migration where name = ?').get(LATEST_MIGRATION);
    if (!migrated) throw new Error(`the copy lacks migration ${LATEST_MIGRATION}`);
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { users: count('users'), products: count('products'), orders: count('orders') };
  } finally {
    db.close();
  }
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const holding = (held: ReturnType<typeof checkBackup>) =>
  `${counted(held.users, 'shopper', 'shoppers')}, ${counted(held.products, 'product', 'products')}, ${counted(held.orders, 'order', 'orders')}`;

export async function runBackupCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  now = new Date(),
): Promise<number> {
  const check = args[0] === '--check';
  const target = check ? args[1] : args[0];
  if (target === undefined || args.length !== (check ? 2 : 1) || target.startsWith('-')) {
    io.stderr(BACKUP_USAGE);
    return 2;
  }
  try {
    if (check) {
      const held = checkBackup(target);
      io.stdout(`The backup opens: ${holding(held)}.`);
      return 0;
    }
    const config = loadConfig({ ...env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
    if (config.databaseUrl) throw new ConfigError('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/deploy.md).');
    const folder = path.join(target, now.toISOString().slice(0, 16).replace(/:/g, ''));
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    const live = new SQLite(path.join(config.dataDir, DATABASE_FILE), { fileMustExist: true });
    try {
      await live.backup(path.join(folder, DATABASE_FILE));
    } finally {
      live.close();
    }
    // One self-contained file: the copy keeps no write-ahead log beside it (the shop turns WAL back on when it opens it).
    const copy = new SQLite(path.join(folder, DATABASE_FILE));
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    // The copy of the database is as private as the shop's own (lib/private-files.ts).
    await fs.chmod(path.join(folder, DATABASE_FILE), 0o600);
    // Images and the secret that signs sessions and seals queued codes; the copy stays private.
    await fs
      .cp(path.join(config.dataDir, 'uploads'), path.join(folder, 'uploads'), { recursive: true, force: false })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    await fs
      .copyFile(path.join(config.dataDir, 'jwt-secret'), path.join(folder, 'jwt-secret'))
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    const held = checkBackup(folder);
    io.stdout(`Backed up to ${folder} and opened the copy: ${holding(held)}.`);
    return 0;
  } catch (error) {
    io.stderr(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

runWhenInvoked(import.meta.url, runBackupCli);
