/**
 * The baseline of the API benchmark: the least work each read request needs. A bare node:http
 * server opens the shop's SQLite file with better-sqlite3 and, for each read endpoint, runs the
 * same SQL the app runs (src/server/features/catalog/queries.ts and listing/, as Kysely compiles
 * it) through cached prepared statements, then JSON.stringify's the rows. No validation, no
 * framework, no caching of answers, no shaping beyond attaching image names to their product rows.
 *
 *   PORT=4001 DATA_DIR=/tmp/x node --import tsx bench/baseline-server.ts
 *
 *   GET /api/health
 *   GET /api/category
 *   GET /api/products/:id
 *   GET /api/products?category=&subcategory=&childcategory=&minPrice=&maxPrice=&featured=&q=&sort=&page=&pageSize=
 *
 * The app's catalog_state version read (which only serves its answer cache) is not repeated here.
 * Counts come from catalog_counts where the app takes them from there (storedCount of
 * listing/counts.ts), and a price range newest first uses the index the app picks by that count.
 * bench/parts/api.ts checks, before timing, that this server and the app return the same products
 * in the same order for sample requests, so a change of the app's SQL shows up as a mismatch.
 */
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { categoryKey } from '../src/shared/catalog.js';
import { bucketBounds, priceBucket } from '../src/server/features/catalog/listing/counts.js';
import { searchTerms } from '../src/server/features/catalog/listing/filter.js';
import { SEARCH_RESULTS_MAX } from '../src/server/features/catalog/listing/search.js';

const db = new Database(path.join(process.env.DATA_DIR ?? './data', 'pasal.sqlite'), { fileMustExist: true });
db.pragma('busy_timeout = 5000');

const statements = new Map<string, Database.Statement>();
/** A prepared statement per SQL text (IN lists of each length get their own). */
function stmt(sql: string): Database.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

// ----- category tree (loadTree) ------------------------------------------------------------------

function tree(): unknown {
  const categories = stmt('select "id", "name" from "categories" where "deleted_at" is null order by "name_key", "id"').all() as {
    id: number;
    name: string;
  }[];
  const subs = stmt(
    'select "id", "name", "category_id" from "sub_categories" where "deleted_at" is null order by "name_key", "id"',
  ).all() as { id: number; name: string; category_id: number }[];
  const children = stmt(
    'select "id", "name", "sub_category_id" from "child_categories" where "deleted_at" is null order by "name_key", "id"',
  ).all() as { id: number; name: string; sub_category_id: number }[];
  const childrenBySub = new Map<number, { id: number; name: string }[]>();
  for (const child of children) {
    const list = childrenBySub.get(child.sub_category_id) ?? [];
    list.push({ id: child.id, name: child.name });
    childrenBySub.set(child.sub_category_id, list);
  }
  const subsByCategory = new Map<number, unknown[]>();
  for (const sub of subs) {
    const list = subsByCategory.get(sub.category_id) ?? [];
    list.push({ id: sub.id, name: sub.name, childCategories: childrenBySub.get(sub.id) ?? [] });
    subsByCategory.set(sub.category_id, list);
  }
  return categories.map((c) => ({ id: c.id, name: c.name, subCategories: subsByCategory.get(c.id) ?? [] }));
}

// ----- product rows (productRowsQuery, imagesOf) ----------------------------------------------------

const PRODUCT_ROW = `select "p"."id", "p"."name", "p"."description", "p"."price_paisa", "p"."is_featured", "p"."stock",
  "p"."category_id", "p"."sub_category_id", "p"."child_category_id", "p"."created_at", "p"."updated_at",
  "c"."name" as "category_name", "s"."name" as "sub_category_name", "cc"."name" as "child_category_name"
  from "products" as "p" inner join "categories" as "c" on "c"."id" = "p"."category_id"
  left join "sub_categories" as "s" on "s"."id" = "p"."sub_category_id"
  left join "child_categories" as "cc" on "cc"."id" = "p"."child_category_id"`;

type Row = Record<string, unknown> & { id: number };

function imagesOf(ids: number[]): Map<number, string[]> {
  const result = new Map<number, string[]>();
  const rows = stmt(
    `select "product_id", "base_name" from "product_images" where "product_id" in (${marks(ids.length)}) order by "product_id", "position"`,
  ).all(...ids) as { product_id: number; base_name: string }[];
  for (const row of rows) {
    const list = result.get(row.product_id) ?? [];
    list.push(row.base_name);
    result.set(row.product_id, list);
  }
  return result;
}

function product(id: number): Row | undefined {
  const row = stmt(`${PRODUCT_ROW} where "p"."id" = ? and "p"."deleted_at" is null`).get(id) as Row | undefined;
  if (!row) return undefined;
  return { ...row, images: imagesOf([id]).get(id) ?? [] };
}

function productsByIds(ids: number[]): Row[] {
  if (ids.length === 0) return [];
  const rows = stmt(`${PRODUCT_ROW} where "p"."id" in (${marks(ids.length)})`).all(...ids) as Row[];
  const images = imagesOf(ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, images: images.get(id) ?? [] }] : [];
  });
}

// ----- list pages (resolveFilter, whereSql, pageIds, countProducts) --------------------------------

function idsByKey(table: string, key: string, parentColumn?: string, parentIds?: number[]): number[] {
  let sql = `select "id" from "${table}" where "name_key" in (?) and "deleted_at" is null`;
  const params: unknown[] = [key];
  if (parentColumn && parentIds) {
    sql += ` and "${parentColumn}" in (${marks(parentIds.length)})`;
    params.push(...parentIds);
  }
  return (stmt(sql).all(...params) as { id: number }[]).map((row) => row.id);
}

const ORDER: Record<string, string> = {
  newest: 'p.created_at desc, p.id desc',
  price_asc: 'p.price_paisa asc, p.id asc',
  price_desc: 'p.price_paisa desc, p.id desc',
  name: 'p.name_sort asc, p.id asc',
};

// As listing/filter.ts: every word whole but the last, a prefix.
const ftsQuery = (terms: string[]) => terms.map((term, i) => (i === terms.length - 1 ? `"${term}"*` : `"${term}"`)).join(' ');

/** listing/counts.ts priceCountSql: whole buckets from catalog_counts, the two end buckets from the index. */
function priceCount(min: number, max: number | undefined): { sql: string; args: unknown[] } {
  // Each stock part from its own partial index (migration 016).
  const part = (soldOut: number) =>
    `(select count(*) from products p where p.deleted_at is null and p.sold_out = ${soldOut} and p.price_paisa >= ? and p.price_paisa < ?)`;
  const range = `select ${part(0)} + ${part(1)}`;
  const bucket = 'coalesce((select n from catalog_counts where dim = 4 and k = ?), 0)';
  const first = priceBucket(min);
  const last = max === undefined ? undefined : priceBucket(max);
  const twice = (low: number, high: number) => [low, high, low, high];
  if (max !== undefined && last === first) return { sql: `(${range})`, args: twice(min, max + 1) };
  const [low1, high1] = bucketBounds(first);
  const lowEnd =
    min === low1
      ? { sql: bucket, args: [first] }
      : min - low1 <= high1 - min
        ? { sql: `(${bucket} - (${range}))`, args: [first, ...twice(low1, min)] }
        : { sql: `(${range})`, args: twice(min, high1) };
  if (max === undefined || last === undefined) {
    return {
      sql: `${lowEnd.sql} + coalesce((select sum(n) from catalog_counts where dim = 4 and k > ?), 0)`,
      args: [...lowEnd.args, first],
    };
  }
  const [low2, high2] = bucketBounds(last);
  const highEnd =
    max === high2 - 1
      ? { sql: bucket, args: [last] }
      : max + 1 - low2 <= high2 - 1 - max
        ? { sql: `(${range})`, args: twice(low2, max + 1) }
        : { sql: `(${bucket} - (${range}))`, args: [last, ...twice(max + 1, high2)] };
  return {
    sql: `${lowEnd.sql} + coalesce((select sum(n) from catalog_counts where dim = 4 and k > ? and k < ?), 0) + ${highEnd.sql}`,
    args: [...lowEnd.args, first, last, ...highEnd.args],
  };
}

function listPage(params: URLSearchParams): unknown {
  const page = Number(params.get('page') ?? '1');
  const pageSize = Number(params.get('pageSize') ?? '24');
  const empty = { products: [], total: 0, page, pageSize, totalPages: 0 };
  const where: string[] = ['p.deleted_at is null'];
  const args: unknown[] = [];
  let categoryIds: number[] | undefined;
  let subIds: number[] | undefined;
  let childIds: number[] | undefined;
  const category = params.get('category');
  if (category) {
    categoryIds = idsByKey('categories', categoryKey(category));
    if (categoryIds.length === 0) return empty;
    where.push(`"p"."category_id" in (${marks(categoryIds.length)})`);
    args.push(...categoryIds);
  }
  const subcategory = params.get('subcategory');
  if (subcategory) {
    subIds = idsByKey('sub_categories', categoryKey(subcategory), 'category_id', categoryIds);
    if (subIds.length === 0) return empty;
    where.push(`"p"."sub_category_id" in (${marks(subIds.length)})`);
    args.push(...subIds);
  }
  const childcategory = params.get('childcategory');
  if (childcategory) {
    childIds = idsByKey('child_categories', categoryKey(childcategory), 'sub_category_id', subIds);
    if (childIds.length === 0) return empty;
    where.push(`"p"."child_category_id" in (${marks(childIds.length)})`);
    args.push(...childIds);
  }
  const minPrice = params.get('minPrice');
  if (minPrice !== null) {
    where.push('p.price_paisa >= ?');
    args.push(Math.ceil(Number(minPrice) * 100 - 1e-6));
  }
  const maxPrice = params.get('maxPrice');
  if (maxPrice !== null) {
    where.push('p.price_paisa <= ?');
    args.push(Math.floor(Number(maxPrice) * 100 + 1e-6));
  }
  const featured = params.get('featured');
  if (featured !== null) where.push(featured === 'true' || featured === '1' ? 'p.is_featured = 1' : 'p.is_featured = 0');
  const text = params.get('q')?.trim();
  let terms: string[] | undefined;
  if (text) {
    terms = searchTerms(text);
    if (terms.length === 0) return empty;
  }
  const sort = params.get('sort') ?? (terms ? 'relevance' : 'newest');
  const offset = (page - 1) * pageSize;

  // As the app: the stored count first where it answers (listing/counts.ts storedCount).
  let total: number | undefined;
  let live = 0;
  const priced = minPrice !== null || maxPrice !== null;
  let stored: { sql: string; args: unknown[] } | undefined;
  if (!terms && featured === null) {
    const sum = (dim: number, ids: unknown[]) => ({
      sql: `coalesce((select sum(n) from catalog_counts where dim = ${dim} and k in (${marks(ids.length)})), 0)`,
      args: ids,
    });
    if (childcategory) {
      if (!priced && (subIds || !categoryIds)) stored = sum(3, childIds ?? []);
    } else if (subIds) {
      if (!priced) stored = sum(2, subIds);
    } else if (categoryIds) {
      if (!priced) stored = sum(1, categoryIds);
    } else if (priced) {
      const min = minPrice === null ? 0 : Math.ceil(Number(minPrice) * 100 - 1e-6);
      const max = maxPrice === null ? undefined : Math.floor(Number(maxPrice) * 100 + 1e-6);
      stored = max !== undefined && max < min ? { sql: '0', args: [] } : priceCount(min, max);
    } else {
      stored = { sql: '0', args: [] };
    }
  }
  if (stored) {
    const row = stmt(
      `select ${stored.sql} as n, coalesce((select n from catalog_counts where dim = 0 and k = 0), 0) as live`,
    ).get(...stored.args) as { n: number; live: number };
    live = row.live;
    total = where.length === 1 ? live : row.n;
  }

  let countSql: string;
  let countArgs: unknown[];
  const searchOnly = terms !== undefined && where.length === 1;
  const read = (text: string, values: unknown[]) => (stmt(text).all(...values) as { id: number }[]).map((row) => row.id);
  // As listing/filter.ts whereSql: one stock part, or both.
  const partWhere = (part: 0 | 1 | undefined) => (part === undefined ? where : [...where, `p.sold_out = ${part}`]);
  const limit = terms ? Math.max(0, Math.min(pageSize, SEARCH_RESULTS_MAX - offset)) : pageSize;

  /** As listing/queries.ts partPageIds: one page of one stock part. */
  const partIds = (part: 0 | 1, partLimit: number, partOffset: number): number[] => {
    const inPart = partWhere(part);
    if (terms && sort === 'relevance') {
      // As listing/search.ts relevancePageIds: the newest SEARCH_RESULTS_MAX name matches ranked, older name
      // matches newest first, then the description-only matches newest first.
      const matchesOf = (match: string) => ({
        sql: `select p.id, products_fts.rank as r from products_fts join products p on p.id = products_fts.rowid
            where products_fts match ? and ${inPart.join(' and ')} order by products_fts.rowid desc`,
        args: [match, ...args],
      });
      const nameMatch = `name : (${ftsQuery(terms)})`;
      const named = matchesOf(nameMatch);
      const others = matchesOf(`(${ftsQuery(terms)}) NOT ${nameMatch}`);
      const got: number[] = [];
      let nameCount: number | undefined;
      const take = (found: number[], wanted: number) => {
        got.push(...found);
        if (found.length < wanted) {
          const at = partOffset + got.length;
          nameCount =
            found.length > 0
              ? at
              : Number((stmt(`select count(*) as n from (${named.sql} limit ?)`).get(...named.args, at) as { n: number }).n);
        }
      };
      if (partOffset < SEARCH_RESULTS_MAX) {
        const wanted = Math.min(partLimit, SEARCH_RESULTS_MAX - partOffset);
        take(
          read(`select m.id from (${named.sql} limit ?) as m order by m.r, m.id desc limit ? offset ?`, [
            ...named.args,
            SEARCH_RESULTS_MAX,
            wanted,
            partOffset,
          ]),
          wanted,
        );
      }
      if (got.length < partLimit && nameCount === undefined) {
        const wanted = partLimit - got.length;
        take(
          read(`select m.id from (${named.sql} limit ? offset ?) as m`, [...named.args, wanted, partOffset + got.length]),
          wanted,
        );
      }
      if (got.length < partLimit && nameCount !== undefined) {
        got.push(
          ...read(`select m.id from (${others.sql} limit ? offset ?) as m`, [
            ...others.args,
            partLimit - got.length,
            partOffset + got.length - nameCount,
          ]),
        );
      }
      return got;
    }
    const all = [...inPart];
    const allArgs = [...args];
    if (terms) {
      all.push('p.id in (select rowid from products_fts where products_fts match ?)');
      allArgs.push(ftsQuery(terms));
    }
    const order = ORDER[sort] ?? ORDER.newest;
    // As listing/queries.ts indexForPriceRange: a broad range walks the order's index, a narrow one sorts.
    const priceOnly = priced && where.length === 1 + (minPrice !== null ? 1 : 0) + (maxPrice !== null ? 1 : 0) && !terms;
    const walk = order === ORDER.newest ? 'newest' : order === ORDER.name ? 'name' : undefined;
    const subIndexed = subIds && !childcategory && priced && !terms && order !== ORDER.name;
    const twin = part === 1 ? '_sold_out' : '';
    const indexed = subIndexed
      ? ' indexed by products_live_sub_price'
      : walk && priceOnly && total !== undefined && total > 0
        ? ` indexed by ${(partOffset + partLimit) * live < (walk === 'newest' ? 2 : 10) * total * total ? `products_live_${walk}` : 'products_live_price'}${twin}`
        : '';
    return read(`select p.id from products p${indexed} where ${all.join(' and ')} order by ${order} limit ? offset ?`, [
      ...allArgs,
      partLimit,
      partOffset,
    ]);
  };

  let ids: number[];
  if ((total !== undefined && offset >= total) || limit === 0) {
    ids = [];
  } else {
    // As listing/queries.ts pageIds: those in stock, then those sold out.
    ids = partIds(0, limit, offset);
    if (ids.length < limit) {
      let held = offset + ids.length;
      if (ids.length === 0 && offset > 0) {
        const inStock = partWhere(0);
        const matches = terms
          ? {
              sql: `select p.id from products_fts join products p on p.id = products_fts.rowid
                  where products_fts match ? and ${inStock.join(' and ')}`,
              args: [ftsQuery(terms), ...args],
            }
          : { sql: `select p.id from products p where ${inStock.join(' and ')}`, args };
        held = Number(
          (stmt(`select count(*) as n from (${matches.sql} limit ?) as m`).get(...matches.args, offset) as { n: number }).n,
        );
      }
      if (total === undefined || held < total) ids.push(...partIds(1, limit - ids.length, offset + ids.length - held));
    }
  }
  if (total === undefined) {
    if (searchOnly && terms) {
      countSql = `select count(*) as n from (select rowid from products_fts where products_fts match ? limit ${SEARCH_RESULTS_MAX + 1})`;
      countArgs = [ftsQuery(terms)];
    } else if (terms) {
      countArgs = [...args, ftsQuery(terms)];
      countSql = `select count(*) as n from (select p.id from products p where ${[...where, 'p.id in (select rowid from products_fts where products_fts match ?)'].join(' and ')} limit ${SEARCH_RESULTS_MAX + 1})`;
    } else {
      // As listing/counts.ts countProducts: each stock part on its own.
      const part = (soldOut: 0 | 1) => `(select count(*) from products p where ${partWhere(soldOut).join(' and ')})`;
      countArgs = [...args, ...args];
      countSql = `select ${part(0)} + ${part(1)} as n`;
    }
    // As the app: a short first page is the whole result, no count needed (a search is always counted).
    total =
      page === 1 && ids.length < pageSize && !terms ? ids.length : Number((stmt(countSql).get(...countArgs) as { n: number }).n);
  }
  // As the app: a search lists its best SEARCH_RESULTS_MAX, and says when it matched more.
  const more = terms !== undefined && total > SEARCH_RESULTS_MAX;
  const shown = more ? SEARCH_RESULTS_MAX : total;
  return {
    products: productsByIds(ids),
    total: shown,
    ...(more ? { totalAtLeast: true } : {}),
    page,
    pageSize,
    totalPages: Math.ceil(shown / pageSize),
  };
}

// ----- server ----------------------------------------------------------------------------------------

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const server = http.createServer((req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname === '/api/health') return send(res, 200, { status: 'ok' });
    if (url.pathname === '/api/category') return send(res, 200, tree());
    if (url.pathname === '/api/products') return send(res, 200, listPage(url.searchParams));
    const match = /^\/api\/products\/(\d+)$/.exec(url.pathname);
    if (match) {
      const row = product(Number(match[1]));
      return row ? send(res, 200, row) : send(res, 404, { message: 'Product not found' });
    }
    send(res, 404, { message: 'Not found' });
  } catch (error) {
    send(res, 500, { message: error instanceof Error ? error.message : String(error) });
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
const stop = () => server.close(() => db.close());
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
