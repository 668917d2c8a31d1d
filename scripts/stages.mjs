#!/usr/bin/env node
// `npm test`: runs the named npm scripts one after another, stops at the first that fails (with its
// exit code), and says how long each took, so a slow stage shows itself in every run, CI's too.
// Scripts joined by `+` run at the same time, as one stage that fails if any of them fails.
//   node scripts/stages.mjs typecheck:app+lint test:api build test:e2e
import { spawn } from 'node:child_process';

const stages = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const took = [];
const startedAll = Date.now();

/** Runs one npm script; resolves with how it ended and how long it took. */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit' });
    child.on('error', () => resolve({ script, status: 1, signal: null, ms: Date.now() - started }));
    child.on('exit', (status, signal) => resolve({ script, status, signal, ms: Date.now() - started }));
  });
}

for (const stage of stages) {
  const started = Date.now();
  const results = await Promise.all(stage.split('+').map(run));
  const each = results.map(({ script, ms }) => `${script} ${seconds(ms)}`).join(', ');
  took.push(results.length > 1 ? `${each} (together ${seconds(Date.now() - started)})` : each);
  const failed = results.find(({ status }) => status !== 0);
  if (failed) {
    const { script, status, signal, ms } = failed;
    console.error(`\nstage '${script}' failed (${signal ?? `exit ${status}`}) after ${seconds(ms)}`);
    process.exit(status ?? 1);
  }
}
console.log(`\nstages: ${took.join(', ')}; ${seconds(Date.now() - startedAll)} in all`);
