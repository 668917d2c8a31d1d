/**
 * Catalogue scale: server time of the storefront's list pages and of a product page, on a
 * 1 000-product catalogue and again after growing it to 100 000 products.
 *
 *   npm run bench:catalog                       (or: npx tsx bench/catalog.ts [--requests 500] [--warmup 50]
 *                                                 [--small 1000] [--large 100000] [--postgres-only])
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:catalog
 *                                               (SQLite, then PostgreSQL in a fresh database, dropped after)
 *
 * The app is built in this process (buildApp, temp DATA_DIR, logger off, no demo seeding, no web)
 * and listens on a free port; requests are sent one at a time over a keep-alive connection with
 * browser-like Accept-Encoding, so nothing queues. "Server time" is Fastify's own onRequest →
 * onResponse interval (process.hrtime.bigint(), hooks added here, not in app code).
 *
 * Catalogues are built with the core of `npm run seed -- --products N` (seedBulkCatalogue): the
 * demo catalogue, then synthesized products up to 1 000; a second database the same way, then
 * grown to 100 000. Both apps run side by side and are measured in alternation (one request to
 * the 1 000-product app, one to the 100 000-product app, …): the machine is shared, and load from
 * elsewhere that came and went between a "1 000 phase" and a "100 000 phase" would otherwise show
 * up as a ratio that has nothing to do with catalogue size. On PostgreSQL the seeded tables get
 * VACUUM (ANALYZE), as autovacuum would give them soon after a bulk load.
 *
 * Endpoints, as the storefront asks them (paged, 24 a page, see src/web/features/catalog/filters.ts):
 *   filter: category     ?category=…                                  (names from the tree, pages 1-3)
 *   filter: subcategory  ?category=…&subcategory=…
 *   filter: child        ?category=…&subcategory=…&childcategory=…
 *   filter: checkboxes   ?categories=a,b                              (category or child category names)
 *   search               ?q=…&sort=relevance                          (1-2 words of product names)
 *   sorted               ?sort=price_asc|price_desc|name&page=1..40
 *   price range          ?minPrice=…&maxPrice=…                       (the shop's price bands, newest or by price)
 *   product              /api/products/:id                            (random live ids)
 *   facets: category     ?category=Laptops&facets=1                   (the facets' stored counts; target 20 ms)
 *   facets: 2 filters    ?category=Laptops&brand=…&spec.RAM=…&facets=1 (two facets chosen; target 20 ms)
 * Laptops' brands and values are added to both catalogues by bench/lib/facets.ts.
 * Each is measured twice:
 *   uncached  varied URLs, and the catalogue version bumped (outside the timed interval) before
 *             each request, so neither the answer cache nor the page/count caches hold anything:
 *             every request runs its SQL;
 *   cached    one URL repeated (served from the answer cache kept per catalogue version).
 * Targets: p95 < 10 ms, and p95 at 100 000 within 1.5× of p95 at 1 000. The script reports; it
 * exits 0 whether targets pass or not (non-zero only when something errors).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import * as q from '../src/server/features/catalog/queries.js';
import { pick, random, seedBulkCatalogue } from '../src/server/features/catalog/seed/bulk.js';
import { PRICE_RANGES } from '../src/server/features/catalog/seed/demo-data.js';
import type { Mailer } from '../src/server/lib/mail.js';
import type { Category } from '../src/shared/catalog.js';
import { createScratchDatabase } from '../tests/helpers/processes.js';
import { BENCH_RAM, addFacetData } from './lib/facets.js';
import { DEMO_BRANDS } from '../src/server/features/catalog/seed/demo-specs.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '50' },
    small: { type: 'string', default: '1000' },
    large: { type: 'string', default: '100000' },
    /** Skip SQLite (only PostgreSQL, with BENCH_DATABASE_URL). */
    'postgres-only': { type: 'boolean', default: false },
    /** Only the endpoints whose names begin with one of these (comma separated), e.g. "filter: category,facets". */
    only: { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const SMALL = Number(args.small);
const LARGE = Number(args.large);
const PAGE_SIZE = 24;
const TARGET_P95_MS = 10;
const TARGET_RATIO = 1.5;

const noMail: Mailer = { send: async () => undefined, close: () => undefined };

// ---------------------------------------------------------------------------------------------
// Small helpers

const int = (rand: () => number, low: number, high: number) => low + Math.floor(rand() * (high - low + 1));

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
}

function stats(samplesMs: number[]): Stats {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

const ms = (n: number) => (Number.isNaN(n) ? '-' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

function table(headers: string[], rows: string[][]): string {
  const cells = [headers, ...rows];
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** A category name as a shopper or link might write it: as stored, lower case, or hyphenated. */
function nameVariant(name: string, rand: () => number): string {
  const r = rand();
  if (r < 0.5) return name;
  if (r < 0.75) return name.toLowerCase();
  return name.toLowerCase().replace(/\s+/g, '-');
}

// ---------------------------------------------------------------------------------------------
// The server under test

interface Bench {
  label: string;
  app: FastifyInstance;
  base: string;
  /** Server time of the request sent with this x-bench-id, in ms. */
  timings: Map<string, number>;
  close(): Promise<void>;
}

async function startBench(label: string, postgresBaseUrl?: string): Promise<Bench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-bench-catalog-'));
  const database = postgresBaseUrl ? await createScratchDatabase(postgresBaseUrl, 'pasal_bench') : undefined;
  let app: FastifyInstance | undefined;
  const cleanup = async () => {
    if (app) await app.close();
    if (database) await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JWT_SECRET: 'bench-catalog-secret-0123456789abcdefghijklmnop',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    app = await buildApp({ config, logger: false, serveWeb: false, mailer: noMail });
    const timings = new Map<string, number>();
    const started = new WeakMap<object, bigint>();
    app.addHook('onRequest', async (request) => {
      started.set(request, process.hrtime.bigint());
    });
    app.addHook('onResponse', async (request) => {
      const start = started.get(request);
      const id = request.headers['x-bench-id'];
      if (start !== undefined && typeof id === 'string') timings.set(id, Number(process.hrtime.bigint() - start) / 1e6);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    return { label, app, base: `http://127.0.0.1:${port}`, timings, close: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function liveCount(app: FastifyInstance): Promise<number> {
  const row = await app.ctx.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Grows the catalogue to `target` live products with the seed core (the demo catalogue first when empty). */
async function growTo(bench: Bench, target: number, seed: number): Promise<void> {
  const started = performance.now();
  const ctx = bench.app.ctx;
  const quiet = { progress: () => undefined };
  if ((await liveCount(bench.app)) === 0) await seedBulkCatalogue(ctx, { products: 0, demoMaxImagesPerProduct: 1 }, quiet);
  const missing = target - (await liveCount(bench.app));
  const grown = missing > 0;
  if (missing > 0) {
    let last = 0;
    await seedBulkCatalogue(
      ctx,
      { products: missing, seed, batchSize: 5_000 },
      {
        progress: (line) => {
          if (performance.now() - last > 15_000) {
            last = performance.now();
            console.log(`    ${line}`);
          }
        },
      },
    );
  }
  if (grown || target === SMALL) await addFacetData(ctx.db);
  if (ctx.dialect === 'postgres') {
    // What autovacuum does shortly after a bulk load: planner statistics and the visibility map
    // (without it PostgreSQL's index-only scans still visit the table), also of the names' words
    // (migration 021), which search reads from the index alone.
    await sql`vacuum (analyze) products, product_images, product_name_words, product_specs, brand_counts, spec_value_counts, spec_brand_counts`.execute(
      ctx.db,
    );
  }
  const live = await liveCount(bench.app);
  console.log(
    `  [${bench.label}] catalogue: ${live.toLocaleString('en-US')} live products (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

const HEADERS = { 'accept-encoding': 'br, gzip, deflate', accept: 'application/json' };
let nextId = 0;

/** Sends one GET and returns its server time (ms). Throws on anything but 200. */
async function timedGet(bench: Bench, url: string): Promise<number> {
  const id = String((nextId += 1));
  const response = await fetch(bench.base + url, { headers: { ...HEADERS, 'x-bench-id': id } });
  const body = await response.arrayBuffer();
  if (response.status !== 200) {
    throw new Error(`GET ${url} → ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  }
  // onResponse runs on the response's 'finish'; it may come just after the client has the body.
  for (let tries = 0; !bench.timings.has(id) && tries < 100; tries += 1) await new Promise((resolve) => setImmediate(resolve));
  const time = bench.timings.get(id);
  if (time === undefined) throw new Error(`no server timing for GET ${url}`);
  bench.timings.delete(id);
  return time;
}

interface Catalogue {
  tree: Category[];
  ids: number[];
  words: string[];
}

async function readCatalogue(bench: Bench): Promise<Catalogue> {
  const response = await fetch(`${bench.base}/api/category`);
  const tree = (await response.json()) as Category[];
  const db = bench.app.ctx.db;
  const rows = await db.selectFrom('products').select(['id', 'name']).where('deleted_at', 'is', null).execute();
  const ids = rows.map((row) => Number(row.id));
  // Words of product names (letters only, 3+ characters), as a shopper would type them.
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const word of row.name.match(/\p{L}{3,}/gu) ?? [])
      counts.set(word.toLowerCase(), (counts.get(word.toLowerCase()) ?? 0) + 1);
  }
  const words = [...counts.keys()].sort();
  return { tree, ids, words };
}

interface Endpoint {
  name: string;
  /** Its p95 target in ms, when not TARGET_P95_MS. */
  targetMs?: number;
  /** A new URL of this kind (the pseudo-random generator makes the sequence repeatable). */
  url(rand: () => number): string;
}

function endpoints(catalogue: Catalogue): Endpoint[] {
  const { tree, ids, words } = catalogue;
  const subs = tree.flatMap((category) => category.subCategories.map((sub) => ({ category, sub })));
  const children = subs.flatMap(({ category, sub }) => sub.childCategories.map((child) => ({ category, sub, child })));
  const checkboxNames = [...tree.map((category) => category.name), ...children.map(({ child }) => child.name)];
  const paged = (params: [string, string][], sort: string, page: number) =>
    `/api/products?${new URLSearchParams([...params, ['sort', sort], ['page', String(page)], ['pageSize', String(PAGE_SIZE)]]).toString()}`;
  const firstPages = (rand: () => number) => (rand() < 0.7 ? 1 : int(rand, 2, 3));
  const all: Endpoint[] = [
    {
      name: 'filter: category',
      url: (rand) => paged([['category', nameVariant(pick(tree, rand).name, rand)]], 'newest', firstPages(rand)),
    },
    {
      name: 'filter: subcategory',
      url: (rand) => {
        const { category, sub } = pick(subs, rand);
        return paged(
          [
            ['category', nameVariant(category.name, rand)],
            ['subcategory', nameVariant(sub.name, rand)],
          ],
          'newest',
          firstPages(rand),
        );
      },
    },
    {
      name: 'filter: child category',
      url: (rand) => {
        const { category, sub, child } = pick(children, rand);
        return paged(
          [
            ['category', nameVariant(category.name, rand)],
            ['subcategory', nameVariant(sub.name, rand)],
            ['childcategory', nameVariant(child.name, rand)],
          ],
          'newest',
          firstPages(rand),
        );
      },
    },
    {
      name: 'filter: checkboxes',
      url: (rand) => {
        const names = new Set<string>();
        const wanted = int(rand, 1, 3);
        while (names.size < wanted) names.add(pick(checkboxNames, rand));
        return paged([['categories', [...names].join(',')]], 'newest', firstPages(rand));
      },
    },
    {
      name: 'search',
      url: (rand) => {
        const terms = rand() < 0.6 ? [pick(words, rand)] : [pick(words, rand), pick(words, rand)];
        return paged([['q', terms.join(' ')]], 'relevance', rand() < 0.8 ? 1 : 2);
      },
    },
    {
      name: 'sorted',
      url: (rand) => paged([], pick(['price_asc', 'price_desc', 'name'], rand), int(rand, 1, 40)),
    },
    {
      name: 'price range',
      url: (rand) => {
        const [min, max] = pick(PRICE_RANGES, rand);
        return paged(
          [
            ['minPrice', String(min)],
            ['maxPrice', String(max)],
          ],
          pick(['newest', 'newest', 'price_asc', 'price_desc'], rand),
          firstPages(rand),
        );
      },
    },
    { name: 'product', url: (rand) => `/api/products/${pick(ids, rand)}` },
    {
      name: 'facets: category',
      targetMs: 20,
      url: (rand) => `${paged([['category', nameVariant('Laptops', rand)]], 'newest', firstPages(rand))}&facets=1`,
    },
    {
      name: 'facets: 2 filters',
      targetMs: 20,
      url: (rand) =>
        `${paged(
          [
            ['category', 'Laptops'],
            ['brand', pick(DEMO_BRANDS, rand)],
            ['spec.RAM', pick(BENCH_RAM, rand)],
          ],
          'newest',
          1,
        )}&facets=1`,
    },
  ];
  return all.filter((endpoint) => !args.only || args.only.split(',').some((prefix) => endpoint.name.startsWith(prefix)));
}

interface Row {
  endpoint: string;
  targetMs?: number | undefined;
  mode: 'uncached' | 'cached';
  small: Stats;
  large: Stats;
  example: string;
}

/** One request of each catalogue in turn, so load from elsewhere on the machine falls on both alike. */
async function measure(small: Bench, large: Bench): Promise<Row[]> {
  const catalogues = [await readCatalogue(small), await readCatalogue(large)] as const;
  for (const [bench, catalogue] of [
    [small, catalogues[0]],
    [large, catalogues[1]],
  ] as const) {
    console.log(
      `  [${bench.label}] ${catalogue.tree.length} categories, ${catalogue.ids.length.toLocaleString('en-US')} products, ${catalogue.words.length} distinct name words`,
    );
  }
  const kinds = [endpoints(catalogues[0]), endpoints(catalogues[1])] as const;
  const benches = [small, large] as const;
  const rows: Row[] = [];
  for (let e = 0; e < kinds[0].length; e += 1) {
    const [first, second] = [kinds[0][e], kinds[1][e]];
    if (!first || !second) throw new Error('endpoint lists out of step');
    const pair = [first, second] as const;
    const name = pair[0].name;
    // Uncached: a new catalogue version before every request (not timed) and varied URLs.
    const rands = [random(0xc0ffee + e), random(0xc0ffee + e)] as const;
    const uncached: [number[], number[]] = [[], []];
    for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
      for (const s of [0, 1] as const) {
        await q.bumpCatalogVersion(benches[s].app.ctx.db);
        const time = await timedGet(benches[s], pair[s].url(rands[s]));
        if (i >= WARMUP) uncached[s].push(time);
      }
    }
    // Cached: one URL, repeated.
    const urls = [pair[0].url(random(7)), pair[1].url(random(7))] as const;
    const cached: [number[], number[]] = [[], []];
    for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
      for (const s of [0, 1] as const) {
        const time = await timedGet(benches[s], urls[s]);
        if (i >= WARMUP) cached[s].push(time);
      }
    }
    const u = {
      endpoint: name,
      targetMs: pair[0].targetMs,
      mode: 'uncached' as const,
      small: stats(uncached[0]),
      large: stats(uncached[1]),
      example: urls[1],
    };
    const c = {
      endpoint: name,
      targetMs: pair[0].targetMs,
      mode: 'cached' as const,
      small: stats(cached[0]),
      large: stats(cached[1]),
      example: urls[1],
    };
    rows.push(u, c);
    const f = (x: Stats) => `${ms(x.p50)}/${ms(x.p95)}/${ms(x.p99)}`;
    console.log(
      `    ${name.padEnd(22)} uncached ${f(u.small)} → ${f(u.large)} ms   cached ${f(c.small)} → ${f(c.large)} ms   e.g. ${urls[1]}`,
    );
  }
  return rows;
}

function report(label: string, rows: Row[]): { markdown: string; pass: number; fail: number } {
  let pass = 0;
  let fail = 0;
  const lines = rows.map((row) => {
    const ratio = row.large.p95 / row.small.p95;
    const target = row.targetMs ?? TARGET_P95_MS;
    const underTarget = row.large.p95 < target && row.small.p95 < target;
    const flat = ratio <= TARGET_RATIO;
    for (const ok of [underTarget, flat]) {
      if (ok) pass += 1;
      else fail += 1;
    }
    return [
      row.endpoint,
      row.mode,
      ms(row.small.p50),
      ms(row.small.p95),
      ms(row.small.p99),
      ms(row.large.p50),
      ms(row.large.p95),
      ms(row.large.p99),
      ratio.toFixed(2),
      underTarget ? 'PASS' : `FAIL${target === TARGET_P95_MS ? '' : ` (< ${target})`}`,
      flat ? 'PASS' : 'FAIL',
    ];
  });
  const sizes = [SMALL, LARGE].map((n) => (n >= 1000 ? `${n / 1000}k` : String(n)));
  const markdown = [
    `${label}: server time per request in ms (onRequest → onResponse), ${REQUESTS} measured requests per row and size after ${WARMUP} warm-up`,
    '',
    table(
      [
        'endpoint',
        'mode',
        `${sizes[0]} p50`,
        `${sizes[0]} p95`,
        `${sizes[0]} p99`,
        `${sizes[1]} p50`,
        `${sizes[1]} p95`,
        `${sizes[1]} p99`,
        'p95 ratio',
        `p95 < ${TARGET_P95_MS} ms`,
        `ratio ≤ ${TARGET_RATIO}`,
      ],
      lines,
    ),
  ].join('\n');
  return { markdown, pass, fail };
}

async function runOn(label: string, postgresBaseUrl?: string): Promise<string> {
  const small = await startBench(`${label} ${SMALL.toLocaleString('en-US')}`, postgresBaseUrl);
  try {
    const large = await startBench(`${label} ${LARGE.toLocaleString('en-US')}`, postgresBaseUrl);
    try {
      await growTo(small, SMALL, 1);
      // The large catalogue: the same 1 000 first, then grown with the seed core.
      await growTo(large, SMALL, 1);
      await growTo(large, LARGE, 2);
      const rows = await measure(small, large);
      const { markdown, pass, fail } = report(label, rows);
      console.log(`\n${markdown}\n\n  ${pass} checks pass, ${fail} fail\n`);
      return markdown;
    } finally {
      await large.close();
    }
  } finally {
    await small.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const cpus = os.cpus();
  console.log(
    `bench/catalog: ${cpus[0]?.model.trim() ?? 'CPU'} × ${cpus.length}, Node ${process.version}, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  console.log(
    'uncached = varied URLs with the catalogue version bumped before each request (no answer, page or count cache); cached = one URL repeated\n',
  );
  const outputs = args['postgres-only'] ? [] : [await runOn('SQLite')];
  const postgres = process.env.BENCH_DATABASE_URL;
  if (postgres) outputs.push(await runOn('PostgreSQL', postgres));
  else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL to run it too)');
  console.log(
    `\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${os.loadavg()[0]?.toFixed(2) ?? '?'}`,
  );
  void outputs;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
