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

export function seedProducts(appDir: string, dataDir: string, products: number): SeedResult {
  const cli = path.join(appDir, 'dist/server/server/cli/seed.js');
  if (!fs.existsSync(cli)) throw new Error(`no seed CLI in the build (${cli}): the benchmarks seed with npm run seed`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [cli, '--products', String(products)], {
    cwd: appDir,
    env: shopEnv(dataDir, 0, { SEED_DEMO: 'false' }),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run seed -- --products ${products} failed:\n${result.stdout}\n${result.stderr}`);
  const seconds = (Date.now() - started) / 1000;
  const liveProducts = catalogFacts(dataDir).liveProducts;
  if (liveProducts < products) throw new Error(`npm run seed left ${liveProducts} live products, wanted ${products}`);
  return { by: 'npm run seed', seconds, liveProducts };
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
  /** Random live product ids for GET /api/products/{id}. */
  productIds: number[];
  paths: CategoryPath[];
  /** Words of product names (letters only, 3+ characters), most frequent first. */
  words: string[];
}

/** What the benchmark needs to vary its requests, read straight from the SQLite file. */
export function catalogFacts(dataDir: string): CatalogFacts {
  const db = new Database(path.join(dataDir, 'pasal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const one = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    const liveProducts = one('select count(*) as n from products where deleted_at is null');
    const featured = one('select count(*) as n from products where deleted_at is null and is_featured = 1');
    // Products whose stock an add-to-cart run cannot exhaust (untracked, or 1 000+), else the most stocked.
    const ids = (sql: string) => (db.prepare(sql).all() as { id: number }[]).map((row) => row.id);
    let cartProductIds = ids(
      'select id from products where deleted_at is null and (stock is null or stock >= 1000) order by random() limit 5000',
    );
    if (cartProductIds.length < 50) {
      cartProductIds = ids(
        'select id from products where deleted_at is null order by coalesce(stock, 1000000000) desc limit 5000',
      );
    }
    const productIds = (
      db.prepare('select id from products where deleted_at is null order by random() limit 5000').all() as { id: number }[]
    ).map((row) => row.id);
    const paths: CategoryPath[] = [];
    const categories = db.prepare('select id, name from categories where deleted_at is null').all() as {
      id: number;
      name: string;
    }[];
    const subs = db.prepare('select id, name, category_id as parent from sub_categories where deleted_at is null').all() as {
      id: number;
      name: string;
      parent: number;
    }[];
    const children = db
      .prepare('select id, name, sub_category_id as parent from child_categories where deleted_at is null')
      .all() as { id: number; name: string; parent: number }[];
    for (const category of categories) {
      paths.push({ category: category.name });
      for (const sub of subs.filter((row) => row.parent === category.id)) {
        paths.push({ category: category.name, subcategory: sub.name });
        for (const child of children.filter((row) => row.parent === sub.id)) {
          paths.push({ category: category.name, subcategory: sub.name, childcategory: child.name });
        }
      }
    }
    const counts = new Map<string, number>();
    const names = db.prepare('select name from products where deleted_at is null order by random() limit 3000').all() as {
      name: string;
    }[];
    for (const { name } of names) {
      for (const word of name.toLowerCase().match(/\p{L}{3,}/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const words = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
    return { liveProducts, featured, cartProductIds, productIds, paths, words };
  } finally {
    db.close();
  }
}
