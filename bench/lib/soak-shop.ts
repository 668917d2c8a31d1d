import fs from 'node:fs';
import path from 'node:path';
import { INITIAL_PASSWORD_FILE } from '../../src/server/features/admin/bootstrap.js';
import { createScratchDatabase } from '../../tests/helpers/processes.js';
import { type RunningNginx, nginxBinary, startNginx } from '../../tests/helpers/nginx.js';
import { catalogFactsPostgres, seedPostgres } from './postgres.js';
import { type ServerProcess, freePort, removeTempDir, requestJson, startShop, tempDir } from './proc.js';
import { type CatalogFacts, catalogFacts, seedProducts } from './seed.js';
import { verifiedShopper } from './shopper.js';
import type { Shopper } from './soak-traffic.js';

/**
 * The shop the soak runs against: on SQLite one built server direct (a SQLite file belongs to one
 * process); on PostgreSQL three behind nginx (the repository's deploy/nginx.conf, started as
 * bench/parts/api-cluster.ts starts it), or one direct when nginx is not installed. Then the
 * people of the sale day: verified shoppers registered through the API and the admin.
 */

export interface SoakShop {
  baseUrl: string;
  /** The shop processes, whose memory the soak watches (nginx's is not the shop's). */
  pids: number[];
  dataDir: string;
  databaseUrl: string | undefined;
  /** "1 process direct" or "3 processes behind nginx". */
  layout: string;
  facts: CatalogFacts;
  seedSeconds: number;
  stop(): Promise<void>;
}

/**
 * The payment sandbox stands in for eSewa and Khalti, and the configuration refuses it with
 * NODE_ENV=production: the soak's shop runs as development, which in the built server changes
 * nothing else but defaults (the API docs, turned off here as in production). The open-orders
 * limit is lifted: a few dozen shoppers place the whole day's orders and nobody delivers them;
 * and the sign-ups per address per minute: the bench registers its shoppers from one address at once.
 */
const SOAK_ENV = {
  SEED_DEMO: 'false',
  NODE_ENV: 'development',
  PAYMENT_SANDBOX: 'true',
  API_DOCS: 'false',
  MAX_OPEN_ORDERS: '1000000',
  REGISTER_PER_IP_MINUTE: '100',
};

export async function startSoakShop(appDir: string, products: number, postgres: string | undefined): Promise<SoakShop> {
  const dataDir = tempDir('soak');
  const database = postgres ? await createScratchDatabase(postgres, 'pasal_bench_soak') : undefined;
  const shops: ServerProcess[] = [];
  let nginx: RunningNginx | undefined;
  const stopNginxOnExit = () => nginx?.child.kill('SIGTERM');
  process.on('exit', stopNginxOnExit);
  const stop = async () => {
    await nginx?.stop();
    process.off('exit', stopNginxOnExit);
    await Promise.all(shops.map((shop) => shop.stop()));
    await database?.drop();
    removeTempDir(dataDir);
  };
  try {
    console.log(`\nSoak on ${products.toLocaleString('en-US')} products${database ? ' (PostgreSQL)' : ''}: seeding…`);
    const seeded = database
      ? await seedPostgres(appDir, dataDir, database.url, products)
      : seedProducts(appDir, dataDir, products);
    console.log(
      `  ${seeded.liveProducts.toLocaleString('en-US')} live products by ${seeded.by} in ${seeded.seconds.toFixed(0)} s`,
    );
    let baseUrl: string;
    let layout = '1 process direct';
    if (database && nginxBinary()) {
      const nginxPort = await freePort();
      // One shop as docs/deploy.md runs it: one database and one DATA_DIR for all three.
      const env = { ...SOAK_ENV, DATABASE_URL: database.url, PUBLIC_URL: `http://127.0.0.1:${nginxPort}`, TRUST_PROXY: '1' };
      shops.push(await startShop(appDir, dataDir, env));
      shops.push(...(await Promise.all([startShop(appDir, dataDir, env), startShop(appDir, dataDir, env)])));
      nginx = await startNginx({ listenPort: nginxPort, upstreamPorts: shops.map((shop) => shop.port) });
      baseUrl = nginx.baseUrl;
      layout = '3 processes behind nginx';
    } else {
      if (database) console.log('  nginx is not installed: one process direct');
      shops.push(await startShop(appDir, dataDir, { ...SOAK_ENV, ...(database ? { DATABASE_URL: database.url } : {}) }));
      baseUrl = shops[0]!.url;
    }
    const facts = database ? await catalogFactsPostgres(database.url) : catalogFacts(dataDir);
    return {
      baseUrl,
      pids: shops.map((shop) => shop.child.pid!),
      dataDir,
      databaseUrl: database?.url,
      layout,
      facts,
      seedSeconds: seeded.seconds,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The admin's token: the first start wrote the initial password into DATA_DIR. */
export async function adminToken(shop: SoakShop): Promise<string> {
  const password = fs.readFileSync(path.join(shop.dataDir, INITIAL_PASSWORD_FILE), 'utf8').trim();
  const login = await requestJson<{ token?: string }>(`${shop.baseUrl}/api/admin/login`, {
    method: 'POST',
    body: { username: 'admin', password },
  });
  if (!login.body.token) throw new Error(`admin login failed: ${login.status}`);
  return login.body.token;
}

/** `count` verified shoppers, a few registered at a time. */
export async function shoppers(shop: SoakShop, count: number): Promise<Shopper[]> {
  const made: Shopper[] = [];
  while (made.length < count) {
    const batch = Math.min(4, count - made.length);
    made.push(...(await Promise.all(Array.from({ length: batch }, () => verifiedShopper(shop.baseUrl, shop.dataDir)))));
  }
  return made;
}
