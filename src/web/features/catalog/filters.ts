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
