import { type QueryClient, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductPage } from '../../../shared/catalog';
import type { ProductDetail } from '../../../shared/product-detail';
import { apiGet } from '../../lib/api';
import { fetchProductPage, productKeys } from '../../lib/products';
import { initialData, initialDataUpdatedAt } from '../../lib/initial-data';

export type { Product, ProductPage };

/**
 * A product as its page has it: the full answer (options, variants, specifications), or for a moment
 * the list's fields alone, from a list already in the cache, while that answer is on its way.
 */
export type ProductView = Product & Partial<Pick<ProductDetail, 'options' | 'variants' | 'specs'>>;

/** A page of the product list; while the next page loads the previous one stays on screen. */
export function useProductPage(query: string, enabled = true) {
  return useQuery({
    queryKey: productKeys.page(query),
    queryFn: ({ signal }) => fetchProductPage(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    // The first list the server wrote into the page (a first visit to /products).
    initialData: () => initialData<ProductPage>(`/api/products?${query}`),
    initialDataUpdatedAt,
  });
}

/**
 * The list's brand and specification counts (GET /api/products?…&facets=1; `query` carries it),
 * asked for only while `enabled` (the filter drawer is open); the last counts stay while new ones
 * load. An answer without `facets` (a server that offers none) leaves the drawer without them.
 */
export function useProductFacets(query: string, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.page(query),
    queryFn: ({ signal }) => fetchProductPage(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A product already in the cache (from a list or Home), shown at once while its own request runs. */
function cachedProduct(client: QueryClient, id: number): Product | undefined {
  for (const [, data] of client.getQueriesData<ProductPage>({ queryKey: productKeys.all })) {
    const found = data && 'products' in data ? data.products.find((product) => product.id === id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** GET /api/products/{id}; `id` undefined (not a number in the URL) leaves the query idle. */
export function useProduct(id: number | undefined) {
  const client = useQueryClient();
  return useQuery<ProductView>({
    queryKey: productKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiGet<ProductDetail>(`/api/products/${id}`, { signal }),
    enabled: id !== undefined,
    // The product the server wrote into the page (a first visit to /products/{id}).
    initialData: () => (id === undefined ? undefined : initialData<ProductDetail>(`/api/products/${id}`)),
    initialDataUpdatedAt,
    placeholderData: (): ProductView | undefined => (id === undefined ? undefined : cachedProduct(client, id)),
  });
}
