import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../../db/client.js';
import { STOP_WORDS } from '../stop-words.js';
import type { NameWords } from './name-words.js';

/**
 * What a product list asks for, as SQL: the resolved filter, the search words and their FTS5 and
 * tsquery forms, the WHERE clause of live products and the ORDER BY of each sort.
 */

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
  /** The brand facet: any of these brands. */
  brandIds?: number[];
  /** How many live products the chosen brands have (within the categories), from brand_counts: see facetFrom. */
  brandSize?: number;
  /**
   * The spec facets: each one's fields (the fields of that name: of the list's category, or of
   * every category) and values; a product has one of the values of every facet.
   */
  specs?: SpecFacetFilter[];
  /** Words to search, already reduced to letters and digits (see searchTerms). */
  search?: string[];
  /**
   * One of a list's two parts (migration 016): 0 the products in stock (or not tracked), 1 those
   * sold out, which every list shows after them. Undefined: both.
   */
  soldOut?: 0 | 1;
  /** PostgreSQL, a search alone: its words in the names' own index (name-words.ts), read once a list. */
  nameWords?: NameWords | undefined;
  /** PostgreSQL: the search as tsquery text, its last word spelled out (searchWordsOf, name-words.ts). */
  tsQuery?: string | undefined;
}

/** One spec facet of a list (ProductFilter.specs). */
export interface SpecFacetFilter {
  name: string;
  fieldIds: number[];
  values: string[];
  /** How many live products have one of the values, from spec_value_counts: see facetFrom. */
  size?: number;
}

/**
 * Where a list with facets starts reading (ADR 0036). SQLite, without statistics, took the
 * category's index for any list of a category and read the whole category to find a chosen
 * value's few products. The stored counts tell which chosen facet has the fewest products: a
 * spec facet's entries of the (field, value, product) index are then read first (CROSS JOIN: the
 * left table is the outer loop on SQLite; PostgreSQL plans the join as it likes), a brand's from
 * products_brand (named to SQLite). The caller writes `select … from ${from} where ${where}`.
 */
export function facetFrom(dialect: Dialect, filter: ProductFilter): { from: RawBuilder<unknown>; where: RawBuilder<boolean> } {
  const specs = filter.specs ?? [];
  const smallest = specs.reduce<number | undefined>(
    (best, facet, i) => (facet.size !== undefined && (best === undefined || facet.size < specs[best]!.size!) ? i : best),
    undefined,
  );
  const specSize = smallest === undefined ? undefined : specs[smallest]!.size!;
  if (filter.brandIds && filter.brandSize !== undefined && (specSize === undefined || filter.brandSize <= specSize)) {
    return {
      from: dialect === 'sqlite' ? sql`products p indexed by products_brand` : sql`products p`,
      where: whereSql(dialect, filter),
    };
  }
  if (smallest === undefined) return { from: sql`products p`, where: whereSql(dialect, filter) };
  const facet = specs[smallest]!;
  const rest = { ...filter, specs: specs.filter((_, i) => i !== smallest) };
  return {
    from: sql`product_specs d cross join products p`,
    where: sql<boolean>`d.field_id in (${sql.join(facet.fieldIds)}) and d.value in (${sql.join(facet.values)})
      and p.id = d.product_id and ${whereSql(dialect, rest)}`,
  };
}

export type ListSort = 'newest' | 'price_asc' | 'price_desc' | 'name' | 'rating' | 'relevance';

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
 * merges the entries of every word it begins, so every word as a prefix is several times slower
 * than whole words, and only the last one needs to be.
 */
const asTyped = (terms: string[], whole: (term: string) => string, prefix: (term: string) => string) =>
  terms.map((term, i) => (i === terms.length - 1 ? prefix(term) : whole(term)));
/** FTS5: quoted words (see asTyped). */
export const ftsQuery = (terms: string[]) =>
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
export const tsQuerySql = (terms: string[]) => sql`to_tsquery('english', ${tsQuery(terms)})`;
/**
 * PostgreSQL: what a search matches, as tsQuerySql or, when the filter has it, the same spelled
 * out (filter.tsQuery). Ranking keeps tsQuerySql: ts_rank counts a prefix's words as one.
 */
export const matchQuerySql = (filter: ProductFilter & { search: string[] }) =>
  filter.tsQuery !== undefined ? sql`${filter.tsQuery}::tsquery` : tsQuerySql(filter.search);

/** FTS5: every word as a prefix, all required, in the name column. */
export const ftsNameQuery = (terms: string[]) => `name : (${ftsQuery(terms)})`;

export function whereSql(dialect: Dialect, filter: ProductFilter): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`p.deleted_at is null`];
  // A literal, so both databases can use the indexes partial on one part (migration 016).
  if (filter.soldOut !== undefined) parts.push(sql`p.sold_out = ${sql.lit(filter.soldOut)}`);
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
  if (filter.minPaisa !== undefined) parts.push(sql`p.selling_price_paisa >= ${filter.minPaisa}`);
  if (filter.maxPaisa !== undefined) parts.push(sql`p.selling_price_paisa <= ${filter.maxPaisa}`);
  // Literal 1/0 (not a parameter) so SQLite can use the partial index on featured products.
  if (filter.featured === true) parts.push(sql`p.is_featured = 1`);
  if (filter.featured === false) parts.push(sql`p.is_featured = 0`);
  if (filter.brandIds) parts.push(inList('p.brand_id', filter.brandIds));
  // Each facet from the (field, value, product) index of migration 026. SQLite: probed per product
  // by the primary key (product, field), since the list starts reading from its smallest part
  // (facetFrom); as `IN (…)` it listed the facet's every product and probed the list's index
  // with each one, the whole value's share of the category per query.
  for (const facet of filter.specs ?? []) {
    parts.push(
      dialect === 'sqlite'
        ? sql`exists (select 1 from product_specs s where s.product_id = p.id
            and s.field_id in (${sql.join(facet.fieldIds)}) and s.value in (${sql.join(facet.values)}))`
        : sql`p.id in (select s.product_id from product_specs s
            where s.field_id in (${sql.join(facet.fieldIds)}) and s.value in (${sql.join(facet.values)}))`,
    );
  }
  if (filter.search) {
    parts.push(
      dialect === 'postgres'
        ? sql`p.search @@ ${matchQuerySql({ ...filter, search: filter.search })}`
        : sql`p.id in (select rowid from products_fts where products_fts match ${ftsQuery(filter.search)})`,
    );
  }
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

export const ORDER: Record<Exclude<ListSort, 'relevance'>, RawBuilder<unknown>> = {
  newest: sql`p.created_at desc, p.id desc`,
  price_asc: sql`p.selling_price_paisa asc, p.id asc`,
  price_desc: sql`p.selling_price_paisa desc, p.id desc`,
  name: sql`p.name_sort asc, p.id asc`,
  // Best average first (kept on the product by migration 037), ties by more reviews: the partial
  // indexes products_live_rating and its sold-out twin (rating_key, rating_count, id) read backwards.
  rating: sql`p.rating_key desc, p.rating_count desc, p.id desc`,
};

/** The columns each order reads (to merge pages read apart). */
export const ORDER_COLUMNS: Record<Exclude<ListSort, 'relevance'>, string> = {
  newest: 'p.created_at',
  price_asc: 'p.selling_price_paisa',
  price_desc: 'p.selling_price_paisa',
  name: 'p.name_sort',
  rating: 'p.rating_key, p.rating_count',
};

/** A subcategory (no child category) with a price range, and no search. */
export function subWithPrice(filter: ProductFilter): boolean {
  return (
    filter.subCategoryIds !== undefined &&
    filter.childCategoryIds === undefined &&
    filter.search === undefined &&
    (filter.minPaisa !== undefined || filter.maxPaisa !== undefined)
  );
}

/** True when the filter is a price range and nothing else (in one stock part or both). */
export function priceOnly(filter: ProductFilter): boolean {
  return (
    (filter.minPaisa !== undefined || filter.maxPaisa !== undefined) &&
    Object.entries(filter).every(
      ([key, value]) => key === 'minPaisa' || key === 'maxPaisa' || key === 'soldOut' || value === undefined,
    )
  );
}

/** True when the filter is a text search and nothing else. */
export function searchOnly(filter: ProductFilter): filter is ProductFilter & { search: string[] } {
  return (
    filter.search !== undefined &&
    Object.entries(filter).every(
      ([key, value]) => key === 'search' || key === 'nameWords' || key === 'tsQuery' || value === undefined,
    )
  );
}
