import type { Locale } from '../../../shared/locale';
import type { PriceRange, ProductFilters } from '../../../shared/product-list';
import { formatPrice } from '../../lib/format';
import type { MessageId, Translate } from '../../lib/i18n';

export {
  PRICE_RANGES,
  type PriceRange,
  type ProductFilters,
  SORTS,
  apiQuery,
  hasFilters,
  readFilters,
  writeFilters,
} from '../../../shared/product-list';

/** A URL name back to display form: "Gaming-Consoles" → "Gaming Consoles". */
export function displayName(urlName: string): string {
  return urlName.replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

/** SPEC §9 card description: cut to 5 words, then the first 20 characters followed by '...'. */
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
} satisfies Record<NonNullable<ProductFilters['sort']>, MessageId>;

/** How each price range (by its URL id) reads; its amounts come from the range, in the page's language. */
const PRICE_RANGE_LABELS: Readonly<Record<string, MessageId>> = {
  all: 'products.price.all',
  '0-5000': 'products.price.upTo',
  '5000-10000': 'products.price.between',
  '10000-20000': 'products.price.between',
  '20000-50000': 'products.price.between',
  '50000-100000': 'products.price.above',
};

/** 'Up to Rs. 5,000', 'Rs. 5,000 to Rs. 10,000'… ('रू ५,००० सम्म' in Nepali): SPEC §9's price range labels. */
export function priceRangeLabel(range: PriceRange, t: Translate, locale: Locale): string {
  return t(PRICE_RANGE_LABELS[range.id] ?? 'products.price.between', {
    min: formatPrice(range.min, locale),
    max: formatPrice(range.max, locale),
  });
}
