/**
 * The two-filter facets request on a kept catalogue, for profiling and A/B (bench/catalog.ts seeds
 * afresh every run; this keeps its database between runs).
 *
 *   npx tsx bench/facets-profile.ts --dir /tmp/x [--database postgres://…/db] [--products 100000] [--requests 200]
 *
 * The first run seeds the catalogue as bench/catalog.ts does (demo catalogue, grown to --products,
 * Laptops' brands and values from bench/lib/facets.ts); later runs reuse it. Each request bumps the
 * catalogue version first (not timed), so no cache answers it; it prints p50/p95/p99 of the whole
 * request (app.inject) per URL kind.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import * as q from '../src/server/features/catalog/queries.js';
import { pick, random, seedBulkCatalogue } from '../src/server/features/catalog/seed/bulk.js';
import { DEMO_BRANDS } from '../src/server/features/catalog/seed/demo-specs.js';
import type { Mailer } from '../src/server/lib/mail.js';
import { BENCH_RAM, addFacetData } from './lib/facets.js';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    database: { type: 'string' },
    products: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
  },
});
if (!args.dir) throw new Error('--dir is required');
fs.mkdirSync(args.dir, { recursive: true });
const noMail: Mailer = { send: async () => undefined, close: () => undefined };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: args.dir!,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-catalog-secret-0123456789abcdefghijklmnop',
    ...(args.database ? { DATABASE_URL: args.database } : {}),
  });
  const app = await buildApp({ config, logger: false, serveWeb: false, mailer: noMail });
  const ctx = app.ctx;
  const live = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from products where deleted_at is null`.execute(ctx.db)).rows[0]!.n);
  const target = Number(args.products);
  if ((await live()) < target) {
    const quiet = { progress: (line: string) => console.log(`  ${line}`) };
    if ((await live()) === 0) await seedBulkCatalogue(ctx, { products: 0, demoMaxImagesPerProduct: 1 }, quiet);
    const small = Math.min(1000, target);
    if ((await live()) < small) await seedBulkCatalogue(ctx, { products: small - (await live()), seed: 1, batchSize: 5_000 }, quiet);
    if ((await live()) < target) await seedBulkCatalogue(ctx, { products: target - (await live()), seed: 2, batchSize: 5_000 }, quiet);
    await addFacetData(ctx.db);
    if (ctx.dialect === 'postgres') {
      await sql`vacuum (analyze) products, product_images, product_name_words, product_specs, brand_counts, spec_value_counts, spec_brand_counts`.execute(ctx.db);
    }
  }
  console.log(`${ctx.dialect}: ${await live()} live products, load ${os.loadavg()[0]!.toFixed(2)}`);
  const kinds: Record<string, (rand: () => number) => string> = {
    'category': () => `/api/products?category=Laptops&facets=1&page=1&pageSize=24`,
    '2 filters': (rand) =>
      `/api/products?category=Laptops&brand=${encodeURIComponent(pick(DEMO_BRANDS, rand))}&spec.RAM=${encodeURIComponent(pick(BENCH_RAM, rand))}&facets=1&page=1&pageSize=24`,
  };
  const n = Number(args.requests);
  for (const [name, url] of Object.entries(kinds)) {
    const rand = random(42);
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < n + 20; i += 1) {
      await q.bumpCatalogVersion(ctx.db);
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const response = await app.inject({ method: 'GET', url: url(rand) });
      const took = performance.now() - started;
      const used = process.cpuUsage(cpuStarted);
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
      if (i >= 20) {
        times.push(took);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    // Under load the wall time is mostly waiting for a core; this process's CPU time is what the request costs
    // (PostgreSQL's own work is not in it).
    const f = (xs: number[]) => [50, 95, 99].map((p) => percentile(xs, p).toFixed(2)).join(' / ');
    console.log(`  ${name.padEnd(10)} wall p50/p95/p99 ${f(times)} ms, cpu ${f(cpu)} ms (load ${os.loadavg()[0]!.toFixed(2)})`);
  }
  await app.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
