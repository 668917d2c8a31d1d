/**
 * npm run bench [-- api checkout pages start dashboard reviews soak] [--no-build] [--postgres] [--minutes N]
 *
 * Builds the production bundle, runs the chosen parts (all but soak by default), prints one table of
 * checks and writes the figures to the "Latest run" section of docs/benchmarks.md.
 * BENCH_DURATION (seconds per API load run, default 10) shortens a smoke run;
 * BENCH_PRODUCTS (the large catalogue, default 100000) likewise, and BENCH_ONLY (API scenario keys, e.g.
 * add-to-cart,product-hot); BENCH_PAGE_RUNS (visits per page, default 5).
 * --postgres runs the API part on PostgreSQL instead (the server BENCH_DATABASE_URL names, default
 * postgres://postgres@127.0.0.1:5432/test; scratch databases made and dropped there), with three
 * processes behind nginx beside one, and writes its figures as their own part, api-postgres; the
 * dashboard part likewise (dashboard-postgres). BENCH_ORDERS (default 100000) shrinks the
 * dashboard's orders for a smoke run.
 * reviews (bench/parts/reviews.ts) runs only when named, seeding two large shops: BENCH_PRODUCTS
 * products (default 100 000) without reviews and with BENCH_REVIEWS (default 1 000 000); with
 * --postgres on PostgreSQL (reviews-postgres).
 * soak (bench/parts/soak.ts) runs only when named, being long: 30 minutes of a sale day's traffic
 * (--minutes N or BENCH_SOAK_MINUTES for a shorter smoke run, not written to docs), on 10 000
 * products (BENCH_PRODUCTS); with --postgres on PostgreSQL, three processes behind nginx.
 */
import { parseArgs } from 'node:util';
import { LARGE, ONLY, apiPart } from './parts/api.js';
import { BENCH_DATABASE_URL } from './lib/postgres.js';
import { checkoutPart } from './parts/checkout.js';
import { DASHBOARD_ORDERS, dashboardPart } from './parts/dashboard.js';
import { pagesPart } from './parts/pages.js';
import { REVIEWS_COUNT, REVIEWS_PRODUCTS, reviewsPart } from './parts/reviews.js';
import { SOAK_DEFAULT_MINUTES, SOAK_PRODUCTS, soakPart } from './parts/soak.js';
import { startPart } from './parts/start.js';
import { build, snapshotApp } from './lib/proc.js';
import { type PartReport, checksTable, machine, tally, writeDocs } from './lib/report.js';

const PARTS = ['api', 'checkout', 'pages', 'start', 'dashboard', 'reviews', 'soak'] as const;
type Part = (typeof PARTS)[number];
/** Parts a plain `npm run bench` leaves out: they run only when named. */
const ONLY_WHEN_NAMED: readonly Part[] = ['reviews', 'soak'];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'no-build': { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    minutes: { type: 'string' },
  },
});
const unknown = positionals.filter((name) => !(PARTS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown part(s): ${unknown.join(', ')}; choose from ${PARTS.join(', ')}`);
  process.exit(2);
}
const parts: Part[] =
  positionals.length > 0
    ? PARTS.filter((part) => positionals.includes(part))
    : PARTS.filter((part) => !ONLY_WHEN_NAMED.includes(part));
const duration = Number(process.env.BENCH_DURATION ?? '10');
const pageRuns = Number(process.env.BENCH_PAGE_RUNS ?? '5');
if (!(duration >= 1) || !(pageRuns >= 1)) {
  console.error('BENCH_DURATION and BENCH_PAGE_RUNS must be numbers ≥ 1');
  process.exit(2);
}
const soakMinutes = Number(values.minutes ?? process.env.BENCH_SOAK_MINUTES ?? SOAK_DEFAULT_MINUTES);
if (!(soakMinutes >= 0.5) || !(SOAK_PRODUCTS >= 1)) {
  console.error('--minutes (BENCH_SOAK_MINUTES) must be a number ≥ 0.5, and BENCH_PRODUCTS ≥ 1');
  process.exit(2);
}

async function main(): Promise<void> {
  const when = new Date();
  console.log(`Pasal benchmarks: ${parts.join(', ')}\n${machine()}`);
  const needsBuild = parts.some((part) => part !== 'checkout');
  if (needsBuild && !values['no-build']) build();
  const appDir = needsBuild ? snapshotApp() : '';

  const reports: PartReport[] = [];
  for (const part of parts) {
    if (part === 'api') reports.push(await apiPart(appDir, duration, values.postgres ? { postgres: BENCH_DATABASE_URL } : {}));
    if (part === 'checkout') reports.push(await checkoutPart());
    if (part === 'pages') reports.push(await pagesPart(appDir, pageRuns));
    if (part === 'start') reports.push(await startPart(appDir));
    if (part === 'dashboard') reports.push(await dashboardPart(appDir, values.postgres ? { postgres: BENCH_DATABASE_URL } : {}));
    if (part === 'reviews')
      reports.push(await reviewsPart(appDir, duration, values.postgres ? { postgres: BENCH_DATABASE_URL } : {}));
    if (part === 'soak')
      reports.push(await soakPart(appDir, soakMinutes, values.postgres ? { postgres: BENCH_DATABASE_URL } : {}));
  }

  for (const report of reports) console.log(`\n## ${report.title}\n\n${report.markdown}`);
  const checks = reports.flatMap((report) => report.checks);
  console.log(`\n## Summary\n\n${checksTable(checks)}`);
  console.log(`\n${tally(checks)}`);
  // A shortened API run is a smoke test: its figures do not replace real ones.
  const smoke = duration < 10 || LARGE !== 100_000 || ONLY !== undefined;
  const dashboardSmoke = DASHBOARD_ORDERS !== 100_000;
  const reviewsSmoke = duration < 10 || REVIEWS_PRODUCTS !== 100_000 || REVIEWS_COUNT !== 1_000_000;
  const soakSmoke = soakMinutes !== SOAK_DEFAULT_MINUTES || SOAK_PRODUCTS !== 10_000;
  const documented = reports.filter(
    (report) =>
      !(smoke && report.part.startsWith('api')) &&
      !(dashboardSmoke && report.part.startsWith('dashboard')) &&
      !(reviewsSmoke && report.part.startsWith('reviews')) &&
      !(soakSmoke && report.part.startsWith('soak')),
  );
  if (smoke && parts.includes('api'))
    console.log('(BENCH_DURATION < 10, BENCH_PRODUCTS or BENCH_ONLY set: an API smoke run, not written to docs)');
  if (dashboardSmoke && parts.includes('dashboard'))
    console.log('(BENCH_ORDERS set: a dashboard smoke run, not written to docs)');
  if (reviewsSmoke && parts.includes('reviews'))
    console.log('(BENCH_DURATION < 10, BENCH_PRODUCTS or BENCH_REVIEWS set: a reviews smoke run, not written to docs)');
  if (soakSmoke && parts.includes('soak'))
    console.log('(--minutes other than 30 or BENCH_PRODUCTS set: a soak smoke run, not written to docs)');
  if (documented.length > 0) {
    writeDocs(documented, when);
    console.log(`figures of ${documented.map((report) => report.part).join(', ')} written to docs/benchmarks.md`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
