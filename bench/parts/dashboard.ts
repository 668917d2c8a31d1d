import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { createScratchDatabase } from '../../tests/helpers/processes.js';
import { INITIAL_PASSWORD_FILE } from '../../src/server/features/admin/bootstrap.js';
import { type Dashboard, addDays, nepalDay, nepalDayStart } from '../../src/shared/dashboard.js';
import { seedOrders } from '../lib/orders.js';
import { serverVersion } from '../lib/postgres.js';
import { cpuMsOf, removeTempDir, requestJson, startShop, tempDir } from '../lib/proc.js';
import { type Check, type PartReport, fmt, table } from '../lib/report.js';
import { runSeed } from '../lib/seed.js';

/**
 * The dashboard part: the built server on 100 000 orders of the last 365 days, over the
 * demo catalogue and 2 000 synthesized products (`npm run seed -- --products 2000`), the orders
 * bulk-inserted by bench/lib/orders.ts. GET /api/admin/dashboard is asked one request at a time
 * over a keep-alive connection with the admin's token, for today, the last 7, 30 and 365 days,
 * after a warm-up; latency as the client sees it. Target: p95 < 50 ms at 30 and at 365 days.
 * Before timing, the answer's figures for the 365 days are checked against the orders themselves.
 * With --postgres (dashboard-postgres): the same on PostgreSQL, a scratch database, vacuumed.
 */

/** BENCH_ORDERS shrinks the orders for a smoke run (then not written to the docs). */
export const DASHBOARD_ORDERS = Number(process.env.BENCH_ORDERS ?? '100000');
const PRODUCTS = 2_000;
const SHOPPERS = 20_000;
const WARMUP = 20;
const REQUESTS = 300;
const TARGET_P95_MS = 50;

const PERIODS = [
  { label: 'today', query: '?period=today', checked: false },
  { label: 'last 7 days', query: '?period=7d', checked: false },
  { label: 'last 30 days', query: '?period=30d', checked: true },
  { label: 'last 365 days', query: 'year', checked: true },
] as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The orders of Nepal days `from`–`to` and their revenue, counted from the orders table itself. */
const TRUTH_SQL = `select count(*) as n,
  coalesce(sum(case when payment_status = 'paid' or (payment_method = 'cod' and status = 'delivered') then total_paisa else 0 end), 0) as revenue
  from orders where created_at >= $1 and created_at < $2`;

async function truth(dataDir: string, databaseUrl: string | undefined, from: string, to: string) {
  const bounds = [nepalDayStart(from).toISOString(), nepalDayStart(addDays(to, 1)).toISOString()];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const row = (await client.query<{ n: string; revenue: string }>(TRUTH_SQL, bounds)).rows[0]!;
      return { orders: Number(row.n), revenuePaisa: Number(row.revenue) };
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(dataDir, 'pasal.sqlite'), { readonly: true });
  try {
    const row = db.prepare(TRUTH_SQL.replace('$1', '?').replace('$2', '?')).get(...bounds) as { n: number; revenue: number };
    return { orders: Number(row.n), revenuePaisa: Number(row.revenue) };
  } finally {
    db.close();
  }
}

export async function dashboardPart(appDir: string, options: { postgres?: string } = {}): Promise<PartReport> {
  const { postgres } = options;
  const part = postgres ? 'dashboard-postgres' : 'dashboard';
  const pgVersion = postgres ? await serverVersion(postgres) : undefined;
  const loadBefore = os.loadavg()[0]!;
  const dataDir = tempDir('dashboard');
  const database = postgres ? await createScratchDatabase(postgres, 'pasal_bench_dash') : undefined;
  const databaseUrl = database?.url;
  const extra: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  let shop: Awaited<ReturnType<typeof startShop>> | undefined;
  try {
    console.log(`\nDashboard on ${fmt.int(DASHBOARD_ORDERS)} orders${postgres ? ' (PostgreSQL)' : ''}: seeding…`);
    const catalogueSeconds = runSeed(appDir, dataDir, PRODUCTS, extra);
    const now = Date.now();
    const seeded = await seedOrders({ dataDir, databaseUrl }, { orders: DASHBOARD_ORDERS, shoppers: SHOPPERS, now });
    console.log(
      `  catalogue in ${catalogueSeconds.toFixed(0)} s; ${fmt.int(seeded.orders)} orders, ${fmt.int(seeded.lines)} lines, ${fmt.int(seeded.shoppers)} shoppers in ${seeded.seconds.toFixed(0)} s`,
    );
    shop = await startShop(appDir, dataDir, { SEED_DEMO: 'false', ...extra });
    const password = fs.readFileSync(path.join(dataDir, INITIAL_PASSWORD_FILE), 'utf8').trim();
    const login = await requestJson<{ token?: string }>(`${shop.url}/api/admin/login`, {
      method: 'POST',
      body: { username: 'admin', password },
    });
    if (!login.body.token) throw new Error(`admin login failed: ${login.status}`);
    const token = login.body.token;
    const today = nepalDay(Date.now());
    const yearFrom = addDays(today, -364);
    const url = (query: string) =>
      `${shop!.url}/api/admin/dashboard${query === 'year' ? `?from=${yearFrom}&to=${today}` : query}`;

    // The figures are the orders' own before they are timed.
    const year = await requestJson<Dashboard>(url('year'), { token });
    if (year.status !== 200) throw new Error(`the dashboard answered ${year.status}`);
    const expected = await truth(dataDir, databaseUrl, yearFrom, today);
    const answered = { orders: year.body.orders.total, revenuePaisa: Math.round(year.body.revenue.total * 100) };
    const figuresRight = answered.orders === expected.orders && answered.revenuePaisa === expected.revenuePaisa;
    console.log(
      `  365 days: ${fmt.int(answered.orders)} orders, revenue Rs ${fmt.int(answered.revenuePaisa / 100)}; from the orders: ${fmt.int(expected.orders)}, Rs ${fmt.int(expected.revenuePaisa / 100)}`,
    );

    const rows: (string | number)[][] = [];
    const checks: Check[] = [];
    let errors = 0;
    for (const period of PERIODS) {
      const times: number[] = [];
      let bytes = 0;
      const ask = async () => {
        const started = performance.now();
        const res = await fetch(url(period.query), { headers: { authorization: `Bearer ${token}` } });
        const body = await res.arrayBuffer();
        const ms = performance.now() - started;
        if (res.status !== 200) errors += 1;
        bytes = body.byteLength;
        return ms;
      };
      for (let i = 0; i < WARMUP; i += 1) await ask();
      const cpuBefore = cpuMsOf(shop.child.pid!);
      for (let i = 0; i < REQUESTS; i += 1) times.push(await ask());
      const cpuMs = (cpuMsOf(shop.child.pid!) - cpuBefore) / REQUESTS;
      times.sort((a, b) => a - b);
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
      console.log(`  ${period.label}: p50 ${fmt.ms(p50!)} ms, p95 ${fmt.ms(p95!)} ms, p99 ${fmt.ms(p99!)} ms`);
      rows.push([period.label, fmt.ms(p50!), fmt.ms(p95!), fmt.ms(p99!), fmt.ms(times.at(-1)!), cpuMs.toFixed(2), fmt.kb(bytes)]);
      if (period.checked) {
        checks.push({
          part,
          name: `dashboard p95, ${period.label} (${fmt.int(DASHBOARD_ORDERS)} orders)`,
          figure: `${fmt.ms(p95!)} ms`,
          target: `< ${TARGET_P95_MS} ms`,
          pass: p95! < TARGET_P95_MS,
        });
      }
    }
    checks.push({
      part,
      name: 'figures = the orders counted afresh; no errors',
      figure: `${figuresRight ? 'equal' : 'DIFFERENT'}, ${errors} errors`,
      target: 'equal, 0',
      pass: figuresRight && errors === 0,
    });
    const loadAfter = os.loadavg()[0]!;
    const markdown = [
      ...(pgVersion
        ? [`On ${pgVersion} (BENCH_DATABASE_URL's server), a scratch database, VACUUM (ANALYZE) after seeding.`, '']
        : []),
      `\`npm run seed -- --products ${PRODUCTS}\` (${catalogueSeconds.toFixed(0)} s), then ${fmt.int(seeded.orders)} orders with ${fmt.int(seeded.lines)} lines over the last 365 days and ${fmt.int(seeded.shoppers)} shoppers, bulk-inserted with the triggers of migration 019 on (${seeded.seconds.toFixed(0)} s). GET /api/admin/dashboard one request at a time (keep-alive, admin token), ${WARMUP} warm-up then ${REQUESTS} timed per period; latency as the client sees it; CPU is the server process's user + system time per request. Load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
      '',
      table(['period', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'CPU ms/req', 'KB'], rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r']),
    ].join('\n');
    return { part, title: postgres ? 'Dashboard on PostgreSQL' : 'Dashboard', markdown, checks };
  } finally {
    await shop?.stop();
    await database?.drop();
    removeTempDir(dataDir);
  }
}
