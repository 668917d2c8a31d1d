import { useQuery } from '@tanstack/react-query';
import type { CartItem } from '../../shared/cart';
import { apiGet } from './api';
import { tokenUserId } from './jwt';
import { queryKeys } from './query-client';
import { useShopperToken } from './session';

/**
 * The cart's one TanStack Query, shared by the header's count (app/layout), the cart feature
 * (drawer, checkout) and the account's Cart tab: an add, a change or a removal that refetches it
 * updates them all.
 */

/** ['cart', userId]: a prefix match on queryKeys.cart reaches every shopper's cart. */
export const cartKey = (userId: number | undefined) => [...queryKeys.cart, userId ?? 'guest'] as const;

/** GET /api/cart/view-cart/{userId} → its cartItems (anything that is not a list counts as none). */
export async function fetchCart(userId: number, signal?: AbortSignal): Promise<CartItem[]> {
  const reply = await apiGet<{ cartItems?: unknown }>(`/api/cart/view-cart/${userId}`, { auth: 'user', signal });
  return Array.isArray(reply?.cartItems) ? (reply.cartItems as CartItem[]) : [];
}

/**
 * The logged-in shopper's cart query; not run with nobody logged in, nor while `enabled` is false.
 * The token is read through useShopperToken, null while hydrating: a server-rendered page hydrates
 * as the server drew it (logged out), then asks.
 */
export function useCartQuery({ enabled = true }: { enabled?: boolean } = {}) {
  const token = useShopperToken();
  const userId = tokenUserId(token);
  const query = useQuery({
    queryKey: cartKey(userId),
    queryFn: ({ signal }) => fetchCart(userId!, signal),
    enabled: enabled && userId !== undefined,
  });
  return { query, userId, loggedIn: token !== null };
}

/** Units in the cart: the lines' quantities added up. */
export function unitCount(items: readonly Pick<CartItem, 'quantity'>[]): number {
  let units = 0;
  for (const item of items) units += item.quantity;
  return units;
}
