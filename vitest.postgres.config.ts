import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { DATABASE_URL_VARIABLE, postgresPassFiles } from './tests/helpers/postgres-pass.js';

/**
 * The API tests' second pass, on PostgreSQL (`npm run test:api:postgres`, run by .ci/run): only the
 * files that can see TEST_DATABASE_URL (tests/helpers/postgres-pass.ts, ADR 0032); the others
 * would run exactly as on SQLite. Any single file still runs on PostgreSQL with
 * `TEST_DATABASE_URL=… npx vitest run <file>`.
 */
if (!process.env[DATABASE_URL_VARIABLE]) {
  throw new Error(`the PostgreSQL pass needs ${DATABASE_URL_VARIABLE}, e.g. postgres://postgres@127.0.0.1:5432/test`);
}

// Spread, not mergeConfig: that would add the list to the base include instead of replacing it.
export default defineConfig({ ...base, test: { ...base.test, include: postgresPassFiles(import.meta.dirname) } });
