import { ApiError } from './api';
import { formatCount } from './format';
import { type GuestLine, guestCart, sameLine } from './guest-cart';
import { loadProductDetail, priceGuestLine } from './guest-cart-product';
import type { Translate } from './i18n';
import type { Locale } from '../../shared/locale';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';
import { toast } from './toast';

/** Whether this device can keep a cart (private modes and disabled storage cannot). */
export function deviceCanKeepCart(): boolean {
  const probe = `${STORAGE_KEYS.guestCart}.probe`;
  writeStorage(probe, '1');
  const ok = readStorage(probe) === '1';
  writeStorage(probe, null);
  return ok;
}

export type GuestAddResult = 'added' | 'choose-variant' | 'refused' | 'no-room';

/**
 * A guest's Add to Cart: the product is asked of the public API (it may need a variant, be gone or
 * out of stock), then the line goes to the device's cart, at most what is in stock. The toasts say
 * what happened, as the logged-in add's do.
 */
export async function addToGuestCart(line: GuestLine, { t, locale }: { t: Translate; locale: Locale }): Promise<GuestAddResult> {
  let product;
  try {
    product = await loadProductDetail(line.productId);
  } catch (error) {
    toast.error(t('cart.toast.addFailed'));
    if (!(error instanceof ApiError)) console.error('The product could not be loaded:', error);
    return 'refused';
  }
  if (line.variantId === undefined && (product.variants ?? []).length > 0) {
    toast.info(t('cart.guest.chooseVariant'));
    return 'choose-variant';
  }
  const priced = priceGuestLine(line, product);
  if (!priced.isAvailable) {
    toast.error(t('cart.toast.addFailed'));
    toast.info(t('cart.guest.outOfStock', { name: priced.name }));
    return 'refused';
  }
  const inCart = guestCart.lines().find((other) => sameLine(other, line))?.quantity ?? 0;
  let quantity = line.quantity;
  if (priced.stock !== null && inCart + quantity > priced.stock) {
    quantity = priced.stock - inCart;
    const only = t('cart.guest.onlyLeft', { name: priced.name, stock: formatCount(priced.stock, locale) });
    if (quantity <= 0) {
      toast.error(t('cart.toast.addFailed'));
      toast.info(only);
      return 'refused';
    }
    toast.info(only);
  }
  if (!guestCart.add({ ...line, quantity })) return 'no-room';
  toast.success(t('cart.toast.added'));
  return 'added';
}
