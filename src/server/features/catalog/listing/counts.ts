import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../../db/client.js';
import type { Db } from '../queries.js';
import { type ProductFilter, facetFrom, ftsQuery, searchOnly, whereSql } from './filter.js';
import { SEARCH_RESULTS_MAX } from './search.js';

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

/** Live products with low <= selling_price_paisa < high, counted from products_live_price and its sold-out twin (migration 016). */
const priceRangeCount = (low: number, high: number) => {
  const part = (soldOut: 0 | 1) => sql`(select count(*) from products p where p.deleted_at is null
    and p.sold_out = ${sql.lit(soldOut)} and p.selling_price_paisa >= ${low} and p.selling_price_paisa < ${high})`;
  return sql`(${part(0)} + ${part(1)})`;
};

const bucketCount = (bucket: number) =>
  sql`coalesce((select n from catalog_counts where dim = ${sql.lit(DIM.price)} and k = ${bucket}), 0)`;

/**
 * Live products with min <= selling_price_paisa <= max (max undefined: no upper bound): the whole buckets
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
 * the featured flag, a facet, a category level together with a price range or the checkbox filter, a
 * child category asked within a category without its subcategory): those are counted by
 * countProducts. A category level sums its rows (the ids of a deeper level were resolved within
 * the given parent level, and a product's path is always one path of the tree, so the parent
 * condition adds nothing); the checkbox filter sums its categories and those of its child
 * categories that are not in one of them.
 */
export async function storedCount(db: Db, filter: ProductFilter): Promise<StoredCount | undefined> {
  if (filter.search !== undefined || filter.featured !== undefined) return undefined;
  if (filter.brandIds !== undefined || filter.specs !== undefined) return undefined;
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

/**
 * count(*) of the matching live products (linear in the matches; storedCount first where it can
 * answer). A search counts at most SEARCH_RESULTS_MAX + 1: more than the maximum is all it needs;
 * it reads its matches from the search index. A list with facets is counted from the facet's
 * index. Anything else is counted in its two stock parts, so that the indexes partial on one part
 * serve it (migration 016).
 */
export async function countProducts(db: Db, dialect: Dialect, filter: ProductFilter): Promise<number> {
  let query: RawBuilder<{ n: number }>;
  if (filter.search) {
    const matches =
      dialect === 'sqlite' && searchOnly(filter)
        ? sql`select rowid from products_fts where products_fts match ${ftsQuery(filter.search)}`
        : sql`select p.id from products p where ${whereSql(dialect, filter)}`;
    query = sql<{ n: number }>`select count(*) as n from (${matches} limit ${SEARCH_RESULTS_MAX + 1}) as m`;
  } else if (filter.brandIds || filter.specs) {
    // A facet's products are read from its own index (facetFrom), not from one partial on a
    // stock part: counted once, not once per part.
    const { from, where } = facetFrom(dialect, filter);
    query = sql<{ n: number }>`select count(*) as n from ${from} where ${where}`;
  } else {
    const part = (soldOut: 0 | 1) => {
      const { from, where } = facetFrom(dialect, { ...filter, soldOut });
      return sql`(select count(*) from ${from} where ${where})`;
    };
    query = sql<{ n: number }>`select ${part(0)} + ${part(1)} as n`;
  }
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The matching live products, counted up to `atMost` (where a list's part in stock ends, see
 * pageIds). A search on SQLite reads its matches from the FTS index and each one's row.
 */
export async function countUpTo(db: Db, dialect: Dialect, filter: ProductFilter, atMost: number): Promise<number> {
  const { search, ...rest } = filter;
  const matches =
    dialect === 'sqlite' && search
      ? sql`select p.id from products_fts join products p on p.id = products_fts.rowid
          where products_fts match ${ftsQuery(search)} and ${whereSql(dialect, rest)}`
      : sql`select p.id from products p where ${whereSql(dialect, filter)}`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${matches} limit ${atMost}) as m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
