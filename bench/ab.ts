/**
 * Two builds of the shop on one endpoint, alternated, so that the shared machine's changes of
 * speed fall on both alike: for each round, A then B (or B then A, every other round), each a
 * fresh autocannon run (--connections, 32 by default) of --seconds on its own copy of one seeded
 * data folder.
 *
 *   node --import tsx bench/ab.ts --a /path/to/checkout-a --b . [--products 5000] [--rounds 6]
 *     [--seconds 5] [--path /api/products/1] [--method POST --body '{"userId":$USER,…}']
 *
 * --a and --b are project folders holding a production build (dist/). --body takes $USER and
 * $PRODUCT as bench/profile.ts does. Prints each round and the medians: requests/s, p50, p99 and
 * the server's CPU per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMsOf, freePort, removeTempDir, shopEnv, startProcess, tempDir } from './lib/proc.js';
import { catalogFacts, seedProducts } from './lib/seed.js';
import { shopperRequest } from './lib/shopper.js';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: '.' },
    products: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '5' },
    path: { type: 'string', default: '/api/products?sort=newest&page=1&pageSize=24' },
    method: { type: 'string', default: 'GET' },
    body: { type: 'string' },
  },
});

interface Round {
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
}

async function runOnce(appDir: string, dataDir: string, products: number[]): Promise<Round> {
  const port = await freePort();
  const server = await startProcess({
    args: [path.join(appDir, 'dist/server/server/main.js')],
    cwd: appDir,
    env: shopEnv(dataDir, port, { SEED_DEMO: 'false' }),
    port,
  });
  try {
    const request = await shopperRequest(
      server.url,
      dataDir,
      { method: args.method, path: args.path, body: args.body },
      products,
    );
    // A short warm-up, then the timed run.
    const connections = Number(args.connections);
    await autocannon({ url: server.url, connections, duration: 1, requests: [request] });
    const cpuBefore = cpuMsOf(server.child.pid!);
    const result = await autocannon({ url: server.url, connections, duration: Number(args.seconds), requests: [request] });
    const cpuMs = cpuMsOf(server.child.pid!) - cpuBefore;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuMs: cpuMs / result.requests.total,
    };
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  if (!args.a) throw new Error('--a is required: a project folder with a production build');
  const builds = { A: path.resolve(args.a), B: path.resolve(args.b) };
  for (const dir of Object.values(builds)) {
    if (!fs.existsSync(path.join(dir, 'dist/server/server/main.js'))) throw new Error(`no build in ${dir}: npm run build there`);
  }
  const seeded = tempDir('ab-seed');
  seedProducts(builds.A, seeded, Number(args.products));
  const products = catalogFacts(seeded).cartProductIds;
  const results: Record<'A' | 'B', Round[]> = { A: [], B: [] };
  for (let round = 0; round < Number(args.rounds); round += 1) {
    const order: ('A' | 'B')[] = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (const which of order) {
      // Each run on a fresh copy: the same rows, the WAL and cart of no earlier run.
      const dataDir = tempDir(`ab-${which}`);
      fs.cpSync(seeded, dataDir, { recursive: true });
      const figures = await runOnce(builds[which], dataDir, products);
      removeTempDir(dataDir);
      results[which].push(figures);
      console.log(
        `round ${round + 1} ${which}: ${Math.round(figures.rps)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, CPU ${figures.cpuMs.toFixed(3)} ms/req`,
      );
    }
  }
  removeTempDir(seeded);
  for (const which of ['A', 'B'] as const) {
    const rounds = results[which];
    console.log(
      `${which} (${builds[which]}) median: ${Math.round(median(rounds.map((r) => r.rps)))} req/s, p99 ${median(rounds.map((r) => r.p99))} ms, CPU ${median(rounds.map((r) => r.cpuMs)).toFixed(3)} ms/req`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
