import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../../db/client.js';
import type { Db } from '../queries.js';
import { type StoredCount, countUpTo, storedCount } from './counts.js';
import {
  type ListSort,
  ORDER,
  ORDER_COLUMNS,
  type ProductFilter,
  facetFrom,
  priceOnly,
  subWithPrice,
  whereSql,
} from './filter.js';
import { SEARCH_RESULTS_MAX, fewMatchesPageIds, relevancePageIds } from './search.js';

/**
 * SQL of product lists. Pages are read in two steps: the ids of one page straight from an index
 * (ORDER BY … LIMIT/OFFSET, here), then those rows with their names and images (catalog/queries.ts).
 */

/** What the caller of pageIds may already know, for the plan of the page. */
export interface KnownCounts {
  /** From storedCount: lets SQLite choose the plan of a price range listed newest first or by name (indexForPriceRange). */
  stored?: StoredCount | undefined;
  /** A search's matches as countProducts (counts.ts) gives them (at most SEARCH_RESULTS_MAX + 1). */
  matches?: number | undefined;
  /** How many name matches a search in relevance order ranks (tests make it small). */
  rankWindow?: number;
}

/**
 * Ids of one page of live products, in order: the products in stock first, then those sold out
 * (migration 016, ADR 0022), each part in the list's order. Each part is read on its own, in
 * order from an index (the level indexes hold sold_out after their level columns; those of the
 * whole catalogue are partial on one part), so a page within the first part costs what the whole
 * list cost before; only the page where the first part ends reads the second too.
 */
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
  if (dialect === 'postgres' && filter.search && known.matches !== undefined && known.matches <= rankWindow && !filter.anyOf) {
    // Every match is read and sorted, the stock parts first in the sort.
    return fewMatchesPageIds(db, { ...filter, search: filter.search }, sort, limit, offset);
  }
  const inStock = await partPageIds(db, dialect, { ...filter, soldOut: 0 }, sort, limit, offset, known);
  if (inStock.length === limit) return inStock;
  // The first part ended on this page or before it: how many products it holds.
  const held =
    inStock.length > 0 || offset === 0
      ? offset + inStock.length
      : await countUpTo(db, dialect, { ...filter, soldOut: 0 }, offset);
  const exact =
    known.stored?.n ?? (known.matches !== undefined && known.matches <= SEARCH_RESULTS_MAX ? known.matches : undefined);
  if (exact !== undefined && held >= exact) return inStock;
  const soldOut = await partPageIds(
    db,
    dialect,
    { ...filter, soldOut: 1 },
    sort,
    limit - inStock.length,
    offset + inStock.length - held,
    known,
  );
  return [...inStock, ...soldOut];
}

/** Ids of one page of one stock part (filter.soldOut), in the list's order. */
async function partPageIds(
  db: Db,
  dialect: Dialect,
  filter: ProductFilter & { soldOut: 0 | 1 },
  sort: ListSort,
  limit: number,
  offset: number,
  known: KnownCounts,
): Promise<number[]> {
  let query: RawBuilder<{ id: number }>;
  if (sort === 'relevance' && filter.search) {
    return relevancePageIds(
      db,
      dialect,
      { ...filter, search: filter.search },
      limit,
      offset,
      known.rankWindow ?? SEARCH_RESULTS_MAX,
    );
  } else if (filter.anyOf && filter.anyOf.categoryIds.length + filter.anyOf.childCategoryIds.length > 1) {
    // The checkbox filter: "category IN (…) OR child category IN (…)" has no index in the list's
    // order, so SQLite read every match and sorted it, slow for two categories of a large catalogue.
    // Each checked node alone is read in order from its index (offset + limit at most), and the
    // parts (disjoint, see resolveFilter in service.ts) are merged.
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
      // range for the subcategory, several times the work of reading the subcategory's own index.
      index = 'products_live_sub_price';
    }
    const facets = index ? undefined : facetFrom(dialect, filter);
    query = facets
      ? sql`select p.id from ${facets.from} where ${facets.where} order by ${order} limit ${limit} offset ${offset}`
      : sql`select p.id from products p${index ? sql.raw(` indexed by ${index}`) : sql``} where ${whereSql(dialect, filter)}
      order by ${order} limit ${limit} offset ${offset}`;
  }
  const { rows } = await query.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * SQLite's plan for a price range listed newest first or by name. It cannot know how many
 * products a range holds, and reads the whole range from products_live_price to sort it (slow for a
 * broad range, and by name slower still, as it reads the name from each row). The stored
 * counts tell: for `needed` = offset + limit products, walking the order's own index
 * (products_live_newest or products_live_name, both ending in selling_price_paisa: index only) reads about
 * needed × live ÷ matches entries, while the price index reads and sorts `matches` (an entry
 * sorted costs about twice one walked newest first, ten times by name). A broad range walks; a
 * narrow one (a few thousand at 100 000 products) sorts. Both indexes are partial on one stock
 * part, the sold-out part's named `…_sold_out` (migration 016).
 */
export async function indexForPriceRange(
  db: Db,
  filter: ProductFilter,
  order: 'newest' | 'name',
  needed: number,
  counted?: StoredCount,
): Promise<string | undefined> {
  const counts = counted ?? (await storedCount(db, filter));
  if (!counts || counts.n === 0) return undefined;
  const sortCost = order === 'newest' ? 2 : 10;
  const index = needed * counts.live < sortCost * counts.n * counts.n ? `products_live_${order}` : 'products_live_price';
  return filter.soldOut === 1 ? `${index}_sold_out` : index;
}

/**
 * Ids of live products matching the filter, newest first, at most `limit` (the plain list of the
 * contract): those in stock, then those sold out.
 */
export async function newestIds(db: Db, dialect: Dialect, filter: ProductFilter, limit: number): Promise<number[]> {
  const part = async (soldOut: 0 | 1, atMost: number) => {
    const { from, where } = facetFrom(dialect, { ...filter, soldOut });
    const { rows } = await sql<{ id: number }>`select p.id from ${from} where ${where}
      order by ${ORDER.newest} limit ${atMost}`.execute(db);
    return rows.map((row) => Number(row.id));
  };
  const inStock = await part(0, limit);
  return inStock.length < limit ? [...inStock, ...(await part(1, limit - inStock.length))] : inStock;
}
