#!/usr/bin/env node
// `npm test`: runs the named npm scripts one after another, stops at the first that fails (with its
// exit code), and says how long each took, so a slow stage shows itself in every run, CI's too.
//   node scripts/stages.mjs typecheck lint test:api build test:e2e
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const took = [];
const startedAll = Date.now();

for (const stage of stages) {
  const started = Date.now();
  const { status, signal } = spawnSync(npm, ['run', stage], { stdio: 'inherit' });
  took.push(`${stage} ${seconds(Date.now() - started)}`);
  if (status !== 0) {
    console.error(`\nstage '${stage}' failed (${signal ?? `exit ${status}`}) after ${seconds(Date.now() - started)}`);
    process.exit(status ?? 1);
  }
}
console.log(`\nstages: ${took.join(', ')}; ${seconds(Date.now() - startedAll)} in all`);
