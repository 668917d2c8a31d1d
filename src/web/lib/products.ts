import { useQuery } from '@tanstack/react-query';
import type { ProductPage } from '../../shared/catalog';
import { apiGet } from './api';

/**
 * The catalogue's query keys and Home's featured products: shared by Home and the catalogue's pages
 * (features/catalog/api.ts), which read the products Home already has while their own request runs.
 */

/** Featured products shown on Home. */
export const FEATURED_COUNT = 8;

/** Everything under ['products'] is public catalogue data (lists, pages and single products). */
export const productKeys = {
  all: ['products'] as const,
  page: (query: string) => ['products', 'page', query] as const,
  featured: ['products', 'featured'] as const,
  one: (id: number) => ['products', 'one', id] as const,
};

/** One page of GET /api/products; `query` is a URLSearchParams string that includes `page` (so the answer is paged). */
export function fetchProductPage(query: string, signal?: AbortSignal): Promise<ProductPage> {
  return apiGet<ProductPage>(`/api/products?${query}`, { signal });
}

/** Home's featured grid: only the featured products, one small page, never the whole catalogue. */
export function useFeaturedProducts() {
  return useQuery({
    queryKey: productKeys.featured,
    queryFn: ({ signal }) =>
      fetchProductPage(new URLSearchParams({ featured: 'true', page: '1', pageSize: String(FEATURED_COUNT) }).toString(), signal),
    select: (page) => page.products.filter((product) => product.isFeatured),
  });
}
