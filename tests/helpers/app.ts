import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { ensureBootstrapAdmin } from '../../src/server/features/admin/bootstrap.js';
import type { Clock } from '../../src/server/lib/clock.js';
import { createScratchDatabase } from './processes.js';
import type { MigratedTemplate } from './template-database.js';
import { MailCatcher } from './smtp.js';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  clock: TestClock;
  mail: MailCatcher;
  dataDir: string;
  close(): Promise<void>;
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

interface TestDatabase {
  /** undefined on SQLite: the database is the file in the app's DATA_DIR. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database per call: a new SQLite file in a temp folder, or (with
 * TEST_DATABASE_URL) a new PostgreSQL database created beside the test one and dropped afterwards.
 * For tests of the migrations, and of processes that migrate at start.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return { databaseUrl: undefined, drop: async () => undefined };
  const database = await createScratchDatabase(baseUrl, 'pasal_t');
  return { databaseUrl: database.url, drop: () => database.drop() };
}

/**
 * A fresh database already at the latest migration: a copy of the run's migrated template
 * (template-database.ts) into `dataDir` on SQLite, or a PostgreSQL database made from it. Without
 * a template (a run that did not make one), an empty one that the app migrates.
 */
async function createMigratedDatabase(dataDir: string): Promise<TestDatabase> {
  const template = inject('migratedTemplate') as MigratedTemplate | undefined;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!template || (baseUrl && !template.postgresDatabase)) return createTestDatabase();
  if (!baseUrl) {
    fs.cpSync(template.sqliteDir, dataDir, { recursive: true });
    return { databaseUrl: undefined, drop: async () => undefined };
  }
  const database = await createScratchDatabase(baseUrl, 'pasal_t', template.postgresDatabase);
  return { databaseUrl: database.url, drop: () => database.drop() };
}

/**
 * A test app on a fresh database at the latest migration, unless `env` names its own database
 * (DATABASE_URL) or data folder (DATA_DIR, whose database the app opens and migrates as it is).
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-test-'));
  const database =
    'DATABASE_URL' in env
      ? { databaseUrl: undefined, drop: async () => undefined }
      : 'DATA_DIR' in env
        ? await createTestDatabase()
        : await createMigratedDatabase(dataDir);
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Every test request comes from one address: the per-address sign-up limits are tested on
    // their own (signup-limits.test.ts) and would only get in the way elsewhere.
    REGISTER_PER_IP_MINUTE: '10000',
    REGISTER_PER_IP_HOUR: '10000',
    SEND_OTP_PER_IP_HOUR: '10000',
    VERIFY_OTP_PER_IP_HOUR: '10000',
    ADMIN_USERNAME: 'root-admin',
    ADMIN_PASSWORD: 'correct horse battery',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const clock = new TestClock();
  const app = await buildApp({ config, clock, logger: false, serveWeb: false });
  await app.ready();
  // As main.ts does at start: the ADMIN_* admin (root-admin by default) exists.
  await ensureBootstrapAdmin(app.ctx, app.log);
  return {
    app,
    config,
    clock,
    mail,
    dataDir,
    async close() {
      await app.close();
      await mail.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
