import type { Product } from '../../../shared/catalog.js';
import type { ProductDetail } from '../../../shared/product-detail.js';

/** The catalogue service's reads the comparison is made of (service.ts). */
export interface CompareReads {
  /** A live product, or undefined when it is unknown or archived. */
  findProduct(id: number): Promise<Product | undefined>;
  detailOf(product: Product): Promise<ProductDetail>;
}

/**
 * GET /api/products/compare: the products asked for (at most COMPARE_MAX, distinct: the query
 * schema holds to that), each as its page reads it, in the order asked. One that is unknown or
 * archived is left out rather than refused, since a remembered list may outlive a product.
 */
export async function compareProducts(reads: CompareReads, ids: readonly number[]): Promise<ProductDetail[]> {
  const found = await Promise.all(ids.map((id) => reads.findProduct(id)));
  const live = found.filter((product): product is Product => product !== undefined);
  return Promise.all(live.map((product) => reads.detailOf(product)));
}
