#!/usr/bin/env node
// The API tests' PostgreSQL pass as a stage of `npm test`, run beside the browser tests: those
// spend much of their time waiting on Chromium and the built server, so the two together take
// little longer than the browser tests alone. It runs when PASAL_TEST_POSTGRES_URL names a
// PostgreSQL server (.ci/run sets it); without it there is nothing to run against, and it says so.
// The variable is not TEST_DATABASE_URL itself because that would send the SQLite pass of the
// same `npm test` to PostgreSQL too.
import { spawn } from 'node:child_process';

const url = process.env.PASAL_TEST_POSTGRES_URL;
if (!url) {
  console.log('PostgreSQL pass: not run (set PASAL_TEST_POSTGRES_URL=postgres://… to run it inside npm test)');
  process.exit(0);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const child = spawn(npm, ['run', 'test:api:postgres'], { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
child.on('error', () => process.exit(1));
child.on('exit', (status, signal) => process.exit(signal ? 1 : (status ?? 1)));
