import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { deferUntilFirstPaint } from '../lib/first-paint';
import { createI18n, documentLocale, loadMessages } from '../lib/i18n';
import { App } from './App';
import { AppRoutes, preloadPage } from './router';

/**
 * Renders the shop into #root, the last stage of main.tsx. A page the server rendered
 * (src/web/entry-server.tsx, the same tree with the server's router) is hydrated: its HTML is on
 * screen already, and React attaches to it. Any other page is rendered here.
 */
export async function start(root: HTMLElement): Promise<void> {
  // The page's language is the one the server wrote it in (<html lang>); its catalogue is preloaded
  // with the HTML (src/server/features/web/preload.ts) and loaded beside the page's code.
  const locale = documentLocale();
  const messages = loadMessages(locale);
  const firstPage = preloadPage(window.location.pathname).catch(() => undefined); // the page's error panel shows a failure
  const i18n = createI18n(locale, await messages);
  const app = (
    <App i18n={i18n}>
      {/* Navigations render at once (a spinner while a page's code arrives), not as transitions. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
  // The first page's own code (fetched beside the app's: the HTML preloads it) is awaited, so the
  // first render is the page, not a spinner, and hydration finds the page the server rendered.
  await firstPage;
  if (root.firstElementChild) {
    // As a transition: React hydrates in slices and yields to the browser between them instead of
    // one long task while the page is on screen (Total Blocking Time on slow phones); default
    // hydration would not be sliced.
    startTransition(() => {
      hydrateRoot(root, app, {
        // Where it happened (the component stack) says which part of the page differed from the server's.
        onRecoverableError: (error, info) =>
          console.error('Pasal: the page was rendered again in the browser:', error, info.componentStack),
      });
    });
  } else {
    // In one go: nothing is on screen yet to be blocked, and slices (with other work between them)
    // only put the first paint off. What the first paint cannot show follows it (lib/first-paint.ts).
    deferUntilFirstPaint();
    createRoot(root).render(app);
  }
}
