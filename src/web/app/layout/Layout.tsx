import { type MouseEvent, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { onOpenCartDrawer } from '../../lib/cart-drawer';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { useT } from '../../lib/i18n';
import { PageBoundary } from '../PageBoundary';
import { ScrollManager } from '../ScrollManager';
import { CartDrawer } from './CartDrawer';
import { Footer } from './Footer';
import { MenuDrawer } from './MenuDrawer';
import { Navbar } from './Navbar';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/** Navigation bar, drawers and footer around every route. */
export function Layout() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  // Counts the requests to open the drawer at its checkout (the Cart tab's 'Proceed to checkout').
  const [checkoutRequest, setCheckoutRequest] = useState(0);
  const location = useLocation();
  // The footer starts below the fold and the drawers are closed: neither is in the first paint.
  const painted = useAfterFirstPaint();

  // Any navigation closes the drawers (links inside them close them too, this covers back/forward).
  const [lastKey, setLastKey] = useState(location.key);
  if (lastKey !== location.key) {
    setLastKey(location.key);
    setMenuOpen(false);
    setCartOpen(false);
  }

  const openMenu = useCallback(() => setMenuOpen(true), []);
  const openCart = useCallback(() => setCartOpen(true), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeCart = useCallback(() => setCartOpen(false), []);

  useEffect(
    () =>
      onOpenCartDrawer(({ checkout }) => {
        if (checkout) setCheckoutRequest((n) => n + 1);
        setCartOpen(true);
      }),
    [],
  );

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 print:block print:min-h-0 print:bg-white">
      {/* The first stop of the Tab key on every page, shown when focused: past the navbar to the page
          itself. Focus moves to <main> (tabIndex -1) without a #main history entry; the href does the
          same before the page's script has run. */}
      <a
        href="#main"
        onClick={skipToMain}
        className="sr-only z-50 rounded-md print:hidden bg-amber-500 px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common.skipToContent')}
      </a>
      <Navbar onOpenMenu={openMenu} onOpenCart={openCart} />
      {/* At least the screen below the navbar: the footer starts below the fold, so content that
          arrives later (lists, images) pushes nothing visible down (CLS). */}
      <main
        id="main"
        tabIndex={-1}
        className="min-h-[calc(100dvh-3.5rem)] flex-1 outline-none sm:min-h-[calc(100dvh-4rem)] print:min-h-0"
      >
        <PageBoundary resetKey={location.pathname}>
          <Outlet />
        </PageBoundary>
      </main>
      {painted && <Footer />}
      {(painted || menuOpen) && <MenuDrawer open={menuOpen} onClose={closeMenu} onOpenCart={openCart} />}
      {(painted || cartOpen) && <CartDrawer open={cartOpen} onClose={closeCart} checkoutRequest={checkoutRequest} />}
      <ScrollManager />
    </div>
  );
}
