import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductCompare } from '../../../../shared/product-compare';
import { apiGet } from '../../../lib/api';
import { productKeys } from '../../../lib/products';

/**
 * GET /api/products/compare?ids=…: the products to compare, as their pages read them (idle with no
 * ids). Under ['products'], so a product page opened from here shows its product at once.
 * While a changed list loads, the last answer stays (the page shows only the ids still asked for).
 */
export function useCompareProducts(ids: readonly number[]) {
  const query = ids.join(',');
  return useQuery({
    queryKey: [...productKeys.all, 'compare', query],
    queryFn: ({ signal }) => apiGet<ProductCompare>(`/api/products/compare?ids=${query}`, { signal }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}
