import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, snapshotApp, stopChild } from '../../helpers/processes.js';
import { MailCatcher } from '../../helpers/smtp.js';
import { E2E_ADMIN } from './constants.js';

/**
 * Starts what every browser test needs, once for the whole run:
 * - a real SMTP server capturing the shop's mail, readable by the test workers through a tiny
 *   HTTP endpoint on 127.0.0.1 (the catcher lives in this process, the tests in workers);
 * - the production build (`node dist/server/server/main.js`) on a free port with a fresh DATA_DIR.
 *   It runs from a snapshot of dist/ (the rest of the project linked beside it), so a rebuild while
 *   the tests run cannot pull the assets from under the browser.
 * The test files get the addresses through `inject()` (see env.d.ts).
 */

const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(root, 'dist/server/server/main.js');
const webIndex = path.join(root, 'dist/web/index.html');

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** GET /messages → {count, messages}; GET /otp?to=&since=&timeoutMs= → {code}. */
function serveMailbox(catcher: MailCatcher): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const messages = catcher.messages
        .map((mail, index) => ({ index, to: mail.to, subject: mail.subject, text: mail.text }))
        .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to));
      json(res, 200, { count: catcher.messages.length, messages });
      return;
    }
    if (url.pathname === '/otp') {
      const to = url.searchParams.get('to') ?? '';
      const since = Number(url.searchParams.get('since') ?? '0');
      const timeoutMs = Number(url.searchParams.get('timeoutMs') ?? '15000');
      catcher
        .waitFor(to, { since, timeoutMs })
        .then(() => catcher.otpFor(to, since))
        .then(
          (code) => json(res, 200, { code }),
          (error: unknown) => json(res, 404, { error: error instanceof Error ? error.message : String(error) }),
        );
      return;
    }
    json(res, 404, { error: 'unknown mailbox path' });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the shop server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the shop server did not answer ${baseUrl}/api/health within 60 s:\n${output()}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const file of [serverEntry, webIndex]) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${path.relative(root, file)} is missing: the browser tests run the production build, run \`npm run build\` first.`,
      );
    }
  }

  const catcher = new MailCatcher();
  const smtpUrl = await catcher.start();
  const mailbox = await serveMailbox(catcher);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const appDir = snapshotApp(root, path.join(workDir, 'app'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // A clean environment: nothing from the developer's shell (DATABASE_URL, JWT_SECRET…) leaks in.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG ?? 'C.UTF-8',
    TZ: process.env.TZ,
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'false',
  };
  const child = spawn(process.execPath, [path.join(appDir, path.relative(root, serverEntry))], {
    cwd: appDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let captured = '';
  const relay = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    captured = (captured + text).slice(-20_000);
    for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`[shop] ${line}\n`);
  };
  child.stdout.on('data', relay);
  child.stderr.on('data', relay);

  const teardown = async () => {
    await stopChild(child, 10_000);
    await mailbox.close();
    await catcher.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => captured);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailbox.url);
  project.provide('dataDir', dataDir);
  return teardown;
}
