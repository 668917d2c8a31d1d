import { renderToString } from 'react-dom/server';
import { StaticRouter, matchRoutes } from 'react-router';
import type { Messages } from '@lingui/core';
import type { Locale } from '../shared/locale';
import { PAGE_DECLARATIONS } from '../shared/pages';
import { readFilters, writeFilters } from '../shared/product-list';
import { App } from './app/App';
import enCart from './i18n/messages/en-cart';
import en from './i18n/messages/en-main';
import neCart from './i18n/messages/ne-cart';
import ne from './i18n/messages/ne-main';
import { createI18n } from './lib/i18n';
import { AppRoutes, preloadPage } from './app/router';
import { withInitialData } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';

/**
 * The server's renderer of the shop's pages (built by `vite build --ssr` into dist/ssr; the server
 * calls it from src/server/features/web/routes.ts, ADR 0007). A first visit then paints the page from
 * its HTML, before the JavaScript has arrived and run, and app/start.tsx hydrates that HTML.
 *
 * Only pages that are the same for every visitor are rendered here: the session lives in the
 * browser's storage, which the server never sees. Those pages render as for a visitor without a
 * session (session hooks give their server snapshot, also while hydrating) and show the session
 * once hydrated. The account, login and admin pages are left to the browser (src/shared/pages.ts
 * marks which are rendered here).
 */
const SERVER_RENDERED = PAGE_DECLARATIONS.filter((page) => page.serverRendered).map(({ path }) => ({ path: `/${path}` }));

export function rendersOnServer(pathname: string): boolean {
  return matchRoutes(SERVER_RENDERED, pathname) !== null;
}

/**
 * The address the page at `url` (path and query) is rendered from, with what the page does not
 * read left out, or undefined for a page left to the browser. Only /products reads its query, and
 * only through readFilters: `?utm_source=…` or a reordered query renders (and is cached as) the
 * same page, so no made-up address costs the server a render.
 */
export function renderedAddress(url: string): string | undefined {
  // Parsed as a path on a fixed origin: '//x' is a path here, not a host.
  const { pathname, searchParams } = new URL(`http://pasal.invalid${url.startsWith('/') ? '' : '/'}${url}`);
  if (!rendersOnServer(pathname)) return undefined;
  const query = pathname.replace(/\/$/, '') === '/products' ? writeFilters(readFilters(searchParams)).toString() : '';
  return query ? `${pathname}?${query}` : pathname;
}

// The server renders the pages of the main part, some of which name the cart part (the products
// pages): both, in one catalogue per language.
const CATALOGUES: Record<Locale, Messages> = { en: { ...en, ...enCart }, ne: { ...ne, ...neCart } };

/**
 * The markup of the page at `address` (a renderedAddress) inside #root, in `locale`, from the API
 * answers the page carries (`answers`, by API path, as in PageMeta.data). The tree must be the one
 * app/start.tsx hydrates.
 */
export async function renderPage(address: string, answers: Record<string, unknown>, locale: Locale = 'en'): Promise<string> {
  // Once loaded, a lazy page renders without suspending (router.tsx), so one synchronous pass is the page.
  await preloadPage(new URL(`http://pasal.invalid${address}`).pathname);
  // A cache per render: pages never see another request's answers.
  const client = createQueryClient();
  try {
    return withInitialData(answers, () =>
      renderToString(
        <App client={client} i18n={createI18n(locale, CATALOGUES[locale])}>
          <StaticRouter location={address}>
            <AppRoutes />
          </StaticRouter>
        </App>,
      ),
    );
  } finally {
    client.clear();
  }
}
