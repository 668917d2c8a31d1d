import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { categoryParam } from '../../../shared/catalog.js';
import { LOCALES, LOCALE_QUERY, type Locale } from '../../../shared/locale.js';
import type { AppContext } from '../../context.js';
import { etagMatches, weakEtag } from '../../lib/http-cache.js';
import { publicBase } from '../../lib/public-base.js';
import { escapeHtml } from '../../lib/escape-html.js';
import * as cq from './category-queries.js';
import * as q from './queries.js';

/** The sitemap protocol allows 50 000 URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_BATCH = 5_000;
const UPLOAD_FILE = /^\/products\/[0-9a-f]{32}-\d+\.webp$/;

/**
 * Site-level catalogue routes (registered at the root, not under /api):
 * - /uploads/…: stored product images (DATA_DIR/uploads, or the S3 bucket), only names of the
 *   generated form, with `nosniff` and a year of immutable caching (names never change content).
 * - /sitemap.xml: home, the product list, each category's list and every live product, with an
 *   ETag from the catalogue version (304 on If-None-Match). Every page is listed in both languages
 *   (English at its plain address, Nepali with ?lang=ne), each entry naming the other with
 *   hreflang alternates, as the pages' heads do (features/web/html.ts).
 *   At most SITEMAP_MAX_URLS entries (one sitemap file; the newest products first): two per page,
 *   so a catalogue beyond ~25 000 products needs a sitemap index, which is not built yet.
 */
export function catalogSiteRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    if (ctx.storage.kind === 's3') {
      app.get('/uploads/*', (request, reply) => streamStoredImage(ctx, request.url, reply));
    } else {
      await serveUploadsFromDisk(app, path.join(ctx.config.dataDir, 'uploads'));
    }

    app.get('/sitemap.xml', async (request, reply) => {
      const base = publicBase(ctx.config, request);
      // Its content changes only with a catalogue write (every one bumps the version) and the host.
      const etag = weakEtag(`s${await q.catalogVersion(ctx.db)}`, base);
      void reply.header('ETag', etag).header('Cache-Control', 'public, max-age=3600');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('application/xml; charset=utf-8').send(Readable.from(sitemapLines(ctx, base)));
    });
  };
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Images kept on this machine's disk: sent by @fastify/static (ETag, ranges, 304s). */
async function serveUploadsFromDisk(app: FastifyInstance, uploads: string): Promise<void> {
  // A DATA_DIR made here is private (lib/private-files.ts); the images are served by this process alone.
  fs.mkdirSync(path.join(uploads, 'products'), { recursive: true, mode: 0o700 });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    etag: true,
    lastModified: true,
    immutable: true,
    maxAge: YEAR_MS,
    allowedPath: (pathName) => UPLOAD_FILE.test(pathName),
    setHeaders(res) {
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });
}

/**
 * Images kept in a bucket, streamed through the shop (when no IMAGE_BASE_URL sends browsers to the
 * bucket or a CDN directly). Names never change content, so a year of immutable caching, as on disk.
 */
async function streamStoredImage(ctx: AppContext, url: string, reply: FastifyReply): Promise<FastifyReply> {
  const name = url.slice('/uploads'.length).split('?')[0]!;
  const stored = UPLOAD_FILE.test(name) ? await ctx.storage.get(name.slice(1)) : undefined;
  if (!stored) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  void reply
    .header('Content-Type', 'image/webp')
    .header('Cache-Control', `public, max-age=${YEAR_MS / 1000}, immutable`)
    .header('X-Content-Type-Options', 'nosniff');
  if (stored.length !== undefined) void reply.header('Content-Length', stored.length);
  return reply.send(stored.body);
}

/** A page's address in a language: English at the plain address (also x-default), Nepali with `lang=ne` added. */
function pageUrl(url: string, locale: Locale): string {
  return locale === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}${LOCALE_QUERY}=${locale}`;
}

/** The page's entries, one per language, each with the alternates of all of them. */
function pageEntries(url: string, lastmod?: string): string {
  const alternates = [
    ...LOCALES.map((locale) => alternate(locale, pageUrl(url, locale))),
    alternate('x-default', pageUrl(url, 'en')),
  ].join('');
  const modified = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
  return LOCALES.map((locale) => `  <url><loc>${escapeXml(pageUrl(url, locale))}</loc>${modified}${alternates}</url>\n`).join('');
}

const alternate = (hreflang: string, href: string) =>
  `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`;

/**
 * The sitemap, in chunks: products are read in keyset batches, so memory stays flat at any size.
 * `maxUrls` counts entries (<url>), LOCALES.length of them per page.
 */
export async function* sitemapLines(ctx: AppContext, base: string, maxUrls = SITEMAP_MAX_URLS): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  const maxPages = Math.floor(maxUrls / LOCALES.length);
  let pages = 0;
  for (const loc of ['/', '/products']) {
    if (pages >= maxPages) break;
    yield pageEntries(`${base}${loc}`);
    pages += 1;
  }
  const { categories } = await cq.loadTree(ctx.db);
  for (const category of categories) {
    if (pages >= maxPages) break;
    yield pageEntries(`${base}/products?category=${encodeURIComponent(categoryParam(category.name))}`);
    pages += 1;
  }
  let beforeId = 2 ** 31 - 1; // above any id (integer column)
  while (pages < maxPages) {
    const rows = await q.sitemapProducts(ctx.db, beforeId, Math.min(SITEMAP_BATCH, maxPages - pages));
    if (rows.length === 0) break;
    let chunk = '';
    for (const row of rows) chunk += pageEntries(`${base}/products/${row.id}`, row.updated_at);
    yield chunk;
    pages += rows.length;
    beforeId = Number(rows[rows.length - 1]?.id ?? 0);
  }
  yield '</urlset>\n';
}

const escapeXml = (value: string) => escapeHtml(value);
