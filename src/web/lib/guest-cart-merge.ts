import { useEffect } from 'react';
import { useGuestCart } from './guest-cart';
import { tokenUserId } from './jwt';
import { useShopperToken } from './session';

let merging = false;

/**
 * Adds a guest's cart on this device to the account of the shopper who just logged in (any way:
 * password, code, registration), through the same add-to-cart call as a tap on Add to Cart, so the
 * server's rules hold: a line the stock or the order limit cannot take whole is added as far as
 * the stock allows, and the shopper is told which lines were cut or left out (guest-cart-merge-run.ts).
 */
export function GuestCartMerge() {
  const userId = tokenUserId(useShopperToken());
  const lines = useGuestCart();
  useEffect(() => {
    if (userId === undefined || lines.length === 0 || merging) return;
    merging = true;
    void import('./guest-cart-merge-run')
      .then(({ mergeGuestCart }) => mergeGuestCart(userId))
      .catch((error: unknown) => console.error('The cart on this device could not be added to the account:', error))
      .finally(() => {
        merging = false;
      });
  }, [lines, userId]);
  return null;
}
