import { addToCart } from './add-to-cart';
import { ApiError } from './api';
import { fetchCart } from './cart-query';
import { formatCount } from './format';
import { type GuestLine, guestCart, sameLine } from './guest-cart';
import { loadProductDetail, priceGuestLine } from './guest-cart-product';
import { currentLocale, ensureActiveMessages, translate } from './i18n';
import { queryClient, queryKeys } from './query-client';
import { toast } from './toast';

/** What became of one line. */
type Outcome = { line: GuestLine; added: number; name?: string } | 'retry';

/**
 * The merge itself (GuestCartMerge): loaded only when a logged-in shopper has a guest's cart on the
 * device, so every page's first JavaScript carries none of it. The lines are taken off the device
 * first, so a second tab does not add them again; a line that failed for want of a connection goes
 * back, to be tried on the next page.
 */
export async function mergeGuestCart(userId: number): Promise<void> {
  const taken = guestCart.lines();
  guestCart.set([]);
  const outcomes: Outcome[] = [];
  try {
    for (const line of taken) outcomes.push(await mergeLine(userId, line));
  } finally {
    const retry = taken.filter((_, index) => outcomes[index] === undefined || outcomes[index] === 'retry');
    if (retry.length > 0) guestCart.set([...retry, ...guestCart.lines().filter((l) => !retry.some((r) => sameLine(r, l)))]);
    await queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    await tell(outcomes.filter((outcome) => outcome !== 'retry'));
  }
}

async function mergeLine(userId: number, line: GuestLine): Promise<Outcome> {
  const { productId, variantId, quantity } = line;
  try {
    await addToCart({ productId, variantId, quantity });
    return { line, added: quantity };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) return 'retry';
  }
  // Refused (out of stock, over the limit, gone): as much as the stock still lets the account's cart take.
  try {
    const product = await loadProductDetail(productId);
    const priced = priceGuestLine(line, product);
    if (!priced.isAvailable) return { line, added: 0, name: priced.name };
    const inCart = (await fetchCart(userId)).find(
      (item) => item.product.id === productId && (item.variantId ?? undefined) === variantId,
    );
    const room = priced.stock === null ? quantity - 1 : Math.min(quantity - 1, priced.stock - (inCart?.quantity ?? 0));
    if (room < 1) return { line, added: 0, name: priced.name };
    try {
      await addToCart({ productId, variantId, quantity: room });
      return { line, added: room, name: priced.name };
    } catch {
      return { line, added: 0, name: priced.name };
    }
  } catch (error) {
    return error instanceof ApiError && error.status < 500 ? { line, added: 0 } : 'retry';
  }
}

/** One toast: all added, or each line cut or left out. */
async function tell(outcomes: Exclude<Outcome, 'retry'>[]): Promise<void> {
  if (outcomes.length === 0) return;
  await ensureActiveMessages(['cart']).catch(() => undefined);
  const short = outcomes.filter((outcome) => outcome.added < outcome.line.quantity);
  if (short.length === 0) {
    toast.success(translate('cart.merge.added'));
    return;
  }
  const locale = currentLocale();
  for (const { line, added, name = `#${line.productId}` } of short) {
    toast.info(
      added === 0
        ? translate('cart.merge.notAdded', { name })
        : translate('cart.merge.partly', { name, added: formatCount(added, locale), wanted: formatCount(line.quantity, locale) }),
      { autoClose: 8000 },
    );
  }
}
