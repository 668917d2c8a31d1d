import type { Locale } from '../../../shared/locale';
import type { PriceRange, ProductFilters, SpecFilter } from '../../../shared/product-list';
import type { Category } from '../../lib/categories';
import { formatPrice } from '../../lib/format';
import type { MessageId, Translate } from '../../lib/i18n';

export {
  DEFAULT_RANGE,
  HIGH_RANGES_FROM,
  PRICE_RANGES,
  type PriceRange,
  type ProductFilters,
  SORTS,
  type SpecFilter,
  apiQuery,
  hasFilters,
  hasOwnPrice,
  readFilters,
  writeFilters,
} from '../../../shared/product-list';

/**
 * The ranges the drawer offers: those up to a lakh always; above, each whose start the catalogue's
 * dearest product passes (`topPrice`, rupees; unknown: none of them), and the one chosen in any case.
 */
export function offeredRanges(
  ranges: readonly PriceRange[],
  topPrice: number | undefined,
  chosen: string,
  from: number,
): PriceRange[] {
  return ranges.filter((range) => range.min < from || range.id === chosen || (topPrice !== undefined && topPrice > range.min));
}

/**
 * The names of the list's place and ticked categories in the page's language, where the tree has
 * a Nepali name for them (undefined / absent: show the address's own name).
 */
export function placeNames(
  tree: readonly Category[] | undefined,
  filters: Pick<ProductFilters, 'category' | 'subcategory' | 'childcategory' | 'categories'>,
  locale: Locale,
): { category?: string; subcategory?: string; childcategory?: string; checked: Map<string, string> } {
  const checked = new Map<string, string>();
  if (!tree || locale !== 'ne') return { checked };
  const key = (name: string) => displayName(name).toLowerCase();
  const find = <T extends { name: string }>(nodes: readonly T[] | undefined, name: string | undefined) =>
    name === undefined ? undefined : nodes?.find((node) => key(node.name) === key(name));
  const category = find(tree, filters.category);
  const sub = find(category?.subCategories, filters.subcategory);
  const child = find(sub?.childCategories, filters.childcategory);
  for (const name of filters.categories) {
    const node =
      find(tree, name) ??
      tree
        .flatMap((c) => c.subCategories ?? [])
        .flatMap((s) => s.childCategories ?? [])
        .find((n) => key(n.name) === key(name));
    if (node?.nameNe) checked.set(name, node.nameNe);
  }
  return { category: category?.nameNe, subcategory: sub?.nameNe, childcategory: child?.nameNe, checked };
}

/** A URL name back to display form: "Gaming-Consoles" → "Gaming Consoles". */
export function displayName(urlName: string): string {
  return urlName.replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A card's description: cut to 5 words, then the first 20 characters followed by '...'. */
export function shortDescription(description: string): string {
  const fiveWords = description.trim().split(/\s+/).slice(0, 5).join(' ');
  return `${fiveWords.slice(0, 20)}...`;
}

/**
 * The sort choices as the select shows them ('Sort: Newest first'); the values stay those of the URL.
 * `relevance` (best match) is offered only with a search.
 */
export const SORT_LABELS = {
  relevance: 'products.sort.relevance',
  newest: 'products.sort.newest',
  price_asc: 'products.sort.priceAsc',
  price_desc: 'products.sort.priceDesc',
  name: 'products.sort.name',
  rating: 'products.sort.rating',
} satisfies Record<NonNullable<ProductFilters['sort']>, MessageId>;

/** How each price range (by its URL id) reads; its amounts come from the range, in the page's language. */
const PRICE_RANGE_LABELS: Readonly<Record<string, MessageId>> = {
  all: 'products.price.all',
  '0-5000': 'products.price.upTo',
  '5000-10000': 'products.price.between',
  '10000-20000': 'products.price.between',
  '20000-50000': 'products.price.between',
  '50000-100000': 'products.price.above',
  '500000-': 'products.price.from',
};

/** 'Up to Rs. 5,000', 'Rs. 5,000 to Rs. 10,000'… ('रू ५,००० सम्म' in Nepali): the price filter's range labels. */
export function priceRangeLabel(range: PriceRange, t: Translate, locale: Locale): string {
  return t(PRICE_RANGE_LABELS[range.id] ?? 'products.price.between', {
    min: formatPrice(range.min, locale),
    max: formatPrice(range.max, locale),
  });
}

/** 'Rs. 1,50,000 to Rs. 2,00,000', 'From Rs. 1,50,000' or 'Up to Rs. 2,00,000': the drawer's own bounds. */
export function ownPriceLabel(bounds: Pick<ProductFilters, 'minPrice' | 'maxPrice'>, t: Translate, locale: Locale): string {
  const { minPrice, maxPrice } = bounds;
  if (maxPrice === undefined) return t('products.price.from', { min: formatPrice(minPrice ?? 0, locale) });
  if (minPrice === undefined) return t('products.price.upTo', { max: formatPrice(maxPrice, locale) });
  return t('products.price.between', { min: formatPrice(minPrice, locale), max: formatPrice(maxPrice, locale) });
}

/** The specification filters with `name`'s values replaced (in its place; left out when none are left). */
export function withSpecValues(specs: readonly SpecFilter[], name: string, values: string[]): SpecFilter[] {
  if (!specs.some((spec) => spec.name === name)) return values.length > 0 ? [...specs, { name, values }] : [...specs];
  return specs.flatMap((spec) => (spec.name !== name ? [spec] : values.length > 0 ? [{ name, values }] : []));
}

/** The list's removable chips for the ticked brands and specification values ('Brand: Asus', 'RAM: 16 GB'). */
export function facetChips(
  filters: ProductFilters,
  t: Translate,
): { key: string; label: string; remove: Partial<ProductFilters> }[] {
  const brands = filters.brands.map((brand) => ({
    key: `b-${brand}`,
    label: t('product-specs.chips.brand', { name: brand }),
    remove: { brands: filters.brands.filter((item) => item !== brand) },
  }));
  const specs = filters.specs.flatMap((spec) =>
    spec.values.map((value) => {
      const rest = spec.values.filter((item) => item !== value);
      return {
        key: `s-${spec.name}-${value}`,
        label: t('product-specs.chips.spec', { name: spec.name, value }),
        remove: { specs: withSpecValues(filters.specs, spec.name, rest) },
      };
    }),
  );
  return [...brands, ...specs];
}

const DEVANAGARI_ZERO = 0x966;

/**
 * A price typed in the drawer: whole rupees, digits only, read with lakh commas and spaces left out
 * and Nepali digits (१५००००) as well as 0-9, since a phone's Nepali keyboard types those. Empty is
 * "no bound"; anything else that is not a whole number of at most 12 digits is 'invalid'.
 */
export function readPriceInput(text: string): number | undefined | 'invalid' {
  const digits = text.replace(/[\s,]/g, '').replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - DEVANAGARI_ZERO));
  if (digits === '') return undefined;
  return /^\d{1,12}$/.test(digits) ? Number(digits) : 'invalid';
}
