import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchRoutes } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { withInitialData } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';

/**
 * The server's renderer of the shop's pages (built by `vite build --ssr` into dist/ssr; the server
 * calls it from src/server/features/web/routes.ts, ADR 0007). A first visit then paints the page from
 * its HTML, before the JavaScript has arrived and run, and main.tsx hydrates that HTML.
 *
 * Only pages that are the same for every visitor are rendered here: the session lives in the
 * browser's storage, which the server never sees. Those pages render as for a visitor without a
 * session (session hooks give their server snapshot, also while hydrating) and show the session
 * once hydrated. The account, login and admin pages are left to the browser.
 */
const SERVER_RENDERED = ['/', '/products', '/products/:id', '/about', '/privacy-policy', '/terms-and-conditions'].map((path) => ({
  path,
}));

export function rendersOnServer(pathname: string): boolean {
  return matchRoutes(SERVER_RENDERED, pathname) !== null;
}

/**
 * The markup of the page at `url` (path and query) inside #root, from the API answers the page
 * carries (`answers`, by API path, as in PageMeta.data); undefined for a page left to the browser.
 * The tree must be the one main.tsx hydrates.
 */
export async function renderPage(url: string, answers: Record<string, unknown>): Promise<string | undefined> {
  const { pathname } = new URL(url, 'http://pasal.invalid');
  if (!rendersOnServer(pathname)) return undefined;
  // Once loaded, a lazy page renders without suspending (router.tsx), so one synchronous pass is the page.
  await preloadPage(pathname);
  // A cache per render: pages never see another request's answers.
  const client = createQueryClient();
  try {
    return withInitialData(answers, () =>
      renderToString(
        <StrictMode>
          <Providers client={client}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </Providers>
        </StrictMode>,
      ),
    );
  } finally {
    client.clear();
  }
}
