import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { MailCatcher } from '../../helpers/smtp.js';
import { E2E_STORE, type WorkerShop } from './constants.js';
import { startShop } from './shop.js';

/**
 * Starts what the browser tests need, once for the whole run, for each test worker
 * (vitest's maxWorkers; worker-shop.ts picks a file's):
 * - the production build (`node dist/server/server/main.js`) on a free port with a fresh DATA_DIR
 *   and a real SMTP server capturing its mail (startShop, shop.ts);
 * - the captured mail, readable by the test workers through a tiny HTTP endpoint on 127.0.0.1
 *   (the catcher lives in this process, the tests in workers).
 * The test files get the addresses through `inject('shops')` (see constants.ts).
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const file of [serverEntry, webIndex]) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${path.relative(root, file)} is missing: the browser tests run the production build, run \`npm run build\` first.`,
      );
    }
  }

  const started = await Promise.allSettled(
    Array.from({ length: Math.max(1, project.config.maxWorkers) }, (_, index) => startWorkerShop(index + 1)),
  );
  const shops = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }

  project.provide(
    'shops',
    shops.map(({ baseUrl, mailboxUrl, dataDir }) => ({ baseUrl, mailboxUrl, dataDir })),
  );
  return stopAll;
}

/** One worker's shop and its mailbox endpoint. */
async function startWorkerShop(worker: number): Promise<WorkerShop & { stop(): Promise<void> }> {
  const shop = await startShop(
    {
      NODE_ENV: 'production',
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'false',
      // Optional store facts the footer shows only when configured (shop-return.e2e.test.ts looks for them).
      STORE_HOURS: E2E_STORE.hours,
      STORE_PAN: E2E_STORE.pan,
    },
    `shop-w${worker}`,
  );
  let mailbox: Awaited<ReturnType<typeof serveMailbox>>;
  try {
    mailbox = await serveMailbox(shop.mail);
  } catch (error) {
    await shop.stop();
    throw error;
  }
  return {
    baseUrl: shop.baseUrl,
    mailboxUrl: mailbox.url,
    dataDir: shop.dataDir,
    stop: async () => {
      await mailbox.close();
      await shop.stop();
    },
  };
}
