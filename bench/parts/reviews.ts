import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REVIEWS_PAGE_SIZE, type ReviewSort } from '../../src/shared/reviews.js';
import { createScratchDatabase } from '../../tests/helpers/processes.js';
import { type Figures, type Run, type Scenario, measure, targetOf } from '../lib/load.js';
import { catalogFactsPostgres, seedPostgres, serverVersion, withClient } from '../lib/postgres.js';
import { type ServerProcess, removeTempDir, startShop, tempDir } from '../lib/proc.js';
import { type Check, type PartReport, fmt, table } from '../lib/report.js';
import { catalogFacts, seedProducts } from '../lib/seed.js';
import { pathPages, scenarios } from './api.js';

/**
 * The reviews part (`npm run bench -- reviews [--postgres]`): two shops on the same catalogue of
 * BENCH_PRODUCTS products (default 100 000), one without reviews and one with BENCH_REVIEWS
 * (default 1 000 000, `npm run seed -- --reviews`). The list rows run on both in mirrored rounds
 * (ratings on the cards should cost nothing); then a product's reviews page, each sort, page 1 and
 * its last page, on the most reviewed product and on random reviewed ones, one request at a time
 * (latency as a shopper sees it, p50 / p95 / p99).
 */

export const REVIEWS_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? '100000');
export const REVIEWS_COUNT = Number(process.env.BENCH_REVIEWS ?? '1000000');
/** Timed requests per reviews row, after a tenth as many to warm up. */
const REQUESTS = Number(process.env.BENCH_REVIEW_REQUESTS ?? '400');
const SORTS: ReviewSort[] = ['newest', 'helpful', 'rating'];
const TOP_QUERY = 'select id, rating_count as n from products where deleted_at is null order by rating_count desc limit 1';
const RANDOM_QUERY =
  'select id, rating_count as n from products where deleted_at is null and rating_count > 0 order by random() limit 500';

interface Shop {
  label: string;
  dataDir: string;
  app: ServerProcess;
  seconds: number;
  stop(): Promise<void>;
}

async function shop(
  appDir: string,
  label: string,
  reviews: number,
  postgres: string | undefined,
): Promise<Shop & { databaseUrl?: string }> {
  const dataDir = tempDir(`reviews-${label}`);
  const database = postgres ? await createScratchDatabase(postgres, 'pasal_bench_reviews') : undefined;
  let app: ServerProcess | undefined;
  const stop = async () => {
    await app?.stop();
    await database?.drop();
    removeTempDir(dataDir);
  };
  try {
    console.log(`\nReviews part, ${label}: seeding ${fmt.int(REVIEWS_PRODUCTS)} products and ${fmt.int(reviews)} reviews…`);
    const seeded = database
      ? await seedPostgres(appDir, dataDir, database.url, REVIEWS_PRODUCTS, reviews)
      : seedProducts(appDir, dataDir, REVIEWS_PRODUCTS, reviews);
    console.log(`  seeded in ${seeded.seconds.toFixed(0)} s`);
    app = await startShop(appDir, dataDir, { SEED_DEMO: 'false', ...(database ? { DATABASE_URL: database.url } : {}) });
    return { label, dataDir, app, seconds: seeded.seconds, stop, ...(database ? { databaseUrl: database.url } : {}) };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Rows of one of the read queries above, from the shop's database. */
async function rowsOf(target: { dataDir: string; databaseUrl?: string }, query: string): Promise<{ id: number; n: number }[]> {
  const raw = target.databaseUrl
    ? await withClient(target.databaseUrl, async (client) => (await client.query<{ id: number; n: number }>(query)).rows)
    : (() => {
        const db = new Database(path.join(target.dataDir, 'pasal.sqlite'), { readonly: true, fileMustExist: true });
        try {
          return db.prepare(query).all() as { id: number; n: number }[];
        } finally {
          db.close();
        }
      })();
  return raw.map((row) => ({ id: Number(row.id), n: Number(row.n) }));
}

const lastPage = (count: number) => Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** `count` requests one after another (after a warm-up); answers p50 / p95 / p99 in ms and any non-200. */
async function latency(
  baseUrl: string,
  next: () => string,
  count: number,
): Promise<{ p50: number; p95: number; p99: number; bad: number }> {
  const one = async () => {
    const started = performance.now();
    const response = await fetch(baseUrl + next());
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.status === 200 };
  };
  for (let i = 0; i < Math.ceil(count / 10); i += 1) await one();
  const times: number[] = [];
  let bad = 0;
  for (let i = 0; i < count; i += 1) {
    const { ms, ok } = await one();
    times.push(ms);
    if (!ok) bad += 1;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), bad };
}

export async function reviewsPart(appDir: string, seconds: number, options: { postgres?: string } = {}): Promise<PartReport> {
  const { postgres } = options;
  const part = postgres ? 'reviews-postgres' : 'reviews';
  const pgVersion = postgres ? await serverVersion(postgres) : undefined;
  const loadBefore = os.loadavg()[0]!;
  const without = await shop(appDir, 'without reviews', 0, postgres);
  const withReviews = await shop(appDir, 'with reviews', REVIEWS_COUNT, postgres).catch(async (error: unknown) => {
    await without.stop();
    throw error;
  });
  const listFigures = new Map<string, [Figures, Figures]>();
  const reviewRows: { name: string; p50: number; p95: number; p99: number; bad: number }[] = [];
  let top: { id: number; n: number } | undefined;
  try {
    const facts = withReviews.databaseUrl
      ? await catalogFactsPostgres(withReviews.databaseUrl)
      : catalogFacts(withReviews.dataDir);
    const list: Scenario[] = scenarios(facts, undefined, await pathPages(withReviews.app.url, facts)).filter(
      (scenario) => scenario.key !== 'tree',
    );
    list.push({
      key: 'list-rating',
      endpoint: 'products by rating, any page ≤ 100',
      kind: 'varied',
      method: 'GET',
      path: () => `/api/products?sort=rating&page=${1 + Math.floor(Math.random() * 100)}&pageSize=24`,
    });
    console.log('');
    for (const scenario of list) {
      const runs: Run[] = [
        { label: 'no reviews', server: targetOf(without.app), scenario },
        { label: `${fmt.int(REVIEWS_COUNT)} rev.`, server: targetOf(withReviews.app), scenario },
      ];
      const [a, b] = await measure(runs, seconds);
      listFigures.set(scenario.endpoint + ` (${scenario.kind})`, [a!, b!]);
    }

    const [most] = await rowsOf(withReviews, TOP_QUERY);
    if (!most) throw new Error('no reviewed product');
    top = most;
    const randoms = await rowsOf(withReviews, RANDOM_QUERY);
    const pick = () => randoms[Math.floor(Math.random() * randoms.length)]!;
    const url = (id: number, sort: ReviewSort, page: number) => `/api/products/${id}/reviews?sort=${sort}&page=${page}`;
    for (const sort of SORTS) {
      const rows: [string, () => string][] = [
        [`most reviewed, page 1`, () => url(most.id, sort, 1)],
        [`most reviewed, last page (${fmt.int(lastPage(most.n))})`, () => url(most.id, sort, lastPage(most.n))],
        ['random product, page 1', () => url(pick().id, sort, 1)],
        [
          'random product, last page',
          () => {
            const product = pick();
            return url(product.id, sort, lastPage(product.n));
          },
        ],
      ];
      for (const [name, next] of rows) {
        const figures = await latency(withReviews.app.url, next, REQUESTS);
        reviewRows.push({ name: `sort=${sort}, ${name}`, ...figures });
        console.log(
          `  reviews sort=${sort.padEnd(7)} ${name.padEnd(36)} p50 ${figures.p50.toFixed(2)}  p95 ${figures.p95.toFixed(2)}  p99 ${figures.p99.toFixed(2)} ms`,
        );
      }
    }
  } finally {
    await withReviews.stop();
    await without.stop();
  }
  const loadAfter = os.loadavg()[0]!;

  const checks: Check[] = [];
  const worstReview = reviewRows.reduce((worst, row) => (row.p95 > worst.p95 ? row : worst), reviewRows[0]!);
  checks.push({
    part,
    name: "a product's reviews page, p95 (each sort, page 1 and last, most reviewed and random)",
    figure: `${reviewRows.filter((row) => row.p95 < 10).length} of ${reviewRows.length}; highest ${worstReview.p95.toFixed(2)} ms (${worstReview.name})`,
    target: '< 10 ms',
    pass: reviewRows.every((row) => row.p95 < 10),
  });
  const ratios = [...listFigures.entries()].map(([name, [a, b]]) => ({ name, cpu: b.cpuMs / a.cpuMs, rps: b.rps / a.rps }));
  const worstList = ratios.reduce((worst, row) => (row.rps < worst.rps ? row : worst), ratios[0]!);
  checks.push({
    part,
    name: 'list rows with reviews ≥ 0.9 × without (req/s, same run)',
    figure: `${ratios.filter((row) => row.rps >= 0.9).length} of ${ratios.length}; lowest ${fmt.ratio(worstList.rps)} (${worstList.name})`,
    target: '≥ 0.90',
    pass: ratios.every((row) => row.rps >= 0.9),
  });
  const bad = reviewRows.reduce((n, row) => n + row.bad, 0);
  const errors = [...listFigures.values()].flat().reduce((n, f) => n + f.non2xx + f.errors, 0);
  checks.push({ part, name: 'no errors', figure: `${bad + errors} non-2xx/errors`, target: '0', pass: bad + errors === 0 });

  const markdown = [
    `${pgVersion ? `On ${pgVersion}, a scratch database per shop, VACUUM (ANALYZE) after seeding. ` : ''}Two shops of \`npm run seed -- --products ${REVIEWS_PRODUCTS}\`, one then with \`--reviews ${REVIEWS_COUNT}\` (seeded in ${without.seconds.toFixed(0)} s and ${withReviews.seconds.toFixed(0)} s); the most reviewed product has ${fmt.int(top?.n ?? 0)}. Load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on a 2-core machine shared with other work.`,
    '',
    table(
      [
        'list endpoint',
        'req/s without',
        'req/s with',
        'with ÷ without',
        'p99 without',
        'p99 with',
        'CPU ms without',
        'CPU ms with',
      ],
      [...listFigures.entries()].map(([name, [a, b]]) => [
        name,
        fmt.int(a.rps),
        fmt.int(b.rps),
        fmt.ratio(b.rps / a.rps),
        a.p99,
        b.p99,
        a.cpuMs.toFixed(2),
        b.cpuMs.toFixed(2),
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    `A product's reviews page, ${REQUESTS} requests a row one after another (a tenth as many first to warm up), latency measured by the client:`,
    '',
    table(
      ['GET /api/products/:id/reviews', 'p50 ms', 'p95 ms', 'p99 ms'],
      reviewRows.map((row) => [row.name, row.p50.toFixed(2), row.p95.toFixed(2), row.p99.toFixed(2)]),
      ['l', 'r', 'r', 'r'],
    ),
  ].join('\n');
  return { part, title: postgres ? 'Reviews on PostgreSQL' : 'Reviews', markdown, checks };
}
