import { defineConfig } from 'vitest/config';

/**
 * Browser tests: Chromium (playwright-core) against the production build, started once by the
 * global setup. One worker, one file at a time: the machine has two cores and the browser needs them.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
