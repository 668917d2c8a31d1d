import {
  PRODUCT_PAGE_SIZE_DEFAULT,
  type Product,
  type ProductListQuery,
  type ProductPage,
  categoryKey,
} from '../../../../shared/catalog.js';
import type { AppContext } from '../../../context.js';
import { LruCache } from '../../../lib/lru-cache.js';
import * as cq from '../category-queries.js';
import { toProduct } from '../product-answer.js';
import * as q from '../queries.js';
import { type StoredCount, countProducts, storedCount } from './counts.js';
import { type ListSort, type ProductFilter, searchOnly, searchTerms } from './filter.js';
import { countNameMatches, searchWordsOf } from './name-words.js';
import { newestIds, pageIds } from './queries.js';
import { brandIdsByKeys, brandSize, fieldIdsByKey, filterFieldsOf, specValuesSize } from '../specs/queries.js';
import { type FacetField, facetCounts } from './facets.js';
import type { ProductFacets } from '../../../../shared/specs.js';
import { type Rewritten, rewriteSearch, suggestionsFor } from '../search-words/service.js';
import type { SearchSuggestions } from '../../../../shared/search-words.js';
import { FEW_MATCHES_MAX, SEARCH_RESULTS_MAX, fewMatchesPage, namesInStockPage } from './search.js';

/**
 * The catalogue's product lists: the plain list of the contract and the pages of the storefront
 * (filters, search, sorts), their ids and counts cached per catalogue version.
 */

/** Most products the plain GET /api/products answers (see listAll). */
export const PLAIN_LIST_MAX = 1000;

export class ListingService {
  /** List pages (ids) and counts, keyed by catalog_state.version: a catalogue write starts them afresh. */
  private readonly pageCache = new LruCache<number[]>(1000);
  private readonly countCache = new LruCache<number>(1000);
  private readonly facetCache = new LruCache<ProductFacets>(1000);
  /** What a search that found nothing became, and its suggestions, per catalogue version and words. */
  private readonly helpCache = new LruCache<{ rewritten: Rewritten; suggestions: SearchSuggestions | undefined }>(500);

  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * The plain list of the contract: the live products matching the filters, newest first, at
   * most PLAIN_LIST_MAX of them (a shop of 100 000 products must not answer 50 MB to anyone who
   * asks). `truncated` says there were more; the storefront pages with page/pageSize instead.
   */
  async listAll(query: ProductListQuery): Promise<{ products: Product[]; truncated: boolean }> {
    const filter = await this.resolveFilter(query);
    if (!filter) return { products: [], truncated: false };
    const ids = await newestIds(this.db, this.ctx.dialect, filter, PLAIN_LIST_MAX + 1);
    const truncated = ids.length > PLAIN_LIST_MAX;
    return { products: await this.productsByIds(truncated ? ids.slice(0, PLAIN_LIST_MAX) : ids), truncated };
  }

  /**
   * One page of live products matching the filters, with the total count. The ids of a page and
   * the count are cached per catalogue version; the products themselves are always read fresh.
   * A search lists its best SEARCH_RESULTS_MAX results (search.ts): beyond, `totalAtLeast` says
   * the total is a lower bound and no further page is read.
   */
  async listPage(query: ProductListQuery, knownVersion?: number): Promise<ProductPage> {
    const version = knownVersion ?? (await q.catalogVersion(this.db));
    const answer = await this.readPage(query, version);
    const typed = query.q === undefined ? [] : searchTerms(query.q);
    if (answer.total > 0 || typed.length === 0) return answer;
    return { ...answer, ...(await this.withoutDeadEnd(query, typed, version)) };
  }

  /**
   * A search that found nothing as typed (ADR 0037): searched again in the catalogue's terms (a
   * dictionary word translated, a typo corrected), saying so in `searchedFor`; when that finds
   * nothing either, or nothing was changed, the nearest words and categories as `suggestions`.
   * Decided once per catalogue version and search (a dictionary write bumps the version).
   */
  private async withoutDeadEnd(
    query: ProductListQuery,
    typed: string[],
    version: number,
  ): Promise<Pick<ProductPage, 'searchedFor' | 'suggestions'> | ProductPage> {
    const key = `${version}|${typed.join(' ')}`;
    let help = this.helpCache.get(key);
    if (help === undefined) {
      const rewritten = await rewriteSearch(this.db, typed);
      help = { rewritten, suggestions: undefined };
      this.helpCache.set(key, help);
    }
    const searchedFor = help.rewritten.words.join(' ');
    if (searchedFor !== typed.join(' ')) {
      const again = await this.readPage({ ...query, q: searchedFor }, version);
      if (again.total > 0) return { ...again, searchedFor };
    }
    help.suggestions ??= await suggestionsFor(this.db, typed, help.rewritten);
    return { suggestions: help.suggestions };
  }

  private async readPage(query: ProductListQuery, version: number): Promise<ProductPage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PRODUCT_PAGE_SIZE_DEFAULT;
    const filterKey = `${version}|${filterCacheKey(query)}`;
    const searching = query.q !== undefined && searchTerms(query.q).length > 0;
    const sort = query.sort ?? (searching ? 'relevance' : 'newest');
    const pageKey = `${filterKey}|${sort}|${page}|${pageSize}`;
    const offset = (page - 1) * pageSize;
    // A search's results end at SEARCH_RESULTS_MAX; its count may say one more ("more than that").
    const listed = searching ? Math.max(0, Math.min(pageSize, SEARCH_RESULTS_MAX - offset)) : pageSize;
    let ids = this.pageCache.get(pageKey);
    let total = this.countCache.get(filterKey);
    // The filter as resolved for the page, kept for the facets (not a search's: the page adds its words).
    let resolved: ProductFilter | undefined;
    if (ids === undefined || total === undefined) {
      const filter = await this.resolveFilter(query);
      if (filter && !filter.search) resolved = { ...filter };
      if (!filter) {
        ids = [];
        total = 0;
      } else {
        // The stored counts (migration 006) answer most filters at once, before the page: a page
        // past the end is then not read at all, and the page's plan may depend on the count.
        // A search is counted first (at most SEARCH_RESULTS_MAX + 1): PostgreSQL plans its page by it.
        let stored: StoredCount | undefined;
        if (this.ctx.dialect === 'postgres' && filter.search && ids === undefined) {
          // Its words as the indexes hold them (name-words.ts), for the count and the page: the last
          // one spelled out, and for a search alone, the names' words.
          const words = await searchWordsOf(this.db, filter.search, SEARCH_RESULTS_MAX + 1);
          filter.tsQuery = words.tsQuery;
          if (searchOnly(filter)) filter.nameWords = words.names;
          if (total === undefined && !filter.anyOf) {
            ({ total, ids } = await this.countPostgresSearch(filter, filter.search, sort, listed, offset));
          }
        }
        if (total === undefined) {
          stored = await storedCount(this.db, filter);
          total = stored?.n ?? (filter.search ? await countProducts(this.db, this.ctx.dialect, filter) : undefined);
        }
        if (ids === undefined) {
          ids =
            (total !== undefined && offset >= total) || listed === 0
              ? []
              : await pageIds(this.db, this.ctx.dialect, filter, sort, listed, offset, {
                  stored,
                  matches: filter.search ? total : undefined,
                });
        }
        // A short first page is the whole result: no need to count.
        total ??= page === 1 && ids.length < listed ? ids.length : await countProducts(this.db, this.ctx.dialect, filter);
      }
      this.pageCache.set(pageKey, ids);
      this.countCache.set(filterKey, total);
    }
    const more = searching && total > SEARCH_RESULTS_MAX;
    const shown = more ? SEARCH_RESULTS_MAX : total;
    // PostgreSQL reads the facets and the page's products on two connections at once.
    const [facets, products] = await Promise.all([
      query.facets ? this.facetsOf(query, filterKey, resolved) : undefined,
      this.productsByIds(ids),
    ]);
    return {
      ...(facets ? { facets } : {}),
      products,
      total: shown,
      ...(more ? { totalAtLeast: true } : {}),
      page,
      pageSize,
      totalPages: Math.ceil(shown / pageSize),
    };
  }

  /**
   * PostgreSQL: a search's count (at most SEARCH_RESULTS_MAX + 1) and, where one statement gives
   * it, its page. A search alone whose every word is in many names looks in the names' words index
   * first: more name matches than a search lists is the count, and in relevance order the same
   * statement ranks the page (namesInStockPage). Otherwise the matches are read once from the GIN
   * indexes, counted and, up to FEW_MATCHES_MAX, sorted into the page (fewMatchesPage).
   */
  private async countPostgresSearch(
    filter: ProductFilter,
    search: string[],
    sort: ListSort,
    listed: number,
    offset: number,
  ): Promise<{ total: number; ids?: number[] }> {
    const words = filter.nameWords;
    // Every search word in more names than a search lists: perhaps more name matches than that.
    if (words && words.fewest > SEARCH_RESULTS_MAX) {
      if (sort === 'relevance' && listed > 0) {
        const named = await namesInStockPage(this.db, words, search, listed, offset);
        if (named.names > SEARCH_RESULTS_MAX) return { total: named.names, ids: named.ids };
        // Fewer, but enough for this page: the page is theirs (all ranked); only the count is left.
        if (offset + listed <= named.names) return { total: await countProducts(this.db, 'postgres', filter), ids: named.ids };
      } else {
        const names = await countNameMatches(this.db, words, SEARCH_RESULTS_MAX + 1);
        if (names > SEARCH_RESULTS_MAX) return { total: names };
      }
    }
    const few = await fewMatchesPage(this.db, { ...filter, search }, sort, Math.max(listed, 1), offset);
    const total = Math.min(few.matches, SEARCH_RESULTS_MAX + 1);
    return few.matches > FEW_MATCHES_MAX ? { total } : { total, ids: listed > 0 ? few.ids : [] };
  }

  /** The list's facets (facets.ts), cached per catalogue version and filter like its count. */
  private async facetsOf(query: ProductListQuery, filterKey: string, resolved?: ProductFilter): Promise<ProductFacets> {
    const cached = this.facetCache.get(filterKey);
    if (cached) return cached;
    const filter = resolved ?? (await this.resolveFilter(query));
    let facets: ProductFacets = { brands: [], specs: [] };
    if (filter) {
      if (this.ctx.dialect === 'postgres' && filter.search)
        filter.tsQuery = (await searchWordsOf(this.db, filter.search, 1)).tsQuery;
      const fields: FacetField[] = filter.categoryIds
        ? (await filterFieldsOf(this.db, filter.categoryIds)).map((row) => ({
            id: Number(row.id),
            name: row.name,
            kind: row.kind,
            choices: row.choices === null ? null : (JSON.parse(row.choices) as string[]),
          }))
        : [];
      facets = await facetCounts(this.db, this.ctx.dialect, filter, fields);
    }
    this.facetCache.set(filterKey, facets);
    return facets;
  }

  private async productsByIds(ids: number[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    const [rows, images] = await Promise.all([q.productRows(this.db, ids), q.imagesOf(this.db, ids)]);
    return rows.map((row) => toProduct(row, images.get(row.id) ?? [], this.ctx.config.imageBaseUrl));
  }

  /**
   * Turns names into ids (compared by categoryKey()). Returns undefined when a requested name matches
   * nothing, so the caller answers "no products" without querying the products table.
   */
  private async resolveFilter(query: ProductListQuery): Promise<ProductFilter | undefined> {
    const filter: ProductFilter = {};
    if (query.category !== undefined) {
      filter.categoryIds = await cq.idsByKeys(this.db, 'categories', [categoryKey(query.category)]);
      if (filter.categoryIds.length === 0) return undefined;
    }
    if (query.subcategory !== undefined) {
      filter.subCategoryIds = await cq.idsByKeys(this.db, 'sub_categories', [categoryKey(query.subcategory)], filter.categoryIds);
      if (filter.subCategoryIds.length === 0) return undefined;
    }
    if (query.childcategory !== undefined) {
      filter.childCategoryIds = await cq.idsByKeys(
        this.db,
        'child_categories',
        [categoryKey(query.childcategory)],
        filter.subCategoryIds,
      );
      if (filter.childCategoryIds.length === 0) return undefined;
    }
    if (query.categories !== undefined && query.categories.length > 0) {
      const keys = [...new Set(query.categories.map(categoryKey))].filter(Boolean);
      const [categoryIds, childCategoryIds] = await Promise.all([
        cq.idsByKeys(this.db, 'categories', keys),
        cq.idsByKeys(this.db, 'child_categories', keys),
      ]);
      if (categoryIds.length === 0 && childCategoryIds.length === 0) return undefined;
      // A checked child category inside a checked category adds nothing to "category OR child
      // category" (a product's path is one path of the tree): leave it out, so the parts are disjoint.
      filter.anyOf = {
        categoryIds,
        childCategoryIds: await cq.childCategoriesOutside(this.db, childCategoryIds, categoryIds),
      };
    }
    if (query.minPrice !== undefined) filter.minPaisa = Math.ceil(query.minPrice * 100 - 1e-6);
    if (query.maxPrice !== undefined) filter.maxPaisa = Math.floor(query.maxPrice * 100 + 1e-6);
    if (query.featured !== undefined) filter.featured = query.featured;
    if (query.q !== undefined) {
      filter.search = searchTerms(query.q);
      if (filter.search.length === 0) return undefined;
    }
    // The facets: names compared by categoryKey(); a name that matches nothing lists nothing.
    if (query.brand !== undefined && query.brand.length > 0) {
      filter.brandIds = await brandIdsByKeys(this.db, [...new Set(query.brand.map(categoryKey))]);
      if (filter.brandIds.length === 0) return undefined;
      // Their stored count tells where the list starts reading (facetFrom, filter.ts).
      filter.brandSize = await brandSize(this.db, filter.brandIds, filter.categoryIds);
    }
    for (const [name, values] of Object.entries(query.spec ?? {})) {
      if (values.length === 0) continue;
      const fieldIds = await fieldIdsByKey(this.db, categoryKey(name), filter.categoryIds);
      if (fieldIds.length === 0) return undefined;
      (filter.specs ??= []).push({ name, fieldIds, values, size: await specValuesSize(this.db, fieldIds, values) });
    }
    return filter;
  }
}

/** The filter part of a list query, normalised the way it is matched (category keys, search words). */
function filterCacheKey(query: ProductListQuery): string {
  const key = (value: string | undefined) => (value === undefined ? null : categoryKey(value));
  return JSON.stringify([
    key(query.category),
    key(query.subcategory),
    key(query.childcategory),
    query.categories ? [...new Set(query.categories.map(categoryKey))].sort() : null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    query.featured ?? null,
    query.q === undefined ? null : searchTerms(query.q),
    query.brand?.length ? [...new Set(query.brand.map(categoryKey))].sort() : null,
    Object.entries(query.spec ?? {})
      .filter(([, values]) => values.length > 0)
      .map(([name, values]) => [categoryKey(name), [...values].sort()])
      .sort(),
  ]);
}
