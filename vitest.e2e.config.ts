import { defineConfig } from 'vitest/config';

/**
 * Browser tests: Chromium (playwright-core) against the production build. Three workers on two
 * cores (a browser test waits on its page as much as it computes, so a third fills the gaps; ADR
 * 0044 has the timings), each with a shop of its own (the global setup starts one per worker, see support/worker-shop.ts) and one
 * Chromium kept for all the files it runs: `isolate: false` keeps a worker's process, its loaded
 * modules and its browser from one file to the next. ADR 0031 has the reasons and the timings.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 3,
    fileParallelism: true,
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
