import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { createScratchDatabase } from './processes.js';

/**
 * The API suite's global setup (vitest.config.ts): one database brought to the latest migration
 * for the whole run, which each test app copies instead of running every migration again
 * (tests/helpers/app.ts, ADR 0032). Tests of the migrations themselves and of processes that
 * migrate at start keep an empty database (createTestDatabase).
 */

export interface MigratedTemplate {
  /** A folder holding a migrated SQLite database, closed (no -wal or -shm beside it). */
  sqliteDir: string;
  /** With TEST_DATABASE_URL: a migrated PostgreSQL database that nobody stays connected to. */
  postgresDatabase: string | undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: MigratedTemplate;
  }
}

async function migrated(options: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const handle = openDatabase(options);
  try {
    await migrateToLatest(handle.db as Kysely<unknown>);
  } finally {
    await handle.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-template-'));
  const cleanups = [async () => fs.rmSync(sqliteDir, { recursive: true, force: true })];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    await migrated({ dataDir: sqliteDir });
    let postgresDatabase: string | undefined;
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (baseUrl) {
      const database = await createScratchDatabase(baseUrl, 'pasal_tpl');
      cleanups.push(() => database.drop());
      await migrated({ dataDir: sqliteDir, databaseUrl: database.url });
      postgresDatabase = database.name;
    }
    project.provide('migratedTemplate', { sqliteDir, postgresDatabase });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
