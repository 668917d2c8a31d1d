import type { Sale } from '../../../shared/campaigns.js';
import type { ProductDetail } from '../../../shared/product-detail.js';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
const NEW_CONDITION = 'https://schema.org/NewCondition';

const availability = (stock: number | null) => (stock === 0 ? OUT_OF_STOCK : IN_STOCK);

/** What it sells at now: its sale price until the sale's end (the day it ends), else its price. */
function priceOf(item: { price: number; sale: Sale | null }): Record<string, string> {
  if (!item.sale) return { price: item.price.toFixed(2) };
  return { price: item.sale.price.toFixed(2), priceValidUntil: item.sale.endsAt.slice(0, 10) };
}

/**
 * The `offers` of a product's JSON-LD, in NPR. A product sold as itself has one Offer; one sold in
 * variants has an AggregateOffer over its variants (lowest and highest price, how many) holding an
 * Offer per variant, each at the address that opens its page with that variant chosen. On sale, an
 * offer's price is the sale price, valid until the sale ends.
 */
export function jsonLdOffers(product: ProductDetail, url: string): Record<string, unknown> {
  if (product.variants.length === 0) {
    return {
      '@type': 'Offer',
      url,
      priceCurrency: 'NPR',
      ...priceOf(product),
      itemCondition: NEW_CONDITION,
      availability: availability(product.stock),
    };
  }
  const prices = product.variants.map((variant) => variant.sale?.price ?? variant.price);
  return {
    '@type': 'AggregateOffer',
    url,
    priceCurrency: 'NPR',
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    offerCount: product.variants.length,
    availability: product.variants.some((variant) => variant.stock !== 0) ? IN_STOCK : OUT_OF_STOCK,
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      name: variant.label,
      ...(variant.sku ? { sku: variant.sku } : {}),
      url: `${url}?variant=${variant.id}`,
      priceCurrency: 'NPR',
      ...priceOf(variant),
      itemCondition: NEW_CONDITION,
      availability: availability(variant.stock),
    })),
  };
}
