import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from './query-client';

// Its own module, not lib/cart-query.ts: that one is in every page's first JavaScript (the header's
// count); this one only where a cart changes.

/** Refetch every cart query (after add, remove or checkout). */
export function useRefetchCart() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: queryKeys.cart }), [client]);
}
