/**
 * Where an endpoint's time goes: the built server under `node --cpu-prof`, loaded by autocannon
 * (32 connections) on one URL, then the profile's self time summed by package and by function.
 *
 *   node --import tsx bench/profile.ts [--products 100000] [--seconds 8] [--path /api/products/1] [--no-build] [--data DIR]
 *
 * In --body, $USER becomes a verified shopper's id (POST/PUT/DELETE get their bearer token) and
 * $PRODUCT (in --body or --path) a random live product whose stock cannot run out, drawn again for every request, e.g.
 *   --method POST --path /api/cart/add-to-cart --body '{"userId":$USER,"productId":$PRODUCT,"quantity":1}'
 * The .cpuprofile is kept (path printed) for Chrome DevTools or speedscope.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { build, freePort, shopEnv, snapshotApp, startProcess, tempDir } from './lib/proc.js';
import { catalogFacts, seedProducts } from './lib/seed.js';
import { shopperRequest } from './lib/shopper.js';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '8' },
    path: { type: 'string', default: '/api/products?sort=newest&page=1&pageSize=24' },
    method: { type: 'string', default: 'GET' },
    body: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    /** A data folder seeded before (by an earlier run, or bench/lib/seed.ts), used as it is instead of seeding. */
    data: { type: 'string' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function where(url: string): string {
  if (!url) return '(native/idle)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node core';
  const dist = url.indexOf('/dist/server/');
  return dist >= 0 ? `app ${url.slice(dist + '/dist/server/'.length)}` : url;
}

async function main(): Promise<void> {
  if (!args['no-build']) build();
  const appDir = snapshotApp();
  const dataDir = args.data ?? tempDir('profile');
  if (!args.data) {
    const seeded = seedProducts(appDir, dataDir, Number(args.products));
    console.log(`${seeded.liveProducts} products by ${seeded.by}`);
  }
  const profileDir = tempDir('cpuprof');
  const port = await freePort();
  const server = await startProcess({
    args: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, path.join(appDir, 'dist/server/server/main.js')],
    cwd: appDir,
    env: shopEnv(dataDir, port, { SEED_DEMO: 'false' }),
    port,
  });
  const facts = catalogFacts(dataDir);
  // A GET reads any live product; a write adds to the cart only those whose stock cannot run out.
  const products = args.method === 'GET' ? facts.productIds : facts.cartProductIds;
  const request = await shopperRequest(server.url, dataDir, { method: args.method, path: args.path, body: args.body }, products);
  const result = await autocannon({
    url: server.url,
    connections: 32,
    duration: Number(args.seconds),
    requests: [request],
  });
  console.log(
    `${args.method} ${args.path}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
  );
  await server.stop();

  const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const kept = path.join(path.dirname(profileDir), `pasal-${Date.now()}.cpuprofile`);
  fs.copyFileSync(path.join(profileDir, file), kept);
  const profile = JSON.parse(fs.readFileSync(kept, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let total = 0;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = byId.get(id)!;
    const name = node.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') {
      byPackage.set(name, (byPackage.get(name) ?? 0) + micros);
      total += micros;
      continue;
    }
    total += micros;
    const pkg = where(node.callFrame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
    const key = `${name} ${pkg}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, micros]) => `  ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
      .join('\n');
  console.log(`\nself time by package (of ${(total / 1e6).toFixed(1)} s sampled, whole process life):\n${top(byPackage, 20)}`);
  console.log(`\nself time by function:\n${top(byFunction, 30)}`);
  console.log(`\nprofile kept at ${kept}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
