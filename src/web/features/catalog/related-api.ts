import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { initialData, initialDataUpdatedAt } from '../../lib/initial-data';
import type { RelatedProducts } from '../../../shared/catalog';

// Its own module: catalog/api.ts is in Home's first visit, this only on the product page.
/**
 * GET /api/products/{id}/related: compact cards of the same child category (then subcategory,
 * category). Its section renders only once the product itself is on screen, so this never competes
 * with the page's own request; a first visit has the answer in the page already.
 */
export function useRelatedProducts(id: number) {
  const path = `/api/products/${id}/related`;
  return useQuery<RelatedProducts>({
    // Not under ['products']: product pages take a placeholder from any list there (catalog/api.ts), and
    // these compact cards are not whole products.
    queryKey: ['related-products', id],
    queryFn: ({ signal }) => apiGet<RelatedProducts>(path, { signal }),
    initialData: () => initialData<RelatedProducts>(path),
    initialDataUpdatedAt,
  });
}
