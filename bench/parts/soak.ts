import os from 'node:os';
import { serverVersion } from '../lib/postgres.js';
import { type Check, type PartReport, fmt, table } from '../lib/report.js';
import { audit, stockOf } from '../lib/soak-checks.js';
import { type Minute, SoakRecorder, atRate, burst, percentile } from '../lib/soak-driver.js';
import { SoakClient } from '../lib/soak-http.js';
import { adminToken, shoppers, startSoakShop } from '../lib/soak-shop.js';
import { MIX, ShopperLease, type SoakWorld } from '../lib/soak-traffic.js';

/**
 * The soak (`npm run bench -- soak`, never part of a plain `npm run bench`: it is long): a sale
 * day's mixed traffic (bench/lib/soak-traffic.ts) on a seeded catalogue, first at full speed for a
 * short burst to measure what the shop keeps up with, then at half that rate, constant, for
 * SOAK_MINUTES (30 by default; `--minutes N` or BENCH_SOAK_MINUTES). Per minute: requests,
 * errors, p50/p99 and the shop processes' memory; at the end the checks (see soakChecks). On
 * SQLite one process direct; with --postgres three behind nginx.
 */

/** The catalogue: modest, so that seeding takes seconds; BENCH_PRODUCTS changes it (a smoke run then). */
export const SOAK_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? '10000');
export const SOAK_DEFAULT_MINUTES = 30;
/** Seconds of the full-speed burst that measures capacity, and its concurrent visitors. */
const BURST_SECONDS = 20;
const BURST_CONCURRENCY = 32;
const SHOPPERS = 24;
/** Products carts and checkouts draw from: few, so stock runs out and checkouts race for the last units. */
const POOL = 120;
/** How long the queue may take to finish what the traffic left it. */
const QUEUE_WAIT_SECONDS = 15;

const okOf = (recorder: SoakRecorder, kinds: string[]) =>
  kinds.reduce((sum, kind) => {
    const totals = recorder.kinds.get(kind);
    return sum + (totals ? totals.requests - totals.errors - totals.expected : 0);
  }, 0);
const CHECKOUTS = ['checkout cod', 'checkout esewa', 'checkout khalti'];

export async function soakPart(appDir: string, minutes: number, options: { postgres?: string } = {}): Promise<PartReport> {
  const postgres = options.postgres;
  const part = postgres ? 'soak-postgres' : 'soak';
  const loadBefore = os.loadavg()[0]!;
  const pgVersion = postgres ? await serverVersion(postgres) : undefined;
  const shop = await startSoakShop(appDir, SOAK_PRODUCTS, postgres);
  try {
    const world: SoakWorld = {
      facts: shop.facts,
      pool: shop.facts.productIds.slice(0, POOL),
      shoppers: await shoppers(shop, SHOPPERS),
      adminToken: await adminToken(shop),
      landedPaid: 0,
    };
    const initial = await stockOf(shop, world.pool);
    const tracked = [...initial.values()].filter((stock) => stock !== null);
    const lease = new ShopperLease(world.shoppers);

    // Capacity: the same mix at full speed.
    const burstRecorder = new SoakRecorder(shop.pids);
    const burstClient = new SoakClient(shop.baseUrl, burstRecorder);
    burstRecorder.begin(1);
    console.log(`  ${shop.layout}; full-speed burst of the mix for ${BURST_SECONDS} s (${BURST_CONCURRENCY} at once)…`);
    const capacity = await burst(
      { client: burstClient, world, lease, recorder: burstRecorder },
      BURST_SECONDS,
      BURST_CONCURRENCY,
    );
    burstRecorder.end();
    burstClient.close();
    const burstErrors = burstRecorder.minutes.reduce((sum, minute) => sum + minute.errors, 0);
    const rate = capacity.actionsPerSecond / 2;
    console.log(
      `  capacity ${capacity.actionsPerSecond.toFixed(1)} actions/s (${fmt.int(capacity.requestsPerSecond)} requests/s), ${burstErrors} errors; soak at ${rate.toFixed(1)} actions/s for ${minutes} min`,
    );

    const recorder = new SoakRecorder(shop.pids);
    const client = new SoakClient(shop.baseUrl, recorder);
    recorder.begin(minutes);
    let printed = 0;
    const print = (upTo: number) => {
      for (; printed < Math.min(upTo, recorder.minutes.length); printed += 1)
        console.log(`  ${minuteLine(printed + 1, recorder.minutes[printed]!)}`);
    };
    const driven = await atRate({ client, world, lease, recorder }, rate, minutes * 60, print);
    recorder.end();
    client.close();
    print(recorder.minutes.length);
    // A run of whole minutes but the last: that one's length, for the table.
    const lastSeconds = Math.round((minutes * 60) % 60);

    const result = await audit(
      shop,
      initial,
      { orders: okOf(burstRecorder, CHECKOUTS) + okOf(recorder, CHECKOUTS), paid: world.landedPaid },
      QUEUE_WAIT_SECONDS,
    );
    const loadAfter = os.loadavg()[0]!;
    const checks = soakChecks(part, recorder.minutes, result, burstErrors);
    if (driven.skipped > 0)
      checks.push({
        part,
        name: 'constant rate kept',
        figure: `${fmt.int(driven.skipped)} starts skipped`,
        target: '0',
        pass: false,
        beyond: true,
      });

    const samples = [...burstRecorder.samples, ...recorder.samples];
    for (const sample of samples) console.log(`  ! ${sample}`);
    for (const problem of result.problems.slice(0, 10)) console.log(`  ! ${problem}`);
    const markdown = [
      `A sale day's traffic on ${fmt.int(shop.facts.liveProducts)} products (\`npm run seed -- --products ${SOAK_PRODUCTS}\`, ${shop.seedSeconds.toFixed(0)} s), ${postgres ? `${pgVersion}, ${shop.layout}` : `SQLite, ${shop.layout}`}, the payment sandbox on (NODE_ENV=development, the only thing it changes in the built server). ${SHOPPERS} verified shoppers registered through the API; carts and checkouts draw from ${world.pool.length} products (${tracked.length} with tracked stock, ${tracked.reduce<number>((sum, stock) => sum + (stock ?? 0), 0)} units). The mix per action: ${mixLine()}. Capacity measured first: ${BURST_SECONDS} s of the mix at full speed by ${BURST_CONCURRENCY} concurrent visitors, ${capacity.actionsPerSecond.toFixed(1)} actions/s (${fmt.int(capacity.requestsPerSecond)} requests/s); then ${rate.toFixed(1)} actions/s (half) started on schedule for ${minutes} min (${fmt.int(driven.started)} actions, at most ${driven.maxInFlight} in flight${driven.skipped > 0 ? `, ${fmt.int(driven.skipped)} starts skipped for ${'>'}512 in flight` : ''}). Load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
      '',
      table(
        ['minute', 'actions', 'requests', 'errors', '409 sold out', 'p50 ms', 'p99 ms', 'RSS MB'],
        recorder.minutes.map((m, index) => [
          index === recorder.minutes.length - 1 && lastSeconds > 0 ? `${index + 1} (${lastSeconds} s)` : index + 1,
          fmt.int(m.actions),
          fmt.int(m.requests),
          m.errors,
          m.expected,
          fmt.ms(percentile(m.latencies, 50)),
          fmt.ms(percentile(m.latencies, 99)),
          fmt.mb(m.rss),
        ]),
        ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
      '',
      table(
        ['request', 'count', 'errors', '409 sold out'],
        [...recorder.kinds.entries()]
          .sort((a, b) => b[1].requests - a[1].requests)
          .map(([kind, t]) => [kind, fmt.int(t.requests), t.errors, t.expected]),
        ['l', 'r', 'r', 'r'],
      ),
      '',
      `At the end: ${fmt.int(result.orders)} orders (${fmt.int(result.paid)} paid through the sandbox) with ${fmt.int(result.lines)} lines; the pool's tracked products sold ${fmt.int(result.unitsSold)} units and ${result.soldOut} sold out; jobs ${result.jobsByStatus}: ${result.jobsDue} due and not done after ${result.jobsWaitedSeconds.toFixed(1)} s, ${result.jobsFailed} failed.${samples.length > 0 ? ` First errors: ${samples.slice(0, 3).join('; ')}.` : ''}${result.problems.length > 0 ? ` Problems: ${result.problems.slice(0, 3).join('; ')}.` : ''}`,
    ].join('\n');
    return { part, title: postgres ? `Soak (PostgreSQL, ${shop.layout})` : 'Soak (SQLite)', markdown, checks };
  } finally {
    await shop.stop();
  }
}

function minuteLine(minute: number, m: Minute): string {
  return `minute ${String(minute).padStart(2)}: ${fmt.int(m.actions).padStart(6)} actions ${fmt.int(m.requests).padStart(7)} requests  ${m.errors} errors  ${m.expected} sold out  p50 ${fmt.ms(percentile(m.latencies, 50))} ms  p99 ${fmt.ms(percentile(m.latencies, 99))} ms  RSS ${fmt.mb(m.rss)} MB`;
}

function mixLine(): string {
  const groups = new Map<string, number>();
  for (const action of MIX) groups.set(action.group, (groups.get(action.group) ?? 0) + action.weight);
  const total = [...groups.values()].reduce((sum, weight) => sum + weight, 0);
  return [...groups.entries()].map(([group, weight]) => `${group} ${((weight / total) * 100).toFixed(0)} %`).join(', ');
}

/**
 * The soak's checks. The reference minute is minute 5, or minute 1 in a run shorter than five
 * minutes (said in the check's name); the last minute is the run's last (in a run of one minute
 * they are the same, and the two comparisons are reported as skipped).
 */
export function soakChecks(
  part: 'soak' | 'soak-postgres',
  minutes: Minute[],
  result: Awaited<ReturnType<typeof audit>>,
  burstErrors: number,
): Check[] {
  const refIndex = minutes.length >= 5 ? 4 : 0;
  const ref = minutes[refIndex];
  const last = minutes.at(-1);
  const refName = `minute ${refIndex + 1}${refIndex === 0 ? ', the run being shorter than 5 min' : ''}`;
  const errors = minutes.reduce((sum, m) => sum + m.errors, 0);
  const checks: Check[] = [
    {
      part,
      name: 'no errors (non-2xx other than 409 sold out)',
      figure: `${errors} in the soak, ${burstErrors} in the burst`,
      target: '0',
      pass: errors === 0 && burstErrors === 0,
    },
    {
      part,
      name: 'stock and orders exact',
      figure: result.problems.length === 0 ? `yes (${fmt.int(result.orders)} orders)` : `${result.problems.length} problems`,
      target: 'nothing oversold or lost',
      pass: result.problems.length === 0,
    },
  ];
  // One minute has nothing to compare with: both checks are shown as not measured.
  const single = minutes.length < 2;
  if (ref && last) {
    const rssRatio = ref.rss > 0 ? last.rss / ref.rss : Infinity;
    const p99Ref = percentile(ref.latencies, 99);
    const p99Last = percentile(last.latencies, 99);
    checks.push(
      {
        part,
        name: `memory flat (RSS at the end ÷ ${refName})`,
        figure: single
          ? `${fmt.mb(last.rss)} MB, one minute only`
          : `${fmt.mb(last.rss)} MB ÷ ${fmt.mb(ref.rss)} MB = ${fmt.ratio(rssRatio)}`,
        target: '≤ 1.10',
        pass: rssRatio <= 1.1,
        skipped: single,
      },
      {
        part,
        name: `p99 of the last minute ÷ ${refName}`,
        figure: single
          ? `${fmt.ms(p99Last)} ms, one minute only`
          : `${fmt.ms(p99Last)} ms ÷ ${fmt.ms(p99Ref)} ms = ${fmt.ratio(p99Ref > 0 ? p99Last / p99Ref : Infinity)}`,
        target: '≤ 1.5',
        pass: p99Last <= 1.5 * p99Ref,
        skipped: single,
      },
    );
  }
  checks.push({
    part,
    name: 'queue drained',
    figure: `${result.jobsDue} due, ${result.jobsFailed} failed`,
    target: '0 due, 0 failed',
    pass: result.jobsDue === 0 && result.jobsFailed === 0,
  });
  return checks;
}
