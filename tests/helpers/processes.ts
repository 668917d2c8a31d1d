import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * Pieces that the browser tests' global setup, the API tests and the benchmarks (bench/) all need
 * to run the shop beside them: a free port, a snapshot of the build, stopping a child, a JSON
 * request, a throwaway PostgreSQL database. Plain Node (no vitest), so bench/ can import it.
 */

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Set (to 1) by `npm test` for the stages after its build (scripts/stages.mjs): the processes that
 * tests start then run the build's JavaScript instead of the TypeScript source.
 */
export const FROM_DIST_VARIABLE = 'TEST_SERVER_FROM_DIST';

/**
 * The node arguments that run one of the server's entry points, named by its source file
 * (`src/server/main.ts`, `src/server/cli/admin.ts`). From the source through tsx, as a developer
 * runs a single test; with TEST_SERVER_FROM_DIST=1 the same module as the build emitted it
 * (dist/server/server/main.js) with plain node, which starts several times sooner since nothing is
 * compiled on the way. Only a build made from the same source may be used so: `npm test` builds
 * just before the stages that set the variable.
 */
export function entryPointArgs(source: string): string[] {
  const absolute = path.resolve(root, source);
  if (process.env[FROM_DIST_VARIABLE] !== '1') return ['--import', 'tsx', absolute];
  const relative = path.relative(path.join(root, 'src'), absolute).replace(/\.tsx?$/, '.js');
  const built = path.join(root, 'dist', 'server', relative);
  if (!fs.existsSync(built)) {
    throw new Error(`${FROM_DIST_VARIABLE}=1 but ${path.relative(root, built)} is missing: run \`npm run build\` first`);
  }
  return [built];
}

/** A TCP port nobody listens on right now (on 127.0.0.1). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Makes `appDir` a copy of the project's dist/ with every other top-level entry of `root` linked
 * beside it, so a rebuild while the server runs cannot change or pull the files under it. Run
 * `dist/server/server/main.js` from `appDir`.
 */
export function snapshotApp(root: string, appDir: string): string {
  fs.mkdirSync(appDir, { recursive: true });
  const skip = new Set(['dist', 'data', '.git', 'test-results', '.tmp', 'coverage']);
  for (const entry of fs.readdirSync(root)) {
    if (!skip.has(entry)) fs.symlinkSync(path.join(root, entry), path.join(appDir, entry));
  }
  fs.cpSync(path.join(root, 'dist'), path.join(appDir, 'dist'), { recursive: true });
  return appDir;
}

/** SIGTERM, then SIGKILL if the child has not exited within `killAfterMs`. */
export async function stopChild(child: ChildProcess, killAfterMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** A request as another client of the shop makes it: JSON body, bearer token, the answer parsed when it is JSON. */
export async function requestJson<T = unknown>(
  url: string | URL,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (an HTML page, a plain-text error)
  }
  return { status: res.status, body: body as T };
}

/**
 * A new PostgreSQL database beside the one `baseUrl` names (same server and user), and a drop()
 * that removes it even while connections to it are still open. Empty, or a copy of `template`
 * (a database nobody is connected to).
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
