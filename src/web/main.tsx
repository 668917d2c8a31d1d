import './styles.css';

/**
 * The browser's entry. It starts the app in stages, each module group run in its own task with a
 * yield to the browser between them: run in one go, the app's code was one task of ~300 ms on the
 * throttled phone of docs/benchmarks.md, after the server-rendered page had painted, which blocks a
 * tap on it (Total Blocking Time). The server preloads every stage's files with the HTML
 * (src/server/features/web/preload.ts), so the stages cost no extra round trip.
 *
 * 1. The session and the API client, to ask for the logged-in shopper beside the page's code.
 * 2. React DOM, the largest module.
 * 3. The router, the pages' layout and the first page; then render or hydrate (app/start.tsx).
 */
const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(container: HTMLElement): Promise<void> {
  const { prefetchCurrentUser } = await import('./lib/user');
  prefetchCurrentUser();
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  const { start } = await import('./app/start');
  await start(container);
}

boot(root).catch((error: unknown) => console.error('Pasal could not start:', error));

// The service worker (lib/service-worker.tsx) only after the page has loaded: a first visit's
// requests and time stay the page's own. Built shops only (the build writes /sw.js).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    import('./lib/service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      // The shop works without it (a browser may refuse workers): a warning, not an error.
      .catch((error: unknown) => console.warn('Pasal: the service worker could not be registered:', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
