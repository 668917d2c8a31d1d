import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CartItem } from '../../shared/cart';
import { ApiError, api } from './api';
import { cartKey, useCartQuery } from './cart-query';
import { useRefetchCart } from './refetch-cart';
import { tokenUserId } from './jwt';
import { queryKeys } from './query-client';
import { useT } from './i18n';
import { useShopperToken } from './session';
import { toast } from './toast';

export type { CartItem };

/**
 * The cart's server state: one TanStack Query per shopper id (its key and
 * fetch in lib/cart-query.ts, which the header's count uses too), refetched after every add,
 * change and remove, emptied after a checkout, and never shown without a token (logout removes
 * every ['cart', …] query through the session's scoped keys). Here in lib/ because two features
 * show the cart: the cart's drawer and checkout, and the account's Cart tab.
 */

/** The logged-in shopper's cart lines; an empty list when nobody is logged in. */
export function useCart() {
  const { query, userId, loggedIn } = useCartQuery();
  const items: CartItem[] = userId === undefined ? [] : (query.data ?? []);
  return { ...query, items, userId, loggedIn };
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

// ---------------------------------------------------------------------------------------------
// Change a line's quantity

interface SetQuantityInput {
  itemId: number;
  quantity: number;
}

/** PUT /api/cart/update-quantity {itemId, quantity}: the token says whose line it is. */
export function updateCartQuantity({ itemId, quantity }: SetQuantityInput): Promise<unknown> {
  return api('/api/cart/update-quantity', { method: 'PUT', body: { itemId, quantity }, auth: 'user' });
}

/** Changes of quantities run one after another, so a line ends at the last one the shopper chose. */
const setQuantityKey = [...queryKeys.cart, 'set-quantity'] as const;

/**
 * The steppers of the drawer and the Cart tab: `setQuantity(itemId, quantity)` shows the new
 * quantity (and the totals with it) at once; a refusal toasts and puts the old one back. The cart
 * is refetched once the last change is settled. `pendingId` is the line whose change is on its way.
 */
export function useSetCartQuantity() {
  const t = useT();
  const client = useQueryClient();
  const userId = tokenUserId(useShopperToken());
  const mutation = useMutation({
    mutationKey: setQuantityKey,
    scope: { id: setQuantityKey.join('/') },
    mutationFn: updateCartQuantity,
    onMutate: async ({ itemId, quantity }) => {
      const key = cartKey(userId);
      // A refetch on its way would bring the old quantity back over the new one.
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<CartItem[]>(key);
      client.setQueryData<CartItem[]>(key, (items) => items?.map((item) => (item.id === itemId ? { ...item, quantity } : item)));
      return { key, before };
    },
    onError: (error, _input, context) => {
      if (context?.before) client.setQueryData(context.key, context.before);
      toast.error(t('cart.toast.quantityFailed'));
      // Not enough stock left and the like: the server says why.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) toast.info(error.serverMessage);
    },
    onSettled: () => {
      // Only after the last change: an earlier one's answer would show a quantity already changed again.
      if (client.isMutating({ mutationKey: setQuantityKey }) === 1) void client.invalidateQueries({ queryKey: queryKeys.cart });
    },
  });
  const { mutate } = mutation;
  const setQuantity = useCallback((itemId: number, quantity: number) => mutate({ itemId, quantity }), [mutate]);
  return { setQuantity, pendingId: mutation.isPending ? mutation.variables?.itemId : undefined };
}

// ---------------------------------------------------------------------------------------------
// Remove

/** DELETE /api/cart/remove-item/{id}. */
export function removeCartItem(id: number): Promise<unknown> {
  return api(`/api/cart/remove-item/${id}`, { method: 'DELETE', auth: 'user' });
}

/** `remove(lineId)` with the cart's toasts and a cart refetch; `pendingId` is the line being removed. */
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
