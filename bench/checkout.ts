/**
 * Checkouts per second on the embedded database (SQLite), through a real listening server.
 *
 *   npm run bench:checkout            (or: npx tsx bench/checkout.ts [--shoppers 200] [--connections 32] [--rounds 10])
 *
 * 200 verified shoppers, each with a fresh cart of 1-3 products (1-3 units each) per round, check
 * out at once over 32 keep-alive connections; carts are refilled between rounds (not timed).
 * The load generator is a separate process. The logger is off as in a quiet production setup, and
 * mail goes to a no-op mailer, so the figure is the checkout itself (token check, cart read, stock
 * decrement, order write, cart emptied).
 * At the end the stock must be exact: initial = remaining + units ordered, every order whole.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Mailer } from '../src/server/lib/mail.js';
import { newUserId } from '../src/server/features/accounts/user-ids.js';

const { values: args } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '200' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '10' },
    products: { type: 'string', default: '50' },
    // Every checkout uses a 10 % coupon without limits (its use still taken by the conditional update).
    coupon: { type: 'boolean', default: false },
  },
});
const SHOPPERS = Number(args.shoppers);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const PRODUCTS = Number(args.products);
const INITIAL_STOCK = 1_000_000;

const noMail: Mailer = { send: async () => undefined, close: () => undefined };

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-bench-checkout-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-checkout-secret-0123456789abcdefghijklmnop',
    // Each shopper orders once a round and nobody pays: the open-orders limit (3) would refuse round 3 on.
    MAX_OPEN_ORDERS: '1000',
  });
  const app = await buildApp({ config, logger: false, serveWeb: false, mailer: noMail });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const db = app.ctx.db;
    const now = new Date().toISOString();

    if (args.coupon) {
      await db
        .insertInto('coupons')
        .values({
          code: 'BENCH10',
          type: 'percent',
          value: 10,
          min_subtotal_paisa: null,
          max_discount_paisa: null,
          starts_at: null,
          ends_at: null,
          usage_limit: null,
          per_customer_limit: null,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // Catalogue: half the products track stock, half do not.
    const category = await db
      .insertInto('categories')
      .values({ name: 'Bench', name_key: 'bench', created_at: now, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const products = await db
      .insertInto('products')
      .values(
        Array.from({ length: PRODUCTS }, (_, i) => ({
          name: `Bench Product ${i}`,
          name_sort: `bench product ${i}`,
          description: 'Benchmark product',
          price_paisa: 10_000 + ((i * 7919) % 500_000),
          category_id: category.id,
          sub_category_id: null,
          child_category_id: null,
          is_featured: 0,
          stock: i % 2 === 0 ? INITIAL_STOCK : null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })),
      )
      .returning(['id', 'price_paisa', 'stock'])
      .execute();

    const shoppers: { id: number; token: string }[] = [];
    for (let i = 0; i < SHOPPERS; i += 1) {
      const user = await db
        .insertInto('users')
        .values({
          id: newUserId(),
          first_name: 'Bench',
          last_name: `Shopper${i}`,
          email: `bench${i}@example.com`,
          phone_number: `98${String(i).padStart(8, '0')}`,
          password_hash: 'unused',
          email_verified: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      shoppers.push({ id: user.id, token: await app.ctx.sessions.start('user', user.id) });
    }

    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const client = new LoadClient(port, CONNECTIONS);
    const ordered = new Map<number, number>();
    const latencies: number[] = [];
    let timedMs = 0;
    let timedCount = 0;
    let created = 0;
    let failed = 0;

    let cpuMs = 0;
    // Round 0 warms the JIT up and is not counted.
    for (let round = 0; round <= ROUNDS; round += 1) {
      // Fresh carts (not timed).
      const jobs: Job[] = [];
      const lines: { user_id: number; product_id: number; quantity: number; created_at: string; updated_at: string }[] = [];
      for (const shopper of shoppers) {
        const picked = new Set<number>();
        const count = 1 + random(3);
        while (picked.size < count) picked.add(random(PRODUCTS));
        let total = 0;
        for (const index of picked) {
          const product = products[index]!;
          const quantity = 1 + random(3);
          total += Number(product.price_paisa) * quantity;
          lines.push({ user_id: shopper.id, product_id: product.id, quantity, created_at: now, updated_at: now });
          if (product.stock !== null) ordered.set(product.id, (ordered.get(product.id) ?? 0) + quantity);
        }
        // With the coupon, the items' sum after its 10 % (rounded down to the paisa), as the server works it out.
        const discount = args.coupon ? Math.floor((total * 10) / 100) : 0;
        jobs.push({ userId: shopper.id, token: shopper.token, totalAmount: (total - discount) / 100, coupon: args.coupon });
      }
      await db.insertInto('cart_items').values(lines).execute();

      const before = process.cpuUsage();
      const result = await client.run(jobs);
      const used = process.cpuUsage(before);
      created += result.statuses.filter((status) => status === 201).length;
      failed += result.statuses.filter((status) => status !== 201).length;
      const label = round === 0 ? 'warm-up' : `round ${round}`;
      console.log(
        `${label}: ${jobs.length} checkouts in ${result.elapsedMs.toFixed(0)} ms (${((jobs.length / result.elapsedMs) * 1000).toFixed(0)}/s)`,
      );
      if (round === 0) continue;
      timedMs += result.elapsedMs;
      timedCount += jobs.length;
      cpuMs += (used.user + used.system) / 1000;
      latencies.push(...result.latencies);
    }
    await client.close();

    // Stock must be exact and every order whole.
    const problems: string[] = [];
    const stocks = await db.selectFrom('products').select(['id', 'stock']).execute();
    for (const row of stocks) {
      if (row.stock === null) continue;
      const expected = INITIAL_STOCK - (ordered.get(row.id) ?? 0);
      if (row.stock !== expected) problems.push(`product ${row.id}: stock ${row.stock}, expected ${expected}`);
    }
    const wholeness = await db
      .selectFrom('orders as o')
      .leftJoin('order_items as i', 'i.order_id', 'o.id')
      .select((eb) => [
        'o.id',
        'o.total_paisa',
        'o.subtotal_paisa',
        'o.discount_paisa',
        'o.delivery_fee_paisa',
        eb.fn.count<number>('i.id').as('lines'),
        eb.fn.sum<number>(eb('i.unit_price_paisa', '*', eb.ref('i.quantity'))).as('sum'),
      ])
      .groupBy(['o.id', 'o.total_paisa', 'o.subtotal_paisa', 'o.discount_paisa', 'o.delivery_fee_paisa'])
      .execute();
    for (const row of wholeness) {
      // The lines make the subtotal; the total adds the delivery charge.
      const whole =
        Number(row.lines) > 0 &&
        Number(row.sum) === Number(row.subtotal_paisa) &&
        Number(row.subtotal_paisa) - Number(row.discount_paisa) + Number(row.delivery_fee_paisa) === Number(row.total_paisa);
      if (!whole) problems.push(`order ${row.id} is not whole`);
    }
    const cartLeft = await db
      .selectFrom('cart_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(cartLeft.n) !== 0) problems.push(`${cartLeft.n} cart lines left`);
    if (wholeness.length !== created) problems.push(`${wholeness.length} orders stored, ${created} answered 201`);

    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
    const rate = (timedCount / timedMs) * 1000;
    const cpuPerCheckout = cpuMs / timedCount;
    console.log('');
    console.log(
      `checkout on SQLite: ${created} orders (${failed} failed) by ${SHOPPERS} shoppers over ${CONNECTIONS} connections, ${ROUNDS} timed rounds + warm-up`,
    );
    console.log(`  ${rate.toFixed(0)} checkouts/s   latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms`);
    console.log(
      `  server process CPU ${cpuPerCheckout.toFixed(2)} ms per checkout (about ${(1000 / cpuPerCheckout).toFixed(0)}/s with a core to itself; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
    );
    console.log(`  stock exact and every order whole: ${problems.length === 0 ? 'yes' : 'NO'}`);
    for (const problem of problems.slice(0, 10)) console.log(`  ! ${problem}`);
    if (problems.length > 0 || failed > 0) process.exitCode = 1;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Job {
  userId: number;
  token: string;
  totalAmount: number;
  coupon: boolean;
}

/**
 * The load generator runs in its own process, as real clients would, so the server's CPU time
 * (process.cpuUsage of this process) is the server's alone.
 */
class LoadClient {
  private readonly child: ChildProcess;

  constructor(port: number, connections: number) {
    this.child = spawn(process.execPath, ['-e', CLIENT_SOURCE, String(port), String(connections)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }

  run(jobs: Job[]): Promise<{ elapsedMs: number; latencies: number[]; statuses: number[] }> {
    return new Promise((resolve, reject) => {
      const onMessage = (result: unknown) => {
        this.child.off('exit', onExit);
        resolve(result as { elapsedMs: number; latencies: number[]; statuses: number[] });
      };
      const onExit = (code: number | null) => {
        this.child.off('message', onMessage);
        reject(new Error(`the load generator exited (${code})`));
      };
      this.child.once('message', onMessage);
      this.child.once('exit', onExit);
      this.child.send(jobs);
    });
  }

  async close(): Promise<void> {
    this.child.disconnect();
    if (this.child.exitCode === null) await new Promise((resolve) => this.child.once('exit', resolve));
  }
}

const CLIENT_SOURCE = `
const http = require('node:http');
const port = Number(process.argv[1]);
const connections = Number(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const address = { fullName: 'Bench Shopper', phone: '9841000000', province: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu', address: 'New Road 1', paymentMethod: 'cod' };
function post(job) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ userId: job.userId, totalAmount: job.totalAmount, cartItems: [], ...(job.coupon ? { couponCode: 'BENCH10' } : {}), ...address });
    const req = http.request({ host: '127.0.0.1', port, path: '/api/orders/create', method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer ' + job.token } },
      (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
    req.on('error', reject);
    req.end(body);
  });
}
process.on('message', async (jobs) => {
  const latencies = [];
  const statuses = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const t0 = performance.now();
      statuses.push(await post(job));
      latencies.push(performance.now() - t0);
    }
  }));
  process.send({ elapsedMs: performance.now() - started, latencies, statuses });
});
`;

await main();
