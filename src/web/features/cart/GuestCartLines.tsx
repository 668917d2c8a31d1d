import { useQueries } from '@tanstack/react-query';
import Trash2 from 'lucide-react/icons/trash-2';
import { Suspense, lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { localDigits } from '../../../shared/locale';
import { CartLineName } from '../../components/CartLineName';
import { CartThumb } from '../../components/CartThumb';
import { QuantityStepper } from '../../components/QuantityStepper';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { type CartItem, cartSum, lineTotal } from '../../lib/cart';
import { formatPrice } from '../../lib/format';
import { type GuestLine, guestCart, useGuestCart } from '../../lib/guest-cart';
import { priceGuestLine, productDetailQuery } from '../../lib/guest-cart-product';
import { useLocale, useT } from '../../lib/i18n';
import { safeReturnPath, withReturnPath } from '../../lib/return-path';

/** The guest's checkout by phone (and zod with it) loads only when a guest starts it. */
const GuestCheckout = lazy(() => import('./GuestCheckout').then((module) => ({ default: module.GuestCheckout })));

/** What a guest typed when their number was proved: the checkout form starts with it. */
export interface GuestTyped {
  fullName: string;
  phone: string;
}

/**
 * A guest's cart in the drawer: the lines kept on this device, each priced and stocked by the public
 * product API as it is now (the device keeps no price). Quantities change and lines go here, on the
 * device; checking out asks the guest to log in, or to check out as a guest with a texted code
 * (GuestCheckout), and their cart follows them into the account.
 */
export function GuestCartLines({ onClose, onGuestVerified }: { onClose: () => void; onGuestVerified: (typed: GuestTyped) => void }) {
  const t = useT();
  const [asGuest, setAsGuest] = useState(false);
  const locale = useLocale();
  const lines = useGuestCart();
  const { pathname, search, hash } = useLocation();
  const ids = [...new Set(lines.map((line) => line.productId))];
  const products = useQueries({ queries: ids.map((id) => ({ ...productDetailQuery(id), retry: 1 })) });
  const byId = new Map(ids.map((id, index) => [id, products[index]!]));
  if (products.some((query) => query.isPending)) {
    return (
      <div className="flex h-full items-center justify-center py-16" role="status" aria-label={t('cart.drawer.loading')}>
        <Spinner className="size-7 text-amber-500" />
      </div>
    );
  }
  if (asGuest) {
    return (
      <div className="h-full overflow-y-auto">
        <Suspense
          fallback={
            <div className="flex justify-center py-16" role="status" aria-label={t('cart.drawer.loadingCheckout')}>
              <Spinner className="size-7 text-amber-500" />
            </div>
          }
        >
          <GuestCheckout onVerified={onGuestVerified} onCancel={() => setAsGuest(false)} />
        </Suspense>
      </div>
    );
  }
  const items = lines.map((line, index) => toItem(line, index, byId.get(line.productId)?.data));
  const total = cartSum(items.filter((item) => item.product.isAvailable));
  const login = withReturnPath('/login', safeReturnPath(pathname + search + hash));
  return (
    <div className="flex h-full flex-col">
      <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto px-4" aria-label={t('cart.items.label')}>
        {items.map((item, index) => {
          const line = lines[index]!;
          return (
            <li key={`${line.productId}-${line.variantId ?? ''}`} className="flex gap-3 py-4" data-testid="cart-line">
              <CartThumb images={item.product.images} alt={item.product.name} />
              <div className="min-w-0 flex-1">
                <CartLineName
                  item={item}
                  onClick={onClose}
                  className="line-clamp-2 font-medium text-slate-900 hover:text-amber-700"
                />
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-600">
                  <dt>{t('cart.line.quantity')}</dt>
                  <dd className={item.product.isAvailable ? 'col-span-2 mt-1 mb-2' : undefined}>
                    {item.product.isAvailable ? (
                      <>
                        <span className="sr-only">{localDigits(String(item.quantity), locale)}</span>
                        <QuantityStepper
                          value={item.quantity}
                          onChange={(value) => guestCart.setQuantity(line, value)}
                          max={item.product.stock}
                          productName={item.product.name}
                          showLabel={false}
                        />
                      </>
                    ) : (
                      localDigits(String(item.quantity), locale)
                    )}
                  </dd>
                  {item.product.isAvailable && (
                    <>
                      <dt>{t('cart.line.price')}</dt>
                      <dd>{formatPrice(item.product.price, locale)}</dd>
                      <dt>{t('cart.line.total')}</dt>
                      <dd className="font-semibold text-slate-900">{formatPrice(lineTotal(item), locale)}</dd>
                    </>
                  )}
                </dl>
                {!item.product.isAvailable && (
                  <p className="mt-1 text-sm font-medium text-red-600">{t('cart.line.unavailable')}</p>
                )}
                <button
                  type="button"
                  onClick={() => guestCart.remove(line)}
                  className="mt-2 -ml-1 inline-flex min-h-9 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-red-600 hover:bg-red-50 hover:text-red-700"
                  aria-label={t('cart.line.removeLabel', { name: item.product.name })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('cart.line.remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="shrink-0 space-y-3 border-t border-slate-200 bg-white px-4 py-4">
        <div className="flex items-baseline justify-between">
          <span className="text-base font-semibold text-slate-700">{t('cart.total')}</span>
          <span className="text-lg font-bold text-slate-900" data-testid="cart-total">
            {formatPrice(total, locale)}
          </span>
        </div>
        <p className="text-sm text-slate-600">{t('cart.guest.kept')}</p>
        <ButtonLink to={login} onClick={onClose} variant="primary" size="lg" className="w-full">
          {t('cart.guest.loginToCheckout')}
        </ButtonLink>
        {items.some((item) => item.product.isAvailable) && (
          <Button variant="outline" size="lg" className="w-full" onClick={() => setAsGuest(true)}>
            {t('cart.guest.checkoutAsGuest')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** A device line in the cart's shape, so the drawer's parts show it as they show the account's. */
function toItem(line: GuestLine, index: number, product: Parameters<typeof priceGuestLine>[1] | undefined): CartItem {
  const priced = product ? priceGuestLine(line, product) : undefined;
  return {
    id: -(index + 1),
    quantity: line.quantity,
    variantId: line.variantId ?? null,
    variantLabel: priced?.variantLabel ?? null,
    product: {
      id: line.productId,
      name: priced?.name ?? `#${line.productId}`,
      price: priced?.price ?? 0,
      images: priced?.images ?? '[]',
      stock: priced?.stock ?? null,
      isAvailable: priced?.isAvailable ?? false,
    },
  };
}
