import type { ProductSort } from './catalog.js';
import { FACET_VALUE_MAX, FACET_VALUES_MAX, SPEC_FACETS_MAX } from './facet-limits.js';

/**
 * The product list page's state (shared: the web page reads it, and the server reads the same URL
 * to put the page's first answer into its HTML, see features/catalog/meta.ts).
 *
 * The state of the /products page lives in its URL, so back/forward and shared links show the same list:
 *   category, subcategory, childcategory  names (spaces written as hyphens; compared by the server)
 *   categories  the drawer's checked category names, comma separated
 *   price       one of PRICE_RANGES' ids (absent: All)
 *   minPrice, maxPrice  the drawer's own bounds in whole rupees (either may be alone); they replace
 *               `price` (any bounds, not only PRICE_RANGES'), same names as the API's
 *   brand       the drawer's ticked brands, comma separated
 *   spec.<Name> the drawer's ticked values of a specification ("spec.RAM=8 GB,16 GB"), one parameter
 *               per specification; these two have the API's own names
 *   q           search text;  sort  one of SORTS' values;  page  1-based page number
 */

/** Products shown per page of /products. */
export const PRODUCTS_PAGE_SIZE = 24;

export interface PriceRange {
  id: string;
  label: string;
  min: number;
  max: number;
}

/** The price filter's ranges in rupees, both bounds inclusive. The first is "All". */
export const PRICE_RANGES: readonly PriceRange[] = [
  { id: 'all', label: 'All', min: 0, max: 10_000_000 },
  { id: '0-5000', label: 'Up to Rs. 5,000', min: 0, max: 5000 },
  { id: '5000-10000', label: 'Rs. 5,000 to Rs. 10,000', min: 5000, max: 10_000 },
  { id: '10000-20000', label: 'Rs. 10,000 to Rs. 20,000', min: 10_000, max: 20_000 },
  { id: '20000-50000', label: 'Rs. 20,000 to Rs. 50,000', min: 20_000, max: 50_000 },
  { id: '50000-100000', label: 'Above Rs. 50,000 (up to Rs. 1,00,000)', min: 50_000, max: 100_000 },
  // Above a lakh: the drawer offers each where the catalogue has products that dear (HIGH_RANGES_FROM).
  { id: '100000-150000', label: 'Rs. 1,00,000 to Rs. 1,50,000', min: 100_000, max: 150_000 },
  { id: '150000-200000', label: 'Rs. 1,50,000 to Rs. 2,00,000', min: 150_000, max: 200_000 },
  { id: '200000-300000', label: 'Rs. 2,00,000 to Rs. 3,00,000', min: 200_000, max: 300_000 },
  { id: '300000-500000', label: 'Rs. 3,00,000 to Rs. 5,00,000', min: 300_000, max: 500_000 },
  { id: '500000-', label: 'From Rs. 5,00,000', min: 500_000, max: 1_000_000_000_000 },
];
/** The ranges from here up are shown only where the catalogue has a product priced above their start. */
export const HIGH_RANGES_FROM = 100_000;
/** The first range ('All'): what a list without a price filter reads as. */
export const DEFAULT_RANGE = PRICE_RANGES[0]!;

/** The drawer's own price bounds: whole rupees, at most 12 digits (the API takes up to 10^12). */
const PRICE_BOUND = /^\d{1,12}$/;

export const SORTS: readonly { value: Exclude<ProductSort, 'relevance'>; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name: A to Z' },
  { value: 'rating', label: 'Best rated' },
];

/** A specification's ticked values: products with any of them (different specifications narrow together). */
export interface SpecFilter {
  name: string;
  values: string[];
}

/** The query parameters of a specification filter start with this ("spec.RAM"). */
export const SPEC_PARAM_PREFIX = 'spec.';

export interface ProductFilters {
  category?: string;
  subcategory?: string;
  childcategory?: string;
  categories: string[];
  price: PriceRange;
  /** Own bounds in rupees; when either is set, `price` is All (one price filter at a time). */
  minPrice?: number;
  maxPrice?: number;
  /** Ticked brands: products of any of them. */
  brands: string[];
  /** Ticked specification values, one entry per specification, in the address's order. */
  specs: SpecFilter[];
  q: string;
  sort?: ProductSort;
  page: number;
}

const text = (params: URLSearchParams, key: string) => params.get(key)?.trim() || undefined;
const bound = (params: URLSearchParams, key: string) => {
  const value = params.get(key)?.trim() ?? '';
  return PRICE_BOUND.test(value) ? Number(value) : undefined;
};

/**
 * The own bounds of a URL: a bound that is not a whole number is ignored, and a pair with min above
 * max (a hand-edited link) is dropped, so a link never makes the list fail.
 */
function readBounds(params: URLSearchParams): { minPrice?: number; maxPrice?: number } {
  const minPrice = bound(params, 'minPrice');
  const maxPrice = bound(params, 'maxPrice');
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) return {};
  return { minPrice, maxPrice };
}

/** True when the filters carry the drawer's own bounds. */
export function hasOwnPrice(filters: Pick<ProductFilters, 'minPrice' | 'maxPrice'>): boolean {
  return filters.minPrice !== undefined || filters.maxPrice !== undefined;
}

/** A comma-separated list of names or values: trimmed, empties and repeats left out. */
function readList(value: string | null): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '' && item.length <= FACET_VALUE_MAX);
  return [...new Set(items)].slice(0, FACET_VALUES_MAX);
}

/** The spec.<Name> parameters with at least one value. */
function readSpecs(params: URLSearchParams): SpecFilter[] {
  const specs: SpecFilter[] = [];
  for (const [key, value] of params) {
    if (!key.startsWith(SPEC_PARAM_PREFIX)) continue;
    const name = key.slice(SPEC_PARAM_PREFIX.length).trim();
    const values = readList(value);
    if (name && values.length > 0 && !specs.some((spec) => spec.name === name)) specs.push({ name, values });
  }
  return specs.slice(0, SPEC_FACETS_MAX);
}

/** Writes the brand and spec.<Name> parameters (the same names in the page's address and the API's query). */
function writeFacets(params: URLSearchParams, filters: Pick<ProductFilters, 'brands' | 'specs'>): void {
  if (filters.brands.length > 0) params.set('brand', filters.brands.join(','));
  for (const spec of filters.specs) {
    if (spec.values.length > 0) params.set(`${SPEC_PARAM_PREFIX}${spec.name}`, spec.values.join(','));
  }
}

export function readFilters(params: URLSearchParams): ProductFilters {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const bounds = readBounds(params);
  const own = hasOwnPrice(bounds);
  return {
    category: text(params, 'category'),
    subcategory: text(params, 'subcategory'),
    childcategory: text(params, 'childcategory'),
    categories: (params.get('categories') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    price: (own ? undefined : PRICE_RANGES.find((range) => range.id === params.get('price'))) ?? DEFAULT_RANGE,
    minPrice: bounds.minPrice,
    maxPrice: bounds.maxPrice,
    brands: readList(params.get('brand')),
    specs: readSpecs(params),
    q: params.get('q')?.trim() ?? '',
    sort: SORTS.some((option) => option.value === sort) ? (sort as ProductSort) : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL form of the filters (only what differs from the defaults). */
export function writeFilters(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.subcategory) params.set('subcategory', filters.subcategory);
  if (filters.childcategory) params.set('childcategory', filters.childcategory);
  if (filters.categories.length > 0) params.set('categories', filters.categories.join(','));
  if (filters.price.id !== DEFAULT_RANGE.id) params.set('price', filters.price.id);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  writeFacets(params, filters);
  if (filters.q) params.set('q', filters.q);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The GET /api/products query for these filters (always paged). `facets`: ask for the brand and
 * specification counts too (only while the page shows its filters: they cost the server a read more).
 */
export function apiQuery(filters: ProductFilters, options: { facets?: boolean } = {}): string {
  const params = new URLSearchParams();
  for (const key of ['category', 'subcategory', 'childcategory'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.categories.length > 0) params.set('categories', filters.categories.join(','));
  if (hasOwnPrice(filters)) {
    if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
    if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  } else if (filters.price.id !== DEFAULT_RANGE.id) {
    params.set('minPrice', String(filters.price.min));
    params.set('maxPrice', String(filters.price.max));
  }
  writeFacets(params, filters);
  if (filters.q) params.set('q', filters.q);
  params.set('sort', filters.sort ?? (filters.q ? 'relevance' : 'newest'));
  params.set('page', String(filters.page));
  params.set('pageSize', String(PRODUCTS_PAGE_SIZE));
  if (options.facets) params.set('facets', '1');
  return params.toString();
}

/** True when anything narrows the list (for the empty state and the "Clear filters" action). */
export function hasFilters(filters: ProductFilters): boolean {
  return Boolean(
    filters.category ||
    filters.subcategory ||
    filters.childcategory ||
    filters.categories.length > 0 ||
    filters.price.id !== DEFAULT_RANGE.id ||
    hasOwnPrice(filters) ||
    filters.brands.length > 0 ||
    filters.specs.length > 0 ||
    filters.q,
  );
}
