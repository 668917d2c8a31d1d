import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { categoryParam } from '../../../shared/catalog.js';
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
 *   ETag from the catalogue version (304 on If-None-Match).
 *   At most SITEMAP_MAX_URLS entries (one sitemap file; the newest products first). A catalogue
 *   beyond ~50 000 products needs a sitemap index, which is not built yet.
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
  fs.mkdirSync(path.join(uploads, 'products'), { recursive: true });
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

/** The sitemap, in chunks: products are read in keyset batches, so memory stays flat at any size. */
export async function* sitemapLines(ctx: AppContext, base: string, maxUrls = SITEMAP_MAX_URLS): AsyncGenerator<string> {
  const entry = (loc: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>\n`;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  let count = 0;
  for (const loc of ['/', '/products']) {
    yield entry(`${base}${loc}`);
    count += 1;
  }
  const { categories } = await cq.loadTree(ctx.db);
  for (const category of categories) {
    if (count >= maxUrls) break;
    yield entry(`${base}/products?category=${encodeURIComponent(categoryParam(category.name))}`);
    count += 1;
  }
  let beforeId = 2 ** 31 - 1; // above any id (integer column)
  while (count < maxUrls) {
    const rows = await q.sitemapProducts(ctx.db, beforeId, Math.min(SITEMAP_BATCH, maxUrls - count));
    if (rows.length === 0) break;
    let chunk = '';
    for (const row of rows) chunk += entry(`${base}/products/${row.id}`, row.updated_at);
    yield chunk;
    count += rows.length;
    beforeId = Number(rows[rows.length - 1]?.id ?? 0);
  }
  yield '</urlset>\n';
}

const escapeXml = (value: string) => escapeHtml(value);
