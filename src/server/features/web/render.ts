import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LruCache } from '../../lib/lru-cache.js';

/**
 * The pages' markup, rendered on the server by the web client's own renderer (dist/ssr/entry-server.js,
 * built from src/web/entry-server.tsx; ADR 0007), so a first visit paints from the HTML instead of
 * after the JavaScript has arrived and run.
 */

/** What dist/ssr/entry-server.js exports. */
interface ServerEntry {
  renderPage(url: string, answers: Record<string, unknown>): Promise<string | undefined>;
}

/** Markup of a page, or undefined for a page the browser renders alone (or when rendering failed). */
export type PageRenderer = (url: string, answers: Record<string, unknown>) => Promise<string | undefined>;

/** Rendered pages kept (a few hundred KB in all): Home and the busiest lists and products. */
const CACHED_PAGES = 200;

/**
 * Loads the renderer at `file`; undefined when there is none (a build without it, or tests), and the
 * pages are then rendered in the browser alone, as before.
 *
 * The markup depends on the page's address and the API answers it is rendered from, and on nothing
 * else (no session, no clock), so it is kept under a hash of the two: a changed product changes its
 * answer, and so the key. A renderer that throws is logged and the page is left to the browser.
 */
export async function loadPageRenderer(file: string, log: FastifyBaseLogger): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  const cache = new LruCache<string>(CACHED_PAGES);
  return async (url, answers) => {
    const key = createHash('sha1').update(url).update('\n').update(JSON.stringify(answers)).digest('base64');
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    try {
      const markup = await entry.renderPage(url, answers);
      if (markup !== undefined) cache.set(key, markup);
      return markup;
    } catch (error) {
      log.error({ err: error, url }, 'server rendering failed; the page is rendered in the browser');
      return undefined;
    }
  };
}
