import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderId } from '../../src/shared/orders.js';
import { createTestDatabase } from '../helpers/app.js';
import {
  type ServerProcess,
  type TestShopper,
  deliveryFields,
  insertProducts,
  makeShopperIn,
  openServerDatabase,
  startServerProcess,
} from '../helpers/orders.js';

interface SlowRequest {
  /** Sends the rest of the body. */
  finish(): void;
  response: Promise<{ status: number; body: { order?: { id: string } } }>;
}

/**
 * A checkout whose body arrives in two parts: the server has the request (headers read, token
 * checked) and waits for the rest of the body — a request in flight for as long as we like.
 */
function slowCheckout(baseUrl: string, shopper: TestShopper, totalAmount: number): SlowRequest {
  const body = JSON.stringify({ userId: shopper.userId, totalAmount, cartItems: [], ...deliveryFields() });
  const half = Math.floor(body.length / 2);
  const url = new URL(baseUrl);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: '/api/orders/create',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      authorization: `Bearer ${shopper.token}`,
    },
  });
  const response = new Promise<{ status: number; body: { order?: { id: string } } }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { order?: { id: string } } }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, half));
  request.flushHeaders();
  return { finish: () => request.end(body.slice(half)), response };
}

/**
 * Ways a closing server turns a new connection away without answering it: refused, or, when the
 * connection was accepted just as the listener closed, reset or closed before any answer.
 */
const TURNED_AWAY = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']);

/** Whether a new request is turned away: no answer (TURNED_AWAY), or 503 on a server that is closing. */
async function refusesNewRequests(baseUrl: string): Promise<'refused' | 503 | false> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.status === 503 ? 503 : false;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== undefined && TURNED_AWAY.has(code)) return 'refused';
    throw error;
  }
}

describe('graceful shutdown on SIGTERM', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-shutdown-'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses new requests, finishes the ones in flight, keeps their mails for the next start, closes the database and exits 0', async () => {
    const where = { dataDir, databaseUrl: database.databaseUrl };
    server = await startServerProcess(where);
    const running = server;

    const setup = openServerDatabase(where);
    const [productId] = await insertProducts(setup.db, [{ name: 'Shutdown Switch', pricePaisa: 150_000, stock: 10 }]);
    const shoppers: TestShopper[] = [];
    for (let i = 0; i < 3; i += 1) {
      const shopper = await makeShopperIn(setup.db, setup.sessions);
      const now = new Date().toISOString();
      await setup.db
        .insertInto('cart_items')
        .values({ user_id: shopper.userId, product_id: productId!, quantity: 1, created_at: now, updated_at: now })
        .execute();
      shoppers.push(shopper);
    }
    // The server must be the last one holding the database when it exits.
    await setup.close();

    const inFlight = shoppers.map((shopper) => slowCheckout(running.baseUrl, shopper, 1500));
    let settled = 0;
    for (const request of inFlight)
      void request.response.then(
        () => (settled += 1),
        () => (settled += 1),
      );
    // Wait until the server has taken all three in (it logs each request as it starts handling it).
    const started = () => running.output().match(/"url":"\/api\/orders\/create"[^\n]*"msg":"incoming request"/g)?.length ?? 0;
    const takenIn = Date.now() + 15_000;
    while (started() < 3 && Date.now() < takenIn) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started()).toBe(3);
    expect(settled).toBe(0);

    running.child.kill('SIGTERM');

    // New requests are turned away while the three are still waiting for their bodies.
    let refused: 'refused' | 503 | false = false;
    const deadline = Date.now() + 5000;
    while (!refused && Date.now() < deadline) {
      refused = await refusesNewRequests(running.baseUrl);
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(refused).toBeTruthy();
    expect(settled).toBe(0);
    expect(running.child.exitCode).toBeNull();

    // The requests in flight complete normally.
    for (const request of inFlight) request.finish();
    const results = await Promise.all(inFlight.map((request) => request.response));
    expect(results.map((result) => result.status)).toEqual([201, 201, 201]);
    const orderIds = results.map((result) => result.body.order!.id);

    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(running.output()).toContain('"msg":"shutting down"');

    if (!database.databaseUrl) {
      // SQLite closed cleanly: the write-ahead log was checkpointed into the database file and removed.
      expect(fs.existsSync(path.join(dataDir, 'pasal.sqlite-wal'))).toBe(false);
    }

    // The confirmations committed with their orders. Closing took no new job, so they wait in the
    // outbox, and the next start sends them (dev outbox: no SMTP configured, one file a mail).
    const queued = openServerDatabase(where);
    try {
      const jobs = await queued.db.selectFrom('jobs').select(['summary', 'status']).where('kind', '=', 'mail').execute();
      for (const id of orderIds) expect(jobs.filter((job) => job.summary.includes(formatOrderId(id)))).toHaveLength(1);
    } finally {
      await queued.close();
    }
    server = await startServerProcess(where);
    const outbox = path.join(dataDir, 'outbox');
    const mailsOf = () =>
      fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox, { withFileTypes: true })
            // Texts have a folder of their own (outbox/sms); the mails are the files.
            .filter((entry) => entry.isFile())
            .map((entry) => fs.readFileSync(path.join(outbox, entry.name), 'utf8'))
        : [];
    const delivered = Date.now() + 15_000;
    while (!orderIds.every((id) => mailsOf().some((mail) => mail.includes(id))) && Date.now() < delivered) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const id of orderIds)
      expect(mailsOf().filter((mail) => mail.includes(`Subject: Your Pasal order ${formatOrderId(id)}`))).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    const after = openServerDatabase(where);
    try {
      if (database.databaseUrl) {
        // PostgreSQL: the server's pool is gone; only this connection remains.
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
          after.db,
        );
        expect(rows[0]!.n).toBe(0);
      }
      const orders = await after.db.selectFrom('orders').select('id').execute();
      expect(orders.map((order) => order.id).sort()).toEqual([...orderIds].sort());
      const product = await after.db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId!)
        .executeTakeFirstOrThrow();
      expect(product.stock).toBe(7);
    } finally {
      await after.close();
    }
  }, 60_000);
});
