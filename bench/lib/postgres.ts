import pg from 'pg';
import { type CatalogFacts, FACT_QUERIES, type SeedResult, factsFrom, runSeed } from './seed.js';

/**
 * The API part on PostgreSQL (`npm run bench -- api --postgres`): a scratch database per
 * catalogue on the server BENCH_DATABASE_URL names, seeded by the same seed CLI, vacuumed, and
 * the same CatalogFacts read from it.
 */

/** The server the scratch databases are made on (and the database it connects to for that). */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * `npm run seed -- --products N` with DATABASE_URL, then VACUUM (ANALYZE) as bench/catalog.ts does:
 * a bulk load leaves the planner without statistics and the visibility map empty until
 * autovacuum comes by, which it would soon after on a real shop. Its seconds are the seed's only.
 */
export async function seedPostgres(
  appDir: string,
  dataDir: string,
  databaseUrl: string,
  products: number,
  reviews = 0,
): Promise<SeedResult> {
  const seconds = runSeed(appDir, dataDir, products, { DATABASE_URL: databaseUrl }, reviews);
  await withClient(databaseUrl, (client) => client.query('VACUUM (ANALYZE)'));
  const liveProducts = (await catalogFactsPostgres(databaseUrl)).liveProducts;
  if (liveProducts < products) throw new Error(`npm run seed left ${liveProducts} live products, wanted ${products}`);
  return { by: 'npm run seed', seconds, liveProducts };
}

/** What the benchmark needs to vary its requests (bench/lib/seed.ts catalogFacts), read from PostgreSQL. */
export async function catalogFactsPostgres(databaseUrl: string): Promise<CatalogFacts> {
  const rows = await withClient(databaseUrl, async (client) => {
    const answered = new Map<keyof typeof FACT_QUERIES, Record<string, unknown>[]>();
    for (const [key, text] of Object.entries(FACT_QUERIES) as [keyof typeof FACT_QUERIES, string][]) {
      answered.set(key, (await client.query<Record<string, unknown>>(text)).rows);
    }
    return answered;
  });
  return factsFrom((query) => rows.get(query)!);
}

/** "PostgreSQL 15.8", for the report. */
export async function serverVersion(url: string): Promise<string> {
  const version = await withClient(
    url,
    async (client) => (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v,
  );
  return `PostgreSQL ${version.split(' ')[0]}`;
}
