import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ToastContainer } from '../lib/toast';
import { ApiError } from '../lib/errors';
import { tokenExpiresAt, tokenUserId } from '../lib/jwt';
import { queryClient } from '../lib/query-client';
import { endAdminSession, endShopperSession, refreshToken, useAdminToken, useShopperToken } from '../lib/session';
import { useCurrentUser } from '../lib/user';
import { GuestCartMerge } from '../lib/guest-cart-merge';
import { WishlistMerge } from '../lib/wishlist';

/** Seconds before expiry at which the admin token is renewed. */
const ADMIN_REFRESH_LEAD_MS = 60_000;
/** After a dropped connection (not a refusal) the admin refresh is tried again this much later. */
const ADMIN_RETRY_MS = 30_000;

/**
 * The shopper session: with a token, fetch the user by the id in it (the API client refreshes an
 * expired token first). A refused refresh or fetch logs the shopper out.
 */
function ShopperSession() {
  const token = useShopperToken();
  const { error } = useCurrentUser();
  useEffect(() => {
    if (token && tokenUserId(token) === undefined) endShopperSession();
  }, [token]);
  useEffect(() => {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) endShopperSession();
  }, [error]);
  return null;
}

/** The admin session: refresh at once when expired, else 60 s before expiry; a refused refresh logs the admin out. */
function AdminSession() {
  const token = useAdminToken();
  useEffect(() => {
    if (!token) return;
    let timer: number | undefined;
    let cancelled = false;
    const refresh = () => {
      refreshToken('admin').catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
          timer = window.setTimeout(refresh, ADMIN_RETRY_MS);
          return;
        }
        endAdminSession();
      });
    };
    const schedule = () => {
      window.clearTimeout(timer);
      const expiresAt = tokenExpiresAt(token) ?? 0;
      const delay = expiresAt - ADMIN_REFRESH_LEAD_MS - Date.now();
      if (expiresAt <= Date.now() || delay <= 0) refresh();
      else timer = window.setTimeout(refresh, Math.min(delay, 2 ** 31 - 1));
    };
    schedule();
    // Timers sleep with a backgrounded tab or a locked phone: check again when the page is back.
    const onVisible = () => document.visibilityState === 'visible' && schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token]);
  return null;
}

/** `client` is the page's query cache; a server render passes its own, so requests never share one. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ShopperSession />
      <WishlistMerge />
      <GuestCartMerge />
      <AdminSession />
      {children}
      <ToastContainer position="top-center" autoClose={2000} theme="light" closeOnClick pauseOnFocusLoss pauseOnHover={false} />
    </QueryClientProvider>
  );
}
