import type { ProductDetail } from '../../../shared/product-detail.js';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
const NEW_CONDITION = 'https://schema.org/NewCondition';

const availability = (stock: number | null) => (stock === 0 ? OUT_OF_STOCK : IN_STOCK);

/**
 * The `offers` of a product's JSON-LD, in NPR. A product sold as itself has one Offer; one sold in
 * variants has an AggregateOffer over its variants (lowest and highest price, how many) holding an
 * Offer per variant, each at the address that opens its page with that variant chosen.
 */
export function jsonLdOffers(product: ProductDetail, url: string): Record<string, unknown> {
  if (product.variants.length === 0) {
    return {
      '@type': 'Offer',
      url,
      priceCurrency: 'NPR',
      price: product.price.toFixed(2),
      itemCondition: NEW_CONDITION,
      availability: availability(product.stock),
    };
  }
  const prices = product.variants.map((variant) => variant.price);
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
      price: variant.price.toFixed(2),
      itemCondition: NEW_CONDITION,
      availability: availability(variant.stock),
    })),
  };
}
