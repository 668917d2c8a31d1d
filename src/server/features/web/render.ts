import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../../shared/locale.js';
import { LruCache } from '../../lib/lru-cache.js';

/**
 * The pages' markup, rendered on the server by the web client's own renderer (dist/ssr/entry-server.js,
 * built from src/web/entry-server.tsx; ADR 0007), so a first visit paints from the HTML instead of
 * after the JavaScript has arrived and run.
 */

/** What dist/ssr/entry-server.js exports (src/web/entry-server.tsx). */
interface ServerEntry {
  /** The address a page is rendered from (what it does not read left out); undefined: not rendered. */
  renderedAddress(url: string): string | undefined;
  renderPage(address: string, answers: Record<string, unknown>, locale: Locale): Promise<string>;
}

/** Markup of a page, or undefined for a page the browser renders alone (or when rendering failed). */
export type PageRenderer = (url: string, answers: Record<string, unknown>, locale: Locale) => Promise<string | undefined>;

/** Rendered pages kept (a few hundred KB in all): Home and the busiest lists and products. */
const CACHED_PAGES = 200;

/**
 * Loads the renderer at `file`; undefined when there is none (a build without it, or tests), and the
 * pages are then rendered in the browser alone, as before.
 *
 * The markup depends on the page's address (as the page reads it), its language and the API answers
 * it is rendered from, and on nothing else (no session, no clock), so it is kept under a hash of them: a changed
 * product changes its answer, and so the key. A renderer that cannot be loaded, or that throws, is
 * logged and the pages are left to the browser.
 */
export async function loadPageRenderer(file: string, log: FastifyBaseLogger): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(file)) return undefined;
  let entry: ServerEntry;
  try {
    entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  } catch (error) {
    log.error({ err: error, file }, 'the page renderer could not be loaded; pages are rendered in the browser');
    return undefined;
  }
  const cache = new LruCache<string>(CACHED_PAGES);
  return async (url, answers, locale) => {
    try {
      const address = entry.renderedAddress(url);
      if (address === undefined) return undefined;
      const key = createHash('sha1').update(locale).update(address).update('\n').update(JSON.stringify(answers)).digest('base64');
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const markup = await entry.renderPage(address, answers, locale);
      cache.set(key, markup);
      return markup;
    } catch (error) {
      log.error({ err: error, url }, 'server rendering failed; the page is rendered in the browser');
      return undefined;
    }
  };
}
