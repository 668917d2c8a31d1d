import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route, Routes, matchRoutes } from 'react-router';
import { type MessagePart, ensureActiveMessages } from '../lib/i18n';
import { Layout } from './layout/Layout';

/**
 * The routes of SPEC §2, in React Router's declarative mode (BrowserRouter in app/start.tsx): the data
 * router's loaders and actions are not used here, and leaving it out of the bundle saves ~15 KB
 * (brotli) of every first visit's JavaScript.
 *
 * Route-level code splitting: every page, Home too, loads on demand (React.lazy; the
 * layout shows a spinner while a page's code arrives, and an error panel if it cannot). The server
 * names a page's chunks in its HTML (src/server/features/web/preload.ts lists these modules), and
 * app/start.tsx waits for the first page's code before the first render, so that render is the page.
 */

type Page = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * React.lazy whose code can be fetched ahead; once fetched, rendering it does not suspend. A page
 * that speaks with messages beyond the main part (lib/i18n.tsx) has them loaded with its code.
 */
function lazyPage(loadCode: () => Promise<{ default: ComponentType }>, parts: MessagePart[] = []): Page {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = async () => {
    const [module] = await Promise.all([loadCode(), ensureActiveMessages(parts)]);
    return module;
  };
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  // A fetched module is handed over synchronously (a thenable that calls back at once): React then
  // renders the page without showing the fallback first.
  const component = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: ComponentType }) => void) => resolve(loaded!) } as Promise<{
          default: ComponentType;
        }>)
      : preload(),
  );
  return Object.assign(component, { preload });
}

const HomePage = lazyPage(() => import('../features/home/HomePage'));

const pages: { path: string; page: Page }[] = [
  { path: 'about', page: lazyPage(() => import('../features/pages/AboutPage')) },
  { path: 'privacy-policy', page: lazyPage(() => import('../features/pages/PrivacyPolicyPage')) },
  { path: 'terms-and-conditions', page: lazyPage(() => import('../features/pages/TermsPage')) },
  { path: 'products', page: lazyPage(() => import('../features/catalog/ProductsPage'), ['cart']) },
  { path: 'products/:id', page: lazyPage(() => import('../features/catalog/ProductDetailPage'), ['cart']) },
  { path: 'login', page: lazyPage(() => import('../features/auth/LoginPage'), ['account']) },
  { path: 'register', page: lazyPage(() => import('../features/auth/RegisterPage'), ['account']) },
  { path: 'otp-verification', page: lazyPage(() => import('../features/auth/OtpVerificationPage'), ['account']) },
  { path: 'forgot-password', page: lazyPage(() => import('../features/auth/ForgotPasswordPage'), ['account']) },
  { path: 'account', page: lazyPage(() => import('../features/account/AccountPage'), ['account', 'cart']) },
  { path: 'orders/:orderId/invoice', page: lazyPage(() => import('../features/invoice/InvoicePage'), ['account', 'cart']) },
  { path: 'admin/login', page: lazyPage(() => import('../features/admin/AdminLoginPage'), ['account', 'admin']) },
  { path: 'admin', page: lazyPage(() => import('../features/admin/AdminPage'), ['account', 'admin', 'cart']) },
  { path: '*', page: lazyPage(() => import('../features/pages/NotFoundPage')) },
];

/** Fetches the code of the page at `pathname`. */
export function preloadPage(pathname: string): Promise<unknown> {
  if (pathname === '/') return HomePage.preload();
  const matches = matchRoutes(
    pages.map(({ path }) => ({ path })),
    pathname,
  );
  const page = pages.find(({ path }) => path === matches?.[0]?.route.path)?.page;
  return page ? page.preload() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {pages.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}
