import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { MIN_COMPRESS_BYTES, preferredEncoding } from '../../lib/http-cache.js';
import { pageLocale, rememberLocale } from '../../lib/locale.js';
import { projectRoot } from '../../lib/paths.js';
import { publicBase } from '../../lib/public-base.js';
import { PAYMENT_SANDBOX_DATA_KEY } from '../../../shared/sandbox.js';
import { compressedPages } from './compressed-pages.js';
import { renderPage } from './html.js';
import { type MetaResolver, metaFor } from './meta.js';
import { modulePreloader, readManifest } from './preload.js';
import { loadPageRenderer } from './render.js';

export interface WebOptions {
  /** Folder of the built client; defaults to dist/web. */
  root?: string;
  /** The server renderer of the pages (ADR 0007); defaults to ssr/entry-server.js beside `root`. */
  rendererFile?: string;
  metaResolvers?: MetaResolver[];
}

/**
 * Serves the built React app: hashed assets with immutable caching (and the .br/.gz files the build
 * writes beside them, see vite.config.ts), and index.html for every page route with its title,
 * description, Open Graph tags and JSON-LD filled in on the server, the page itself rendered into it
 * where the page is the same for every visitor (render.ts), compressed per request.
 */
export function webRoutes(ctx: AppContext, options: WebOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const root = options.root ?? path.join(projectRoot(), 'dist', 'web');
    const indexFile = path.join(root, 'index.html');
    const serviceWorkerFile = path.join(root, 'sw.js');
    if (!fs.existsSync(indexFile)) {
      app.log.warn({ root }, 'no built web app found; run `npm run build` to serve the shop pages');
      return;
    }
    const template = fs.readFileSync(indexFile, 'utf8');
    const modulePreloads = modulePreloader(readManifest(root));
    const resolvers = options.metaResolvers ?? [];
    const compressPage = compressedPages();
    const renderMarkup = await loadPageRenderer(options.rendererFile ?? path.join(root, '..', 'ssr', 'entry-server.js'), app.log);

    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        if (filePath.replace(/\.(br|gz)$/, '') === serviceWorkerFile) {
          // The service worker is asked again at every check for a new version: a deploy reaches
          // installed shops at once, not after an hour in a cache.
          res.header('Cache-Control', 'no-cache');
          return;
        }
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        if (immutable) {
          // A hashed file is never asked for again nor in pieces: its validators and ranges are bytes
          // every first visit pays for nothing (about 1.3 KB over Home's 19 scripts on HTTP/1.1).
          res.removeHeader('etag');
          res.removeHeader('last-modified');
          res.removeHeader('accept-ranges');
        }
      },
    });

    app.get('/robots.txt', async (_request, reply) => {
      const base = ctx.config.publicUrl ?? '';
      return reply
        .type('text/plain')
        .send(
          `User-agent: *\nDisallow: /account\nDisallow: /orders/\nDisallow: /admin\nDisallow: /api/\nSitemap: ${base}/sitemap.xml\n`,
        );
    });

    app.get('/*', async (request, reply) => {
      const url = new URL(request.url, 'http://local');
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/uploads/') || path.extname(url.pathname)) {
        return reply.callNotFound();
      }
      const base = publicBase(ctx.config, request);
      const locale = pageLocale(request, url.searchParams);
      rememberLocale(reply, url.searchParams);
      let meta = await metaFor(resolvers, url.pathname, url.searchParams, base, locale);
      // Every page says when online payments are fake (the web's ribbon), in its first paint too.
      if (ctx.config.payments.sandbox) meta = { ...meta, data: { ...meta.data, [PAYMENT_SANDBOX_DATA_KEY]: true } };
      // A page that is not there (a missing product) is left to the browser, which says so.
      const markup =
        (meta.status ?? 200) === 200 ? await renderMarkup?.(`${url.pathname}${url.search}`, meta.data ?? {}, locale) : undefined;
      const html = renderPage(
        template,
        meta,
        { url: `${base}${url.pathname}`, locale },
        markup,
        modulePreloads(url.pathname, locale),
      );
      void reply
        .status(meta.status ?? 200)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        // The language comes from the address, the remembered choice or the browser's languages.
        .header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
      // The page is made per request (its head names the page), and compressed once per document.
      const encoding = html.length >= MIN_COMPRESS_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
      if (!encoding) return reply.send(html);
      return reply.header('Content-Encoding', encoding).send(compressPage(html, encoding));
    });
  };
}
