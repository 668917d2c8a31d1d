import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // One migrated database per run, copied by each test app (ADR 0032).
    globalSetup: ['tests/helpers/template-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for work done in the background (a mail sent by the job worker): on a busy
    // machine that takes longer than the default second. A poll that passes returns at once.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Two cores: two files at a time, each with its own database.
    maxWorkers: 2,
    // A worker keeps its process and loaded modules from one file to the next instead of importing
    // the whole server again for each (most of a file's time otherwise). Every file builds its own
    // app on its own database and closes it; a file must leave no global behind it (no vi.mock, an
    // environment variable or a fake clock put back as it found them).
    isolate: false,
  },
});
