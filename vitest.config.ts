import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // One migrated database per run, copied by each test app (ADR 0032).
    globalSetup: ['tests/helpers/template-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: two files at a time, each with its own database.
    maxWorkers: 2,
  },
});
