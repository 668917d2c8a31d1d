#!/usr/bin/env node
// `npm test`: runs the named npm scripts one after another, stops at the first that fails (with its
// exit code), and says how long each took, so a slow stage shows itself in every run, CI's too.
// Scripts joined by `+` run at the same time, as one stage that fails if any of them fails. An
// argument NAME=value sets that environment variable for the stages after it.
//   node scripts/stages.mjs typecheck:app+lint+build TEST_SERVER_FROM_DIST=1 test:api test:e2e
import { spawn } from 'node:child_process';

const stages = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const took = [];
const startedAll = Date.now();
const env = { ...process.env };

/** Runs one npm script; resolves with how it ended and how long it took. */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit', env });
    child.on('error', () => resolve({ script, status: 1, signal: null, ms: Date.now() - started }));
    child.on('exit', (status, signal) => resolve({ script, status, signal, ms: Date.now() - started }));
  });
}

for (const stage of stages) {
  const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(stage);
  if (assignment) {
    env[assignment[1]] = assignment[2];
    continue;
  }
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
