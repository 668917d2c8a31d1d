import { Suspense, lazy, useState } from 'react';
import { CartMessage } from '../../components/CartMessage';
import type { CartDrawerProps } from '../../features/cart/CartDrawerContents';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Drawer } from '../../components/ui/Drawer';
import { LoadingBlock } from '../../components/ui/Spinner';
import { ensureActiveMessages, useT } from '../../lib/i18n';
import { useGuestCart } from '../../lib/guest-cart';
import { useShopperToken } from '../../lib/session';

/**
 * The logged-in contents (cart lines, checkout) load with the drawer, which follows the first paint
 * (lib/first-paint.ts): their code, and their messages (the cart part, lib/i18n.tsx), are not in what
 * every page needs before it can show.
 */
const loadContents = async () => {
  const [module] = await Promise.all([import('../../features/cart/CartDrawerContents'), ensureActiveMessages(['cart'])]);
  return { default: module.CartDrawerContents };
};

/** The logged-in contents; a failed load is tried anew with a fresh React.lazy (it keeps a failure). */
let CartDrawerContents = lazy(loadContents);

function LoggedInContents({ open, onClose, checkoutRequest }: { open: boolean; onClose: () => void; checkoutRequest: number }) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    CartDrawerContents = lazy(loadContents);
    setAttempt((n) => n + 1); // a new boundary, rendering the new loader
  };
  return (
    // A chunk that cannot be fetched (a dropped connection, a deploy that replaced it) fails the
    // drawer only, with a retry: the drawer mounts on every page, outside the page's own boundary.
    <ErrorBoundary
      key={attempt}
      logPrefix="The cart could not be loaded:"
      fallback={() => (
        <CartMessage
          text={t('common.cartDrawer.loadFailed')}
          action={
            <Button variant="outline" size="sm" onClick={retry}>
              {t('common.tryAgain')}
            </Button>
          }
        />
      )}
    >
      <Suspense fallback={<LoadingBlock label={t('common.cartDrawer.loading')} className="py-16" />}>
        <CartDrawerContents open={open} onClose={onClose} checkoutRequest={checkoutRequest} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The right-hand cart drawer: 400 px on wider screens, full width on phones.
 * Logged out with nothing in the device's cart it asks the shopper to log in; otherwise it shows the cart feature's CartDrawerContents
 * (lines, total, Checkout and the checkout form).
 */
export function CartDrawer({ open, onClose, checkoutRequest = 0 }: CartDrawerProps) {
  const t = useT();
  const loggedIn = useShopperToken() !== null;
  const guestLines = useGuestCart().length;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="right"
      title={t('common.cartDrawer.title')}
      closeLabel={t('common.cartDrawer.close')}
      // Closed by clicking the overlay, on a phone too: a strip of it stays beside the drawer
      // (full width, the overlay could only be clicked while the drawer was still sliding in).
      widthClass="w-[calc(100%-3rem)] sm:w-[400px]"
      overlayTestId="cart-overlay"
    >
      {loggedIn || guestLines > 0 ? (
        <LoggedInContents open={open} onClose={onClose} checkoutRequest={checkoutRequest} />
      ) : (
        <CartMessage
          text={t('common.cartDrawer.loginRequired')}
          action={
            <ButtonLink to="/login" onClick={onClose} variant="secondary">
              {t('common.cartDrawer.goToLogin')}
            </ButtonLink>
          }
        />
      )}
    </Drawer>
  );
}
