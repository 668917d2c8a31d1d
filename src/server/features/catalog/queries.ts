import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import { type Dialect, PreparedQueries, PreparedQuery } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import { STOP_WORDS } from './stop-words.js';

/**
 * SQL of the catalogue. Every product read is of live rows (deleted_at IS NULL), which the
 * partial indexes of migration 002 cover. List pages are read in two steps: the ids of one page
 * straight from an index (ORDER BY … LIMIT/OFFSET), then those rows with their names and images.
 */

export type Db = Kysely<Database> | Transaction<Database>;
export type CategoryLevel = 'categories' | 'sub_categories' | 'child_categories';

// The hot reads below are compiled once (PreparedQuery, db/client.ts): Kysely builds and compiles a
// tree of query objects on every call, which is a good part of the CPU of a small read.

// ---------------------------------------------------------------------------------------------
// Catalogue version (migration 004): bumped in every write transaction, read before cached lists.

const versionQuery = new PreparedQuery<{ version: number }, []>('catalog-version', (db) =>
  db.selectFrom('catalog_state').select('version').where('id', '=', sql.lit(1)),
);

export async function catalogVersion(db: Db): Promise<number> {
  const row = await versionQuery.first(db);
  return Number(row?.version ?? 0);
}

const stockQuery = new PreparedQueries<{ id: number; stock: number | null }>('catalog-stock', (db, ids) =>
  db.selectFrom('products').select(['id', 'stock']).where('id', 'in', ids),
);

// The version row, joined to the products (none joined still gives the version).
const versionStockQuery = new PreparedQueries<{ version: number; id: number | null; stock: number | null }>(
  'catalog-version-stock',
  (db, ids) =>
    db
      .selectFrom('catalog_state as s')
      .leftJoin('products as p', (join) => join.on('p.id', 'in', ids))
      .select(['s.version', 'p.id', 'p.stock'])
      .where('s.id', '=', sql.lit(1)),
);

/** Most products whose stock is read in the same statement as the version (larger lists read it apart). */
const STOCK_WITH_VERSION_MAX = 100;

/**
 * The catalogue version and the current stock of the given products (stock is the one product
 * field that changes without a new version: orders move it). Unknown ids are left out of the map.
 */
export async function versionAndStock(db: Db, ids: number[]): Promise<{ version: number; stock: Map<number, number | null> }> {
  const stock = new Map<number, number | null>();
  if (ids.length === 0 || ids.length > STOCK_WITH_VERSION_MAX) {
    const version = await catalogVersion(db);
    for (const part of chunks(ids, ID_CHUNK)) {
      for (const row of await stockQuery.rows(db, part)) stock.set(Number(row.id), row.stock);
    }
    return { version, stock };
  }
  // One statement for both.
  const rows = await versionStockQuery.rows(db, ids);
  for (const row of rows) if (row.id !== null) stock.set(Number(row.id), row.stock);
  return { version: Number(rows[0]?.version ?? 0), stock };
}

export async function bumpCatalogVersion(db: Db): Promise<void> {
  await db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Categories

export interface NodeRow {
  id: number;
  name: string;
  parent_id: number | null;
}

export async function loadTree(db: Db) {
  const [categories, subs, children] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('deleted_at', 'is', null)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sub_categories')
      .select(['id', 'name', 'category_id'])
      .where('deleted_at', 'is', null)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('child_categories')
      .select(['id', 'name', 'sub_category_id'])
      .where('deleted_at', 'is', null)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
  ]);
  return { categories, subs, children };
}

export function findCategory(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findSubCategory(db: Db, id: number) {
  return db
    .selectFrom('sub_categories')
    .select(['id', 'name', 'category_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findChildCategory(db: Db, id: number) {
  return db
    .selectFrom('child_categories')
    .select(['id', 'name', 'sub_category_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A live node of a level by its name key, under the given parent (categories have none). */
export async function findByKey(db: Db, level: CategoryLevel, key: string, parentId?: number): Promise<NodeRow | undefined> {
  if (level === 'categories') {
    const row = await db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('name_key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && { ...row, parent_id: null };
  }
  if (level === 'sub_categories') {
    const row = await db
      .selectFrom('sub_categories')
      .select(['id', 'name', 'category_id as parent_id'])
      .where('name_key', '=', key)
      .where('category_id', '=', parentId ?? -1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row;
  }
  return db
    .selectFrom('child_categories')
    .select(['id', 'name', 'sub_category_id as parent_id'])
    .where('name_key', '=', key)
    .where('sub_category_id', '=', parentId ?? -1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Ids of the live nodes of a level whose key is one of `keys`, optionally under the given parents. */
export async function idsByKeys(db: Db, level: CategoryLevel, keys: string[], parentIds?: number[]): Promise<number[]> {
  if (keys.length === 0 || (parentIds && parentIds.length === 0)) return [];
  let rows: { id: number }[];
  if (level === 'categories') {
    rows = await db.selectFrom('categories').select('id').where('name_key', 'in', keys).where('deleted_at', 'is', null).execute();
  } else if (level === 'sub_categories') {
    let query = db.selectFrom('sub_categories').select('id').where('name_key', 'in', keys).where('deleted_at', 'is', null);
    if (parentIds) query = query.where('category_id', 'in', parentIds);
    rows = await query.execute();
  } else {
    let query = db.selectFrom('child_categories').select('id').where('name_key', 'in', keys).where('deleted_at', 'is', null);
    if (parentIds) query = query.where('sub_category_id', 'in', parentIds);
    rows = await query.execute();
  }
  return rows.map((row) => row.id);
}

export async function insertCategory(db: Db, name: string, key: string, now: string): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({ name, name_key: key, created_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSubCategory(db: Db, categoryId: number, name: string, key: string, now: string): Promise<number> {
  const row = await db
    .insertInto('sub_categories')
    .values({ category_id: categoryId, name, name_key: key, created_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertChildCategory(
  db: Db,
  subCategoryId: number,
  name: string,
  key: string,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('child_categories')
    .values({ sub_category_id: subCategoryId, name, name_key: key, created_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function softDeleteNode(db: Db, level: CategoryLevel, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable(level)
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countLiveSubCategories(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('sub_categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countLiveChildCategories(db: Db, subCategoryId: number): Promise<number> {
  const row = await db
    .selectFrom('child_categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sub_category_id', '=', subCategoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const PRODUCT_COLUMN: Record<CategoryLevel, 'category_id' | 'sub_category_id' | 'child_category_id'> = {
  categories: 'category_id',
  sub_categories: 'sub_category_id',
  child_categories: 'child_category_id',
};

/** Of the given child categories, those that are not in one of the given categories. */
export async function childCategoriesOutside(db: Db, childIds: number[], categoryIds: number[]): Promise<number[]> {
  if (childIds.length === 0 || categoryIds.length === 0) return childIds;
  const rows = await db
    .selectFrom('child_categories as cc')
    .innerJoin('sub_categories as s', 's.id', 'cc.sub_category_id')
    .select('cc.id')
    .where('cc.id', 'in', childIds)
    .where('s.category_id', 'not in', categoryIds)
    .execute();
  const outside = new Set(rows.map((row) => row.id));
  return childIds.filter((id) => outside.has(id));
}

export async function countLiveProductsIn(db: Db, level: CategoryLevel, id: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(PRODUCT_COLUMN[level], '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// Product lists

/**
 * A resolved product filter: category names already turned into ids. An empty id list means
 * "nothing can match" and is handled by the caller before querying.
 */
export interface ProductFilter {
  categoryIds?: number[];
  subCategoryIds?: number[];
  childCategoryIds?: number[];
  /** The checkbox filter: category in one list OR child category in the other. */
  anyOf?: { categoryIds: number[]; childCategoryIds: number[] };
  minPaisa?: number;
  maxPaisa?: number;
  featured?: boolean;
  /** Words to search, already reduced to letters and digits (see searchTerms). */
  search?: string[];
}

export type ListSort = 'newest' | 'price_asc' | 'price_desc' | 'name' | 'relevance';

/**
 * Splits search text into at most 8 words of letters, marks and digits (safe for FTS5 and
 * tsquery syntax), without stop words. No words left: nothing can match.
 */
export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const kept = words.filter((word) => !STOP_WORDS.has(word)).map((word) => word.slice(0, 40));
  return [...new Set(kept)].slice(0, 8);
}

/**
 * Every word required; the last one as a prefix, the word being typed (the search box searches as
 * the shopper types), the others whole ("prefixLast", Algolia's default). A prefix costs: GIN
 * merges the entries of every word it begins, and "core:* & grey:*" took 9 ms at 100 000 products
 * where "core & grey:*" took 5 and "core & grey" 1.6.
 */
const asTyped = (terms: string[], whole: (term: string) => string, prefix: (term: string) => string) =>
  terms.map((term, i) => (i === terms.length - 1 ? prefix(term) : whole(term)));
/** FTS5: quoted words (see asTyped). */
const ftsQuery = (terms: string[]) =>
  asTyped(
    terms,
    (term) => `"${term}"`,
    (term) => `"${term}"*`,
  ).join(' ');
/** PostgreSQL: tsquery words (see asTyped). */
const tsQuery = (terms: string[]) =>
  asTyped(
    terms,
    (term) => term,
    (term) => `${term}:*`,
  ).join(' & ');
const tsQuerySql = (terms: string[]) => sql`to_tsquery('english', ${tsQuery(terms)})`;

function whereSql(dialect: Dialect, filter: ProductFilter): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`p.deleted_at is null`];
  const inList = (column: string, ids: number[]) => sql`${sql.ref(column)} in (${sql.join(ids)})`;
  if (filter.categoryIds) parts.push(inList('p.category_id', filter.categoryIds));
  if (filter.subCategoryIds) parts.push(inList('p.sub_category_id', filter.subCategoryIds));
  if (filter.childCategoryIds) parts.push(inList('p.child_category_id', filter.childCategoryIds));
  if (filter.anyOf) {
    const alternatives: RawBuilder<unknown>[] = [];
    if (filter.anyOf.categoryIds.length > 0) alternatives.push(inList('p.category_id', filter.anyOf.categoryIds));
    if (filter.anyOf.childCategoryIds.length > 0) alternatives.push(inList('p.child_category_id', filter.anyOf.childCategoryIds));
    parts.push(alternatives.length > 0 ? sql`(${sql.join(alternatives, sql` or `)})` : sql`1 = 0`);
  }
  if (filter.minPaisa !== undefined) parts.push(sql`p.price_paisa >= ${filter.minPaisa}`);
  if (filter.maxPaisa !== undefined) parts.push(sql`p.price_paisa <= ${filter.maxPaisa}`);
  // Literal 1/0 (not a parameter) so SQLite can use the partial index on featured products.
  if (filter.featured === true) parts.push(sql`p.is_featured = 1`);
  if (filter.featured === false) parts.push(sql`p.is_featured = 0`);
  if (filter.search) {
    parts.push(
      dialect === 'postgres'
        ? sql`p.search @@ ${tsQuerySql(filter.search)}`
        : sql`p.id in (select rowid from products_fts where products_fts match ${ftsQuery(filter.search)})`,
    );
  }
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

const ORDER: Record<Exclude<ListSort, 'relevance'>, RawBuilder<unknown>> = {
  newest: sql`p.created_at desc, p.id desc`,
  price_asc: sql`p.price_paisa asc, p.id asc`,
  price_desc: sql`p.price_paisa desc, p.id desc`,
  name: sql`p.name_sort asc, p.id asc`,
};

/** The columns each order reads (to merge pages read apart). */
const ORDER_COLUMNS: Record<Exclude<ListSort, 'relevance'>, string> = {
  newest: 'p.created_at',
  price_asc: 'p.price_paisa',
  price_desc: 'p.price_paisa',
  name: 'p.name_sort',
};

/** What the caller of pageIds may already know, for the plan of the page. */
export interface KnownCounts {
  /** From storedCount: lets SQLite choose the plan of a price range listed newest first or by name (indexForPriceRange). */
  stored?: StoredCount | undefined;
  /** A search's matches as countProducts gives them (at most SEARCH_RESULTS_MAX + 1). */
  matches?: number | undefined;
  /** How many name matches a search in relevance order ranks (tests make it small). */
  rankWindow?: number;
}

/** Ids of one page of live products, in order. */
export async function pageIds(
  db: Db,
  dialect: Dialect,
  filter: ProductFilter,
  sort: ListSort,
  limit: number,
  offset: number,
  known: KnownCounts = {},
): Promise<number[]> {
  const rankWindow = known.rankWindow ?? SEARCH_RESULTS_MAX;
  let query: RawBuilder<{ id: number }>;
  if (dialect === 'postgres' && filter.search && known.matches !== undefined && known.matches <= rankWindow && !filter.anyOf) {
    return fewMatchesPageIds(db, { ...filter, search: filter.search }, sort, limit, offset);
  } else if (sort === 'relevance' && filter.search) {
    return relevancePageIds(db, dialect, { ...filter, search: filter.search }, limit, offset, rankWindow);
  } else if (filter.anyOf && filter.anyOf.categoryIds.length + filter.anyOf.childCategoryIds.length > 1) {
    // The checkbox filter: "category IN (…) OR child category IN (…)" has no index in the list's
    // order, so SQLite read every match and sorted it (~30 ms for two categories at 100 000).
    // Each checked node alone is read in order from its index (offset + limit at most), and the
    // parts (disjoint, see resolveFilter) are merged.
    const { anyOf, ...rest } = filter;
    const key = sort === 'relevance' ? 'newest' : sort;
    const order = ORDER[key];
    const parts = [
      ...anyOf.categoryIds.map((id) => sql`p.category_id = ${id}`),
      ...anyOf.childCategoryIds.map((id) => sql`p.child_category_id = ${id}`),
    ];
    const selects = parts.map(
      (part, i) => sql`select * from (select p.id, ${sql.raw(ORDER_COLUMNS[key])} from products p
        where ${whereSql(dialect, rest)} and ${part} order by ${order} limit ${limit + offset}) as ${sql.raw(`part${i}`)}`,
    );
    query = sql`select p.id from (${sql.join(selects, sql` union all `)}) as p order by ${order} limit ${limit} offset ${offset}`;
  } else {
    const order = ORDER[sort === 'relevance' ? 'newest' : sort];
    let index: string | undefined;
    if (dialect === 'sqlite' && (order === ORDER.newest || order === ORDER.name) && priceOnly(filter)) {
      index = await indexForPriceRange(db, filter, order === ORDER.newest ? 'newest' : 'name', limit + offset, known.stored);
    } else if (dialect === 'sqlite' && order !== ORDER.name && subWithPrice(filter)) {
      // SQLite takes products_live_category_price (category and price) and reads every row of the
      // range for the subcategory: ~1.8 ms for 4 000 rows against ~0.2 ms from the subcategory's own.
      index = 'products_live_sub_price';
    }
    query = sql`select p.id from products p${index ? sql.raw(` indexed by ${index}`) : sql``} where ${whereSql(dialect, filter)}
      order by ${order} limit ${limit} offset ${offset}`;
  }
  const { rows } = await query.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * A search lists at most this many results (ten pages of 24), the best first: its count stops
 * here, and its ranking reads at most this many name matches. Ranking costs 1-5 µs a match
 * (bm25, ts_rank), and counting on PostgreSQL about 1 µs (each match's row is read): a common
 * word in a large catalogue ("pro": 28 000 matches at 100 000 products) took 45 ms to count
 * there, and 1 000 results still 15-25 ms to rank and count. Shops cap a broad search the same
 * way (Amazon lists 7 pages of one); a shopper narrows it long before. See ADR 0018.
 */
export const SEARCH_RESULTS_MAX = 240;

/** FTS5: every word as a prefix, all required, in the name column. */
const ftsNameQuery = (terms: string[]) => `name : (${ftsQuery(terms)})`;

/**
 * PostgreSQL, a search with few matches (all of them listed): every match is read from the GIN
 * indexes and sorted. Left to itself, PostgreSQL took two common words that rarely go together
 * ("usb asus") for a dense search, walked the whole table in id or price order looking for
 * matches, and found none in 100-170 ms. The order is relevancePageIds' with every name match ranked.
 */
async function fewMatchesPageIds(
  db: Db,
  filter: ProductFilter & { search: string[] },
  sort: ListSort,
  limit: number,
  offset: number,
): Promise<number[]> {
  const query = tsQuerySql(filter.search);
  const inName = sql`p.name_search @@ ${query}`;
  const order =
    sort === 'relevance'
      ? sql`p.in_name desc, case when p.in_name then ts_rank(p.search, ${query}) else 0 end desc, p.id desc`
      : ORDER[sort];
  const { rows } = await sql<{ id: number }>`
    with matches as materialized (
      select p.id, p.search, ${inName} as in_name, p.created_at, p.price_paisa, p.name_sort
      from products p where ${whereSql('postgres', filter)}
    )
    select p.id from matches p order by ${order} limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * Ids of one page of a search in relevance order. Name matches (every word in the name) come
 * first: the newest `window` of them ranked (bm25 on SQLite, ts_rank on PostgreSQL: a name that
 * is mostly the words searched ranks first; ties newest first), then any older ones newest first.
 * The matches in the description only follow, newest first. Each part is read in id order from
 * the index and stops after what the page needs, so a broad search costs about the window, not
 * its matches; with the window at SEARCH_RESULTS_MAX every listed name match is ranked.
 */
async function relevancePageIds(
  db: Db,
  dialect: Dialect,
  filter: ProductFilter & { search: string[] },
  limit: number,
  offset: number,
  window: number,
): Promise<number[]> {
  const { search, ...rest } = filter;
  const read = async (query: RawBuilder<{ id: number }>) => (await query.execute(db)).rows.map((row) => Number(row.id));
  // The name matches newest first (with what ranks them), and the description-only matches.
  // SQLite's rank (bm25, migration 004) can only be read inside the FTS query; PostgreSQL ranks
  // outside, the window's rows only.
  let named: RawBuilder<unknown>;
  let others: RawBuilder<unknown>;
  let ranked: RawBuilder<unknown>;
  if (dialect === 'postgres') {
    // The names' own index (migration 013): the index of name and description cannot tell a name
    // match, and a word common in descriptions but rare in names read every match to find them.
    const inName = sql`p.name_search @@ ${tsQuerySql(search)}`;
    named = sql`select p.id, p.search from products p where ${whereSql(dialect, rest)} and ${inName} order by p.id desc`;
    others = sql`select p.id from products p where ${whereSql(dialect, filter)} and not ${inName} order by p.id desc`;
    ranked = sql`ts_rank(m.search, ${tsQuerySql(search)}) desc, m.id desc`;
  } else {
    const fts = (match: string) =>
      searchOnly(filter)
        ? sql`select rowid as id, rank as r from products_fts where products_fts match ${match} order by rowid desc`
        : sql`select p.id, products_fts.rank as r from products_fts join products p on p.id = products_fts.rowid
            where products_fts match ${match} and ${whereSql(dialect, rest)} order by products_fts.rowid desc`;
    named = fts(ftsNameQuery(search));
    others = fts(`(${ftsQuery(search)}) NOT ${ftsNameQuery(search)}`);
    ranked = sql`m.r, m.id desc`;
  }
  const countNamed = async (atMost: number) =>
    Number((await sql<{ n: number }>`select count(*) as n from (${named} limit ${atMost}) as m`.execute(db)).rows[0]?.n ?? 0);

  const ids: number[] = [];
  // How many name matches there are, once they ran out before the page was full.
  let nameCount: number | undefined;
  const take = async (query: RawBuilder<{ id: number }>, wanted: number) => {
    const got = await read(query);
    ids.push(...got);
    if (got.length < wanted) {
      const at = offset + ids.length;
      nameCount = got.length > 0 ? at : await countNamed(at);
    }
  };
  if (offset < window) {
    const wanted = Math.min(limit, window - offset);
    await take(sql`select m.id from (${named} limit ${window}) as m order by ${ranked} limit ${wanted} offset ${offset}`, wanted);
  }
  if (ids.length < limit && nameCount === undefined) {
    const wanted = limit - ids.length;
    await take(sql`select m.id from (${named} limit ${wanted} offset ${offset + ids.length}) as m`, wanted);
  }
  if (ids.length < limit && nameCount !== undefined) {
    ids.push(
      ...(await read(
        sql`select m.id from (${others} limit ${limit - ids.length} offset ${offset + ids.length - nameCount}) as m`,
      )),
    );
  }
  return ids;
}

/** A subcategory (no child category) with a price range, and no search. */
function subWithPrice(filter: ProductFilter): boolean {
  return (
    filter.subCategoryIds !== undefined &&
    filter.childCategoryIds === undefined &&
    filter.search === undefined &&
    (filter.minPaisa !== undefined || filter.maxPaisa !== undefined)
  );
}

/** True when the filter is a price range and nothing else. */
function priceOnly(filter: ProductFilter): boolean {
  return (
    (filter.minPaisa !== undefined || filter.maxPaisa !== undefined) &&
    Object.entries(filter).every(([key, value]) => key === 'minPaisa' || key === 'maxPaisa' || value === undefined)
  );
}

/**
 * SQLite's plan for a price range listed newest first or by name. It cannot know how many
 * products a range holds, and reads the whole range from products_live_price to sort it (~9 ms
 * newest first for 64 000 products; ~100 ms by name, which it reads from each row). The stored
 * counts tell: for `needed` = offset + limit products, walking the order's own index
 * (products_live_newest or products_live_name, both ending in price_paisa: index only) reads about
 * needed × live ÷ matches entries, while the price index reads and sorts `matches` (an entry
 * sorted costs about twice one walked newest first, ten times by name). A broad range walks; a
 * narrow one (a few thousand at 100 000 products) sorts.
 */
async function indexForPriceRange(
  db: Db,
  filter: ProductFilter,
  order: 'newest' | 'name',
  needed: number,
  counted?: StoredCount,
): Promise<string | undefined> {
  const counts = counted ?? (await storedCount(db, filter));
  if (!counts || counts.n === 0) return undefined;
  const sortCost = order === 'newest' ? 2 : 10;
  return needed * counts.live < sortCost * counts.n * counts.n ? `products_live_${order}` : 'products_live_price';
}

/** True when the filter is a text search and nothing else. */
function searchOnly(filter: ProductFilter): filter is ProductFilter & { search: string[] } {
  return filter.search !== undefined && Object.entries(filter).every(([key, value]) => key === 'search' || value === undefined);
}

/**
 * count(*) of the matching live products (linear in the matches; storedCount first where it can
 * answer). A search counts at most SEARCH_RESULTS_MAX + 1: more than the maximum is all it needs.
 */
export async function countProducts(db: Db, dialect: Dialect, filter: ProductFilter): Promise<number> {
  const matches =
    dialect === 'sqlite' && searchOnly(filter)
      ? sql`select rowid from products_fts where products_fts match ${ftsQuery(filter.search)}`
      : sql`select p.id from products p where ${whereSql(dialect, filter)}`;
  const query = filter.search
    ? sql<{ n: number }>`select count(*) as n from (${matches} limit ${SEARCH_RESULTS_MAX + 1}) as m`
    : sql<{ n: number }>`select count(*) as n from (${matches}) as m`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Stored counts (migration 006): catalog_counts holds the number of live products per category,
// subcategory, child category and price bucket, and of all of them, kept by triggers.

const DIM = { all: 0, category: 1, sub: 2, child: 3, price: 4 } as const;

/** The price bucket of migration 006: number of digits × 100 + the first two digits (29 900 → 529). */
export function priceBucket(paisa: number): number {
  const digits = String(paisa);
  return digits.length * 100 + Number(digits.slice(0, 2));
}

/** The paisa a bucket holds: [low, high). */
export function bucketBounds(bucket: number): [number, number] {
  const length = Math.floor(bucket / 100);
  const lead = bucket % 100;
  if (length === 1) return [lead, lead + 1];
  const unit = 10 ** (length - 2);
  return [lead * unit, (lead + 1) * unit];
}

export interface StoredCount {
  /** Live products matching the filter (exact). */
  n: number;
  /** All live products. */
  live: number;
}

const storedSum = (dim: number, ids: number[], extra: RawBuilder<unknown> = sql``) =>
  sql`coalesce((select sum(n) from catalog_counts where dim = ${sql.lit(dim)} and k in (${sql.join(ids)})${extra}), 0)`;

/** Live products with low <= price_paisa < high, counted from products_live_price. */
const priceRangeCount = (low: number, high: number) =>
  sql`(select count(*) from products p where p.deleted_at is null and p.price_paisa >= ${low} and p.price_paisa < ${high})`;

const bucketCount = (bucket: number) =>
  sql`coalesce((select n from catalog_counts where dim = ${sql.lit(DIM.price)} and k = ${bucket}), 0)`;

/**
 * Live products with min <= price_paisa <= max (max undefined: no upper bound): the whole buckets
 * between the two ends from catalog_counts, and the parts of the two end buckets from the index
 * (each from the nearer end of its bucket: at most half a bucket, a few hundred entries at
 * 100 000 products, instead of the whole range).
 */
function priceCountSql(min: number, max: number | undefined): RawBuilder<unknown> {
  const first = priceBucket(min);
  const last = max === undefined ? undefined : priceBucket(max);
  if (max !== undefined && last === first) return priceRangeCount(min, max + 1);
  const [low1, high1] = bucketBounds(first);
  const lowEnd =
    min === low1
      ? bucketCount(first)
      : min - low1 <= high1 - min
        ? sql`(${bucketCount(first)} - ${priceRangeCount(low1, min)})`
        : priceRangeCount(min, high1);
  if (max === undefined || last === undefined) {
    return sql`${lowEnd} + coalesce((select sum(n) from catalog_counts where dim = ${sql.lit(DIM.price)} and k > ${first}), 0)`;
  }
  const [low2, high2] = bucketBounds(last);
  const highEnd =
    max === high2 - 1
      ? bucketCount(last)
      : max + 1 - low2 <= high2 - 1 - max
        ? priceRangeCount(low2, max + 1)
        : sql`(${bucketCount(last)} - ${priceRangeCount(max + 1, high2)})`;
  return sql`${lowEnd} + coalesce((select sum(n) from catalog_counts where dim = ${sql.lit(DIM.price)} and k > ${first} and k < ${last}), 0) + ${highEnd}`;
}

/**
 * The count of a filter from catalog_counts, or undefined when it cannot be had there (a search,
 * the featured flag, a category level together with a price range or the checkbox filter, a
 * child category asked within a category without its subcategory): those are counted by
 * countProducts. A category level sums its rows (the ids of a deeper level were resolved within
 * the given parent level, and a product's path is always one path of the tree, so the parent
 * condition adds nothing); the checkbox filter sums its categories and those of its child
 * categories that are not in one of them.
 */
export async function storedCount(db: Db, filter: ProductFilter): Promise<StoredCount | undefined> {
  if (filter.search !== undefined || filter.featured !== undefined) return undefined;
  const priced = filter.minPaisa !== undefined || filter.maxPaisa !== undefined;
  const levels = filter.categoryIds ?? filter.subCategoryIds ?? filter.childCategoryIds;
  let expression: RawBuilder<unknown>;
  if (filter.anyOf) {
    if (priced || levels) return undefined;
    const { categoryIds, childCategoryIds } = filter.anyOf;
    const parts: RawBuilder<unknown>[] = [];
    if (categoryIds.length > 0) parts.push(storedSum(DIM.category, categoryIds));
    if (childCategoryIds.length > 0) {
      parts.push(
        storedSum(
          DIM.child,
          childCategoryIds,
          categoryIds.length > 0
            ? sql` and k not in (select cc.id from child_categories cc join sub_categories s on s.id = cc.sub_category_id
                where s.category_id in (${sql.join(categoryIds)}))`
            : sql``,
        ),
      );
    }
    expression = parts.length > 0 ? sql.join(parts, sql` + `) : sql`0`;
  } else if (filter.childCategoryIds) {
    if (priced || (filter.categoryIds && !filter.subCategoryIds)) return undefined;
    expression = storedSum(DIM.child, filter.childCategoryIds);
  } else if (filter.subCategoryIds) {
    if (priced) return undefined;
    expression = storedSum(DIM.sub, filter.subCategoryIds);
  } else if (filter.categoryIds) {
    if (priced) return undefined;
    expression = storedSum(DIM.category, filter.categoryIds);
  } else if (priced) {
    const min = Math.max(0, filter.minPaisa ?? 0);
    const max = filter.maxPaisa;
    if (max !== undefined && max < min) expression = sql`0`;
    else expression = priceCountSql(min, max);
  } else {
    expression = sql`0`;
  }
  const { rows } = await sql<{ n: number | string; live: number | string }>`select ${expression} as n,
    coalesce((select n from catalog_counts where dim = ${sql.lit(DIM.all)} and k = 0), 0) as live`.execute(db);
  const live = Number(rows[0]?.live ?? 0);
  const all = !filter.anyOf && !levels && !priced;
  return { n: all ? live : Number(rows[0]?.n ?? 0), live };
}

/** Ids of live products matching the filter, newest first, at most `limit` (the plain list of the contract). */
export async function newestIds(db: Db, dialect: Dialect, filter: ProductFilter, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select p.id from products p where ${whereSql(dialect, filter)}
    order by ${ORDER.newest} limit ${limit}`.execute(db);
  return rows.map((row) => Number(row.id));
}

// ---------------------------------------------------------------------------------------------
// Product rows

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  price_paisa: number;
  is_featured: number;
  stock: number | null;
  category_id: number;
  sub_category_id: number | null;
  child_category_id: number | null;
  created_at: string;
  updated_at: string;
  category_name: string;
  sub_category_name: string | null;
  child_category_name: string | null;
}

const ID_CHUNK = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function productRowsQuery(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('sub_categories as s', 's.id', 'p.sub_category_id')
    .leftJoin('child_categories as cc', 'cc.id', 'p.child_category_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.price_paisa',
      'p.is_featured',
      'p.stock',
      'p.category_id',
      'p.sub_category_id',
      'p.child_category_id',
      'p.created_at',
      'p.updated_at',
      'c.name as category_name',
      's.name as sub_category_name',
      'cc.name as child_category_name',
    ]);
}

type ProductRowFromDb = Awaited<ReturnType<ReturnType<typeof productRowsQuery>['executeTakeFirstOrThrow']>>;

const productRowsByIdQuery = new PreparedQueries<ProductRowFromDb>('catalog-rows', (db, ids) =>
  productRowsQuery(db).where('p.id', 'in', ids),
);

/** Rows of the given ids (live or not — callers decide), in the order of `ids`. */
export async function productRows(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map<number, ProductRow>();
  for (const part of chunks(ids, ID_CHUNK)) {
    const rows = await productRowsByIdQuery.rows(db, part);
    for (const row of rows) byId.set(Number(row.id), { ...row, price_paisa: Number(row.price_paisa) });
  }
  return ids.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined);
}

const liveProductRowQuery = new PreparedQuery<ProductRowFromDb, [id: number]>('catalog-live-row', (db, $) =>
  productRowsQuery(db).where('p.id', '=', $(0)).where('p.deleted_at', 'is', null),
);

export async function liveProductRow(db: Db, id: number): Promise<ProductRow | undefined> {
  const row = await liveProductRowQuery.first(db, id);
  return row && { ...row, price_paisa: Number(row.price_paisa) };
}

const imagesByProductQuery = new PreparedQueries<{ product_id: number; base_name: string }>('catalog-images', (db, ids) =>
  db
    .selectFrom('product_images')
    .select(['product_id', 'base_name'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position'),
);

/** Image base names of the given products, in position order, in one query per 500 products. */
export async function imagesOf(db: Db, productIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  for (const part of chunks(productIds, ID_CHUNK)) {
    const rows = await imagesByProductQuery.rows(db, part);
    for (const row of rows) {
      const list = result.get(row.product_id) ?? [];
      list.push(row.base_name);
      result.set(row.product_id, list);
    }
  }
  return result;
}

export interface NewProduct {
  name: string;
  description: string;
  price_paisa: number;
  category_id: number;
  sub_category_id: number | null;
  child_category_id: number | null;
  is_featured: number;
  stock: number | null;
  created_at: string;
  updated_at: string;
}

export const nameSort = (name: string) => name.normalize('NFKC').toLowerCase();

export async function insertProduct(db: Db, product: NewProduct): Promise<number> {
  const row = await db
    .insertInto('products')
    .values({ ...product, name_sort: nameSort(product.name), deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Inserts many products in multi-row statements; returns their ids in input order.
 * (Ids of one statement are assigned in VALUES order on both databases; sorting them restores it
 * even if another writer's ids interleave.)
 */
export async function insertProducts(db: Db, products: NewProduct[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(products, 400)) {
    const rows = await db
      .insertInto('products')
      .values(part.map((product) => ({ ...product, name_sort: nameSort(product.name), deleted_at: null })))
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

export async function insertImages(db: Db, rows: { product_id: number; position: number; base_name: string }[]): Promise<void> {
  for (const part of chunks(rows, 1000)) {
    if (part.length > 0) await db.insertInto('product_images').values(part).execute();
  }
}

export async function replaceImages(db: Db, productId: number, baseNames: string[]): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  await insertImages(
    db,
    baseNames.map((base_name, position) => ({ product_id: productId, position, base_name })),
  );
}

/** Of the given base names, those no product row refers to any more. */
export async function unusedBaseNames(db: Db, baseNames: string[]): Promise<string[]> {
  if (baseNames.length === 0) return [];
  const used = await db.selectFrom('product_images').select('base_name').where('base_name', 'in', baseNames).execute();
  const usedSet = new Set(used.map((row) => row.base_name));
  return baseNames.filter((base) => !usedSet.has(base));
}

export interface ProductPatch {
  name?: string;
  description?: string;
  price_paisa?: number;
  category_id?: number;
  sub_category_id?: number | null;
  child_category_id?: number | null;
  is_featured?: number;
  stock?: number | null;
}

export async function updateProduct(db: Db, id: number, patch: ProductPatch, now: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...patch, ...(patch.name !== undefined ? { name_sort: nameSort(patch.name) } : {}), updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Flips is_featured of a live product; returns the new value, or undefined when there is none. */
export async function toggleFeatured(db: Db, id: number, now: string): Promise<boolean | undefined> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({ is_featured: eb(sql.lit(1), '-', eb.ref('is_featured')), updated_at: now }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('is_featured')
    .executeTakeFirst();
  return row ? row.is_featured === 1 : undefined;
}

export async function softDeleteProduct(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Sitemap

/** Live products with an id below `beforeId`, newest first, for the sitemap (keyset pages keep memory flat). */
export function sitemapProducts(db: Db, beforeId: number, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('deleted_at', 'is', null)
    .where('id', '<', beforeId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
