import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CART_QUANTITY_MAX } from '../../src/shared/cart.js';
import { freePort, snapshotApp as snapshotDist, stopChild } from '../../tests/helpers/processes.js';

export { freePort, requestJson, stopChild } from '../../tests/helpers/processes.js';

/**
 * Processes of the benchmarks: the build, a snapshot of dist/ to run from, the shop server and
 * the baseline as child processes, their health and their memory.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every child this run started, stopped on exit whatever happens. */
const children = new Set<ChildProcess>();
let cleanupInstalled = false;
const tempDirs = new Set<string>();

function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

/** A temp folder removed when the run ends (also on Ctrl-C). */
export function tempDir(prefix: string): string {
  installCleanup();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pasal-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

export function track(child: ChildProcess): ChildProcess {
  installCleanup();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** `npm run build` in the project (output shown only when it fails). */
export function build(): void {
  const started = Date.now();
  process.stdout.write('building the production bundle (npm run build)… ');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', env: process.env });
  if (result.status !== 0) {
    console.log('failed');
    console.log(result.stdout, result.stderr);
    throw new Error('npm run build failed');
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * A copy of dist/ with every other top-level entry of the project linked beside it (as the
 * browser tests do), so a rebuild by someone else while the benchmark runs cannot change or pull
 * the files under the server. Returns the folder to run `dist/server/server/main.js` from.
 */
export function snapshotApp(): string {
  const main = path.join(ROOT, 'dist/server/server/main.js');
  const index = path.join(ROOT, 'dist/web/index.html');
  if (!fs.existsSync(main) || !fs.existsSync(index)) throw new Error('no production build in dist/: run npm run build');
  return snapshotDist(ROOT, path.join(tempDir('app'), 'app'));
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** Environment of the shop in production mode on a data folder (no inherited configuration). */
export function shopEnv(dataDir: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // add-to-cart raises one line again and again: the shop's units-per-order limit must not refuse it.
    MAX_UNITS_PER_ORDER: String(CART_QUANTITY_MAX),
    ...extra,
  };
}

/** Starts a Node process listening on `port` and waits until GET `healthPath` answers 200. */
export async function startProcess(options: {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  healthPath?: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child = track(
    spawn(process.execPath, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const server: ServerProcess = {
    child,
    url,
    port: options.port,
    output: () => log,
    stop: () => stopChild(child),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.args.join(' ')} exited (${child.exitCode ?? child.signalCode}) before it answered:\n${log}`);
    }
    if ((await httpStatus(`${url}${options.healthPath ?? '/api/health'}`)) === 200) return server;
    await sleep(50);
  }
  await server.stop();
  throw new Error(`${options.args.join(' ')} did not answer within ${(options.timeoutMs ?? 120_000) / 1000} s:\n${log}`);
}

/** The shop's built server from `appDir` on `dataDir`. */
export async function startShop(appDir: string, dataDir: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  return startProcess({
    args: [path.join(appDir, 'dist/server/server/main.js')],
    cwd: appDir,
    env: shopEnv(dataDir, port, extra),
    port,
    timeoutMs: 600_000,
  });
}

/** Status of a GET, or 0 when nothing answers (no keep-alive: each probe is a fresh connection). */
export function httpStatus(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The processes whose parent is `pid` (nginx's workers under its master): their CPU time is the
 * work, the master's only the bookkeeping. Read from /proc, so only children alive right now.
 */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // exited while listing
    }
  }
  return children;
}

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status), or 0 when unreadable. */
export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system, all threads) a process has used so far, in ms; 0 when unreadable. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
  } catch {
    return 0;
  }
}

/**
 * Samples a process's RSS every `everyMs` until stopped; returns the highest sample. Given several
 * (shop processes behind nginx), each sample is their sum: what the box holds at that moment.
 */
export function sampleRss(pids: number | number[], everyMs = 100): { stop(): number; max(): number } {
  const rss = () => (Array.isArray(pids) ? pids : [pids]).reduce((total, pid) => total + rssOf(pid), 0);
  let max = rss();
  const timer = setInterval(() => {
    max = Math.max(max, rss());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      max = Math.max(max, rss());
      return max;
    },
    max: () => max,
  };
}
