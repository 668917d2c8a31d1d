#!/usr/bin/env node
// `npm run dev`: the API with hot reload (tsx watch, port 3000) and the Vite dev server (port 5173,
// proxying /api and /uploads to the API) side by side. Output is prefixed per process; Ctrl+C or
// SIGTERM stops both; when either one dies the other is stopped and this script exits with its code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.PORT || '3000';
const webPort = process.env.WEB_PORT || '5173';
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);

const processes = [
  {
    name: 'api',
    colour: 36,
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'src/server/main.ts'],
    env: { NODE_ENV: process.env.NODE_ENV || 'development', PORT: apiPort },
  },
  {
    name: 'web',
    colour: 35,
    command: bin('vite'),
    args: ['--port', webPort, '--strictPort'],
    // vite.config.ts proxies /api and /uploads to http://127.0.0.1:$PORT.
    env: { PORT: apiPort },
  },
];

let stopping = false;
let exitCode = 0;
const running = new Set();

function prefix(name, colour) {
  return paint(colour, `[${name}]`.padEnd(6));
}

function pipe(stream, target, label) {
  readline.createInterface({ input: stream }).on('line', (line) => target.write(`${label} ${line}\n`));
}

function stopAll(signal = 'SIGTERM') {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
  // If a child ignores the signal, do not hang forever.
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(exitCode || 1);
  }, 5000).unref();
}

for (const spec of processes) {
  const label = prefix(spec.name, spec.colour);
  const child = spawn(spec.command, spec.args, {
    cwd: root,
    env: { ...process.env, ...spec.env, FORCE_COLOR: color ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  pipe(child.stdout, process.stdout, label);
  pipe(child.stderr, process.stderr, label);
  child.on('error', (error) => {
    process.stderr.write(`${label} could not start ${spec.command}: ${error.message}\n`);
    exitCode = 1;
    stopping = true;
    stopAll();
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      process.stderr.write(`${label} exited (${signal ?? code}); stopping the other process\n`);
      exitCode = code ?? 1;
      stopping = true;
      stopAll();
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stopAll(signal);
  });
}

process.stdout.write(
  `${paint(1, 'Pasal dev')}: shop on ${paint(4, `http://localhost:${webPort}`)} (hot reload), API on http://localhost:${apiPort}\n`,
);
