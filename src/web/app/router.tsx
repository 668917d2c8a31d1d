import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route, Routes, matchRoutes } from 'react-router';
import { PAGE_DECLARATIONS, type PagePart } from '../../shared/pages';
import { ensureActiveMessages } from '../lib/i18n';
import { Layout } from './layout/Layout';

/**
 * The shop's routes, in React Router's declarative mode (BrowserRouter in app/start.tsx): the data
 * router's loaders and actions are not used here, and leaving it out of the bundle saves ~15 KB
 * (brotli) of every first visit's JavaScript.
 *
 * The pages are declared in src/shared/pages.ts. Route-level code splitting: every page, Home too,
 * loads on demand (React.lazy; the layout shows a spinner while a page's code arrives, and an error
 * panel if it cannot). The server names a page's chunks in its HTML (src/server/features/web/preload.ts), and
 * app/start.tsx waits for the first page's code before the first render, so that render is the page.
 */

type Page = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * React.lazy whose code can be fetched ahead; once fetched, rendering it does not suspend. A page
 * that speaks with messages beyond the main part (lib/i18n.tsx) has them loaded with its code.
 */
function lazyPage(loadCode: () => Promise<{ default: ComponentType }>, parts: readonly PagePart[] = []): Page {
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

// Every page module the declarations (src/shared/pages.ts) may name, each its own chunk, loaded on demand.
const PAGE_CODE = import.meta.glob<{ default: ComponentType }>('../features/*/*Page.tsx');

const pages: { path: string; page: Page }[] = PAGE_DECLARATIONS.map(({ path, module, parts }) => {
  const loadCode = PAGE_CODE[`../${module}`];
  if (!loadCode) throw new Error(`src/shared/pages.ts names ${module}, which is not a page module`);
  return { path, page: lazyPage(loadCode, parts) };
});
const home = pages.find(({ path }) => path === '')!.page;

/** Fetches the code of the page at `pathname`. */
export function preloadPage(pathname: string): Promise<unknown> {
  if (pathname === '/') return home.preload();
  const matches = matchRoutes(
    pages.filter(({ path }) => path !== '').map(({ path }) => ({ path })),
    pathname,
  );
  const page = pages.find(({ path }) => path === matches?.[0]?.route.path)?.page;
  return page ? page.preload() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map(({ path, page: Page }) =>
          path === '' ? <Route key="" index element={<Page />} /> : <Route key={path} path={path} element={<Page />} />,
        )}
      </Route>
    </Routes>
  );
}
