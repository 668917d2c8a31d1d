import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

/** A query cache with the shop's defaults: the page's one (below), or one per server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        // A refusal (4xx) will not change on retry; a dropped mobile connection often does.
        retry: (failureCount, error) => !(error instanceof ApiError && error.isClientError) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Query keys whose data belongs to the logged-in shopper. Logout removes them all so the next
 * person on the same phone never sees them. Later features add their keys here (cart, orders…).
 */
export const queryKeys = {
  store: ['store'] as const,
  categories: ['categories'] as const,
  user: (id: number | undefined) => ['user', id] as const,
  cart: ['cart'] as const,
  orders: ['orders'] as const,
  wishlist: ['wishlist'] as const,
  admin: ['admin'] as const,
};
export const sessionScopedKeys = [['user'], queryKeys.cart, queryKeys.orders, queryKeys.wishlist, queryKeys.admin] as const;
