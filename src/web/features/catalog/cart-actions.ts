import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiPost } from '../../lib/api';
import { tokenUserId } from '../../lib/jwt';
import { queryKeys } from '../../lib/query-client';
import { getToken, useShopperToken } from '../../lib/session';
import { toast } from '../../lib/toast';

/**
 * Add to Cart from the product list and the product page (SPEC §5, §7, §8). The cart feature can
 * move this into its own module later; the catalogue only needs `useAddToCart`.
 */
export const CART_MESSAGES = {
  loginRequired: 'Please login',
  added: 'Product added to cart successfully!',
  failed: 'Failed to add product to cart.',
} as const;

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
 * `add(productId, quantity)` toasts 'Please login' for a guest, otherwise adds and toasts the result,
 * then refetches the cart (SPEC §4). `pendingId` is the product being added, for a button spinner.
 */
export function useAddToCart() {
  const loggedIn = useShopperToken() !== null;
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: addToCart,
    onSuccess: () => toast.success(CART_MESSAGES.added),
    onError: (error) => {
      toast.error(CART_MESSAGES.failed);
      // Not enough stock and the like: the server says why (the SPEC's toast above stays as it is).
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) toast.info(error.serverMessage);
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.cart }),
  });
  const { mutate } = mutation;
  const add = useCallback(
    (productId: number, quantity?: number | string) => {
      if (!loggedIn) {
        toast.error(CART_MESSAGES.loginRequired);
        return;
      }
      mutate({ productId, quantity: normaliseQuantity(quantity) });
    },
    [loggedIn, mutate],
  );
  return { add, pendingId: mutation.isPending ? mutation.variables?.productId : undefined };
}
