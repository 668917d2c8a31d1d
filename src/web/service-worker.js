/// <reference lib="webworker" />
/* global __PASAL_VERSION__, __PASAL_ASSETS__ */

/**
 * The shop's service worker, served as /sw.js. The build (vite.config.ts, serviceWorker()) writes it
 * with the build's version and its hashed files in place of the two names above, so every deploy
 * is a new worker: it installs beside the old one and waits until the page's "new version" prompt
 * asks it to take over (src/web/lib/service-worker.tsx).
 *
 * What it keeps: the shell (the offline pages in both languages, the icons, the manifests) at
 * install, and each hashed file under /assets/ the first time a page asks for it (cache-first:
 * their names change with their content). What it never keeps: an /api answer, anything asked for
 * with an Authorization header, a page. Pages go to the network; when that fails, the offline page
 * in the visitor's language answers instead.
 */

const VERSION = __PASAL_VERSION__;
/** The build's hashed files ('/assets/start-A1b2.js'): the asset cache keeps these and no others. */
const ASSETS = new Set(__PASAL_ASSETS__);
const SHELL_CACHE = `pasal-shell-${VERSION}`;
const ASSET_CACHE = 'pasal-assets';
const OFFLINE_PAGES = { en: '/offline.html', ne: '/offline.ne.html' };
const SHELL = [
  ...Object.values(OFFLINE_PAGES),
  '/favicon.svg',
  '/manifest.webmanifest',
  '/manifest.ne.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-192.png',
  '/icons/maskable-512.png',
];
const LOCALE_COOKIE = 'pasal_lang';

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', (event) => {
  // Asked of the server, not of the browser's HTTP cache: the shell of this version.
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })))));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Older versions' shells go, and hashed files this build no longer names.
      for (const name of await caches.keys()) {
        if (name.startsWith('pasal-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      }
      const assets = await caches.open(ASSET_CACHE);
      for (const request of await assets.keys()) {
        if (!ASSETS.has(new URL(request.url).pathname)) await assets.delete(request);
      }
      // A first install serves the page that registered it at once; an update only ever activates
      // when the page asked for it (the prompt's Reload), which reloads the page.
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') void sw.skipWaiting();
});

/** The visitor's language: the address's ?lang=, then the remembered choice, then the browser's. */
async function offlineLocale(url) {
  const query = url.searchParams.get('lang');
  if (query === 'en' || query === 'ne') return query;
  try {
    const cookie = sw.cookieStore ? await sw.cookieStore.get(LOCALE_COOKIE) : undefined;
    if (cookie && (cookie.value === 'en' || cookie.value === 'ne')) return cookie.value;
  } catch {
    // No cookie store here: the browser's languages decide.
  }
  return (navigator.languages || [navigator.language]).some((tag) => /^ne\b/i.test(tag)) ? 'ne' : 'en';
}

async function pageOrOffline(event, url) {
  try {
    return await fetch(event.request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGES[await offlineLocale(url)], { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

async function assetCacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('authorization')) return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOffline(event, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetCacheFirst(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request, { cacheName: SHELL_CACHE }).then((cached) => cached ?? fetch(request)));
  }
});
