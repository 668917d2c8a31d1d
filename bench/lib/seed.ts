import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { shopEnv } from './proc.js';

/**
 * Catalogues for the benchmarks: the project's seed CLI (`npm run seed -- --products N`, built to
 * dist/server/server/cli/seed.js: the demo catalogue, then N synthesized products), checked in the
 * database afterwards; and what the API benchmark varies its requests over, read from the file.
 */

export interface SeedResult {
  by: string;
  seconds: number;
  liveProducts: number;
}

export function seedProducts(appDir: string, dataDir: string, products: number, reviews = 0): SeedResult {
  const seconds = runSeed(appDir, dataDir, products, {}, reviews);
  const liveProducts = catalogFacts(dataDir).liveProducts;
  if (liveProducts < products) throw new Error(`npm run seed left ${liveProducts} live products, wanted ${products}`);
  return { by: 'npm run seed', seconds, liveProducts };
}

/**
 * Runs the built seed CLI on the shop's data folder (`extra`: DATABASE_URL to seed a PostgreSQL
 * database instead of its SQLite file), with `--reviews` when `reviews` is more than 0, and
 * answers the seconds it took.
 */
export function runSeed(
  appDir: string,
  dataDir: string,
  products: number,
  extra: Record<string, string> = {},
  reviews = 0,
): number {
  const cli = path.join(appDir, 'dist/server/server/cli/seed.js');
  if (!fs.existsSync(cli)) throw new Error(`no seed CLI in the build (${cli}): the benchmarks seed with npm run seed`);
  const started = Date.now();
  const args = ['--products', String(products), ...(reviews > 0 ? ['--reviews', String(reviews)] : [])];
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: appDir,
    env: shopEnv(dataDir, 0, { SEED_DEMO: 'false', ...extra }),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run seed -- ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return (Date.now() - started) / 1000;
}

export interface CategoryPath {
  category: string;
  subcategory?: string;
  childcategory?: string;
}

export interface CatalogFacts {
  liveProducts: number;
  featured: number;
  /** Live product ids for add-to-cart: untracked stock or 1 000+ units (else the most stocked). */
  cartProductIds: number[];
  /** All live product ids, in random order, for GET /api/products/{id}. */
  productIds: number[];
  paths: CategoryPath[];
  /** Words of product names (letters only, 3+ characters), most frequent first. */
  words: string[];
}

/**
 * The queries behind CatalogFacts, plain SQL that SQLite and PostgreSQL both run as written
 * (bench/lib/postgres.ts runs them on PostgreSQL).
 */
export const FACT_QUERIES = {
  live: 'select count(*) as n from products where deleted_at is null',
  featured: 'select count(*) as n from products where deleted_at is null and is_featured = 1',
  // Products whose stock an add-to-cart run cannot exhaust (untracked, or 1 000+), else the most stocked.
  cartStocked:
    'select id from products where deleted_at is null and (stock is null or stock >= 1000) order by random() limit 5000',
  cartMost: 'select id from products where deleted_at is null order by coalesce(stock, 1000000000) desc limit 5000',
  // Every live product, in random order: a product-by-id run drawn from the whole catalogue asks
  // few ids twice, so the answer cache rarely helps (5 000 ids let it answer most of a run).
  products: 'select id from products where deleted_at is null order by random()',
  categories: 'select id, name from categories where deleted_at is null',
  subs: 'select id, name, category_id as parent from sub_categories where deleted_at is null',
  children: 'select id, name, sub_category_id as parent from child_categories where deleted_at is null',
  names: 'select name from products where deleted_at is null order by random() limit 3000',
} as const;

export type FactRows = (query: keyof typeof FACT_QUERIES) => Record<string, unknown>[];

/** What the benchmark needs to vary its requests, read straight from the SQLite file. */
export function catalogFacts(dataDir: string): CatalogFacts {
  const db = new Database(path.join(dataDir, 'pasal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return factsFrom((query) => db.prepare(FACT_QUERIES[query]).all() as Record<string, unknown>[]);
  } finally {
    db.close();
  }
}

/**
 * CatalogFacts from the rows of FACT_QUERIES. Numbers go through Number(): PostgreSQL's driver
 * answers count(*) (a bigint) as a string.
 */
export function factsFrom(rows: FactRows): CatalogFacts {
  const one = (query: 'live' | 'featured') => Number(rows(query)[0]!.n);
  const ids = (query: 'cartStocked' | 'cartMost' | 'products') => rows(query).map((row) => Number(row.id));
  const nodes = (query: 'categories' | 'subs' | 'children') =>
    rows(query).map((row) => ({ id: Number(row.id), name: String(row.name), parent: Number(row.parent) }));
  let cartProductIds = ids('cartStocked');
  if (cartProductIds.length < 50) cartProductIds = ids('cartMost');
  const paths: CategoryPath[] = [];
  const subs = nodes('subs');
  const children = nodes('children');
  for (const category of nodes('categories')) {
    paths.push({ category: category.name });
    for (const sub of subs.filter((row) => row.parent === category.id)) {
      paths.push({ category: category.name, subcategory: sub.name });
      for (const child of children.filter((row) => row.parent === sub.id)) {
        paths.push({ category: category.name, subcategory: sub.name, childcategory: child.name });
      }
    }
  }
  const counts = new Map<string, number>();
  for (const row of rows('names')) {
    for (const word of String(row.name)
      .toLowerCase()
      .match(/\p{L}{3,}/gu) ?? [])
      counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const words = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  return {
    liveProducts: one('live'),
    featured: one('featured'),
    cartProductIds,
    productIds: ids('products'),
    paths,
    words,
  };
}
