import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CartItem } from '../../../shared/cart';
import { ApiError, api, apiGet, apiPost } from '../../lib/api';
import { tokenUserId } from '../../lib/jwt';
import { useLoginPrompt } from '../../lib/login-prompt';
import { queryKeys } from '../../lib/query-client';
import { useT } from '../../lib/i18n';
import { getToken, useShopperToken } from '../../lib/session';
import { toast } from '../../lib/toast';

export type { CartItem };

/**
 * The cart's server state (SPEC §4, §5, §7, §8): one TanStack Query per shopper id, refetched
 * after every add and remove, emptied after a checkout, and never shown without a token (logout
 * removes every ['cart', …] query through the session's scoped keys).
 */

/** ['cart', userId]: a prefix match on queryKeys.cart reaches every shopper's cart. */
export const cartKey = (userId: number | undefined) => [...queryKeys.cart, userId ?? 'guest'] as const;

/** GET /api/cart/view-cart/{userId} → its cartItems (anything that is not a list counts as none). */
export async function fetchCart(userId: number, signal?: AbortSignal): Promise<CartItem[]> {
  const reply = await apiGet<{ cartItems?: unknown }>(`/api/cart/view-cart/${userId}`, { auth: 'user', signal });
  return Array.isArray(reply?.cartItems) ? (reply.cartItems as CartItem[]) : [];
}

/** The logged-in shopper's cart lines; an empty list when nobody is logged in. */
export function useCart() {
  const token = useShopperToken();
  const userId = tokenUserId(token);
  const query = useQuery({
    queryKey: cartKey(userId),
    queryFn: ({ signal }) => fetchCart(userId!, signal),
    enabled: userId !== undefined,
  });
  const items: CartItem[] = userId === undefined ? [] : (query.data ?? []);
  return { ...query, items, userId, loggedIn: token !== null };
}

/** Price × quantity in rupees, added up in whole paisa so that 0.1 + 0.2 stays 0.3. */
export function lineTotal(item: Pick<CartItem, 'quantity' | 'product'>): number {
  return (Math.round(item.product.price * 100) * item.quantity) / 100;
}

export function cartSum(items: readonly Pick<CartItem, 'quantity' | 'product'>[]): number {
  let paisa = 0;
  for (const item of items) paisa += Math.round(item.product.price * 100) * item.quantity;
  return paisa / 100;
}

/** Refetch every cart query (after add, remove or checkout). */
function useRefetchCart() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: queryKeys.cart }), [client]);
}

// ---------------------------------------------------------------------------------------------
// Add

interface AddToCartInput {
  productId: number;
  quantity: number;
}

/** POST /api/cart/add-to-cart {userId, productId, quantity} with the shopper's bearer token. */
export async function addToCart({ productId, quantity }: AddToCartInput): Promise<void> {
  const userId = tokenUserId(getToken('user'));
  if (userId === undefined) throw new Error('Not logged in');
  await apiPost('/api/cart/add-to-cart', { userId, productId, quantity }, { auth: 'user' });
}

/** Quantity as SPEC §5 says: 1 when empty or not a number, never below 1. */
export function normaliseQuantity(value: number | string | undefined): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number >= 1 ? Math.floor(number) : 1;
}

/**
 * Add to Cart from the product list and the product page: `add(productId, quantity)` toasts
 * 'Please login' for a guest, otherwise adds and toasts the result, then refetches the cart.
 * `pendingId` is the product being added, for a button spinner.
 */
export function useAddToCart() {
  const t = useT();
  const loggedIn = useShopperToken() !== null;
  const refetchCart = useRefetchCart();
  const promptLogin = useLoginPrompt();
  const mutation = useMutation({
    mutationFn: addToCart,
    onSuccess: () => toast.success(t('cart.toast.added')),
    onError: (error) => {
      toast.error(t('cart.toast.addFailed'));
      // Not enough stock and the like: the server says why (the SPEC's toast above stays as it is).
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) toast.info(error.serverMessage);
    },
    onSettled: refetchCart,
  });
  const { mutate } = mutation;
  const add = useCallback(
    (productId: number, quantity?: number | string) => {
      if (!loggedIn) {
        // SPEC's 'Please login', with a Log in link that brings the guest back to this page.
        promptLogin(t('cart.toast.loginRequired'), t('cart.toast.loginAction'));
        return;
      }
      mutate({ productId, quantity: normaliseQuantity(quantity) });
    },
    [loggedIn, mutate, promptLogin, t],
  );
  return { add, pendingId: mutation.isPending ? mutation.variables?.productId : undefined };
}

// ---------------------------------------------------------------------------------------------
// Remove

/** DELETE /api/cart/remove-item/{id}. */
export function removeCartItem(id: number): Promise<unknown> {
  return api(`/api/cart/remove-item/${id}`, { method: 'DELETE', auth: 'user' });
}

/** `remove(lineId)` with the SPEC toasts and a cart refetch; `pendingId` is the line being removed. */
export function useRemoveCartItem() {
  const t = useT();
  const refetchCart = useRefetchCart();
  const mutation = useMutation({
    mutationFn: removeCartItem,
    onSuccess: () => toast.success(t('cart.toast.removed')),
    onError: () => toast.error(t('cart.toast.removeFailed')),
    onSettled: refetchCart,
  });
  const { mutate } = mutation;
  return { remove: mutate, pendingId: mutation.isPending ? mutation.variables : undefined };
}
