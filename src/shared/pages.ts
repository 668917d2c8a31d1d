/**
 * The shop's pages, declared once. The browser's router (src/web/app/router.tsx) makes its
 * routes and lazy pages from this list, the server's renderer (src/web/entry-server.tsx) renders the
 * pages marked `serverRendered`, the server names each page's code ahead in its HTML
 * (src/server/features/web/preload.ts), and the page heads (src/server/features/web/meta.ts) are a
 * table keyed by the paths below, which the type checker holds to this list.
 *
 * This module is in every first visit's JavaScript (the router reads it): keep it to paths and
 * module names, no texts.
 */

/** The parts of the message catalogue a page loads with its code, beyond `main` (src/web/lib/i18n.tsx). */
export type PagePart = 'cart' | 'account' | 'admin';

export interface PageDeclaration {
  /** React Router's path: '' is Home (the index route), '*' every other address (the not-found page). */
  readonly path: string;
  /** The page's module, relative to src/web: what the router loads lazily, and its key in Vite's manifest. */
  readonly module: string;
  readonly parts?: readonly PagePart[];
  /** Other modules the server names ahead with the page's own, for where the page may send a visitor at once. */
  readonly preloadAlso?: readonly string[];
  /**
   * Rendered by the server (ADR 0007): the page is the same for every visitor, so it can paint from
   * its HTML before any JavaScript has run. Account, login and admin pages depend on the session,
   * which lives in the browser, and are left to it.
   */
  readonly serverRendered?: true;
}

export const PAGES = [
  { path: '', module: 'features/home/HomePage.tsx', serverRendered: true },
  { path: 'about', module: 'features/pages/AboutPage.tsx', serverRendered: true },
  { path: 'privacy-policy', module: 'features/pages/PrivacyPolicyPage.tsx', serverRendered: true },
  { path: 'terms-and-conditions', module: 'features/pages/TermsPage.tsx', serverRendered: true },
  { path: 'products', module: 'features/catalog/ProductsPage.tsx', parts: ['cart'], serverRendered: true },
  { path: 'products/:id', module: 'features/catalog/ProductDetailPage.tsx', parts: ['cart'], serverRendered: true },
  // The products compared are the device's choice (or a shared link's): left to the browser.
  { path: 'compare', module: 'features/catalog/ComparePage.tsx', parts: ['cart'] },
  { path: 'login', module: 'features/auth/LoginPage.tsx', parts: ['account'] },
  { path: 'register', module: 'features/auth/RegisterPage.tsx', parts: ['account'] },
  { path: 'otp-verification', module: 'features/auth/OtpVerificationPage.tsx', parts: ['account'] },
  { path: 'forgot-password', module: 'features/auth/ForgotPasswordPage.tsx', parts: ['account'] },
  // Without a session /account sends the visitor on to /login, whose code is not named ahead: its
  // forms bring zod (~25 KB), which would slow every logged-in shopper's account page instead.
  { path: 'account', module: 'features/account/AccountPage.tsx', parts: ['account', 'cart'] },
  { path: 'orders/:orderId/invoice', module: 'features/invoice/InvoicePage.tsx', parts: ['account', 'cart'] },
  { path: 'admin/login', module: 'features/admin/AdminLoginPage.tsx', parts: ['account', 'admin'] },
  // Without a session /admin sends the visitor on to its login page: name that one ahead too.
  {
    path: 'admin',
    module: 'features/admin/AdminPage.tsx',
    parts: ['account', 'admin', 'cart'],
    preloadAlso: ['features/admin/AdminLoginPage.tsx'],
  },
  { path: '*', module: 'features/pages/NotFoundPage.tsx' },
] as const satisfies readonly PageDeclaration[];

/** The same list, typed for reading every field of every page. */
export const PAGE_DECLARATIONS: readonly PageDeclaration[] = PAGES;

type DeclaredPath = (typeof PAGES)[number]['path'];

/** The addresses of the pages without parameters ('/', '/about', …): their heads need no database. */
export type StaticPagePathname = `/${Exclude<DeclaredPath, `${string}:${string}` | '*'>}`;

/** A page's path as a pattern for addresses (a trailing slash allowed); undefined for the not-found page. */
export function pagePattern(path: string): RegExp | undefined {
  if (path === '*') return undefined;
  if (path === '') return /^\/$/;
  const escaped = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/${escaped}/?$`);
}
