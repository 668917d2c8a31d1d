import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiPost } from './api';
import { useRefetchCart } from './refetch-cart';
import { addToGuestCart, deviceCanKeepCart } from './guest-cart-add';
import { useLocale, useT } from './i18n';
import { tokenUserId } from './jwt';
import { useLoginPrompt } from './login-prompt';
import { getToken } from './session';
import { toast } from './toast';

/**
 * Add to Cart, as the product list, the product page and its phone bar offer it: here
 * rather than in the cart feature, so the catalogue's pages do not import another feature.
 */

interface AddToCartInput {
  productId: number;
  quantity: number;
  /** The variant chosen, for a product sold in variants. */
  variantId?: number;
}

/** POST /api/cart/add-to-cart {userId, productId, quantity[, variantId]} with the shopper's bearer token. */
export async function addToCart({ productId, quantity, variantId }: AddToCartInput): Promise<void> {
  const userId = tokenUserId(getToken('user'));
  if (userId === undefined) throw new Error('Not logged in');
  const body = variantId === undefined ? { userId, productId, quantity } : { userId, productId, quantity, variantId };
  await apiPost('/api/cart/add-to-cart', body, { auth: 'user' });
}

/** Quantity: 1 when empty or not a number, never below 1. */
export function normaliseQuantity(value: number | string | undefined): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number >= 1 ? Math.floor(number) : 1;
}

/**
 * Add to Cart from the product list and the product page: `add(productId, quantity, variantId)` adds
 * to the account's cart, or a guest's to the cart kept on this device (lib/guest-cart.ts, added to the
 * account at login), and toasts the result. A device that cannot keep one (storage off, or its cart
 * full) gets 'Please login'. `pendingId` is the product being added, for a button spinner.
 */
export function useAddToCart() {
  const t = useT();
  const locale = useLocale();
  const refetchCart = useRefetchCart();
  const [guestPendingId, setGuestPendingId] = useState<number | undefined>();
  const promptLogin = useLoginPrompt();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: addToCart,
    onSuccess: () => toast.success(t('cart.toast.added')),
    onError: (error, input) => {
      // A card's Add on a product sold in variants: the product page is where one is chosen.
      if (input.variantId === undefined && error instanceof ApiError && error.status === 400 && error.fieldErrors.variantId) {
        if (error.serverMessage) toast.info(error.serverMessage);
        void navigate(`/products/${input.productId}`);
        return;
      }
      toast.error(t('cart.toast.addFailed'));
      // Not enough stock and the like: the server says why (the fixed toast above stays as it is).
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) toast.info(error.serverMessage);
    },
    onSettled: refetchCart,
  });
  const { mutate } = mutation;
  const add = useCallback(
    (productId: number, quantity?: number | string, variantId?: number) => {
      // The session as it is now, not as it was rendered: a tap that makes React hydrate the button
      // runs this with the server's render, which knows no session (the token is in local storage).
      if (getToken('user') === null) {
        // 'Please login', with a Log in link that brings the guest back to this page.
        const askLogin = () => promptLogin(t('cart.toast.loginRequired'), t('cart.toast.loginAction'));
        if (!deviceCanKeepCart()) return askLogin();
        const line = { productId, quantity: normaliseQuantity(quantity), ...(variantId === undefined ? {} : { variantId }) };
        setGuestPendingId(productId);
        void addToGuestCart(line, { t, locale })
          .then((result) => {
            if (result === 'no-room') askLogin();
            // A card's Add on a product sold in variants: the product page is where one is chosen.
            else if (result === 'choose-variant') void navigate(`/products/${productId}`);
          })
          .finally(() => setGuestPendingId(undefined));
        return;
      }
      mutate({ productId, quantity: normaliseQuantity(quantity), variantId });
    },
    [locale, mutate, navigate, promptLogin, t],
  );
  return { add, pendingId: mutation.isPending ? mutation.variables?.productId : guestPendingId };
}
