import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, parseImages } from '../../src/shared/catalog.js';
import { catalogMetaResolver } from '../../src/server/features/catalog/meta.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { sitemapLines } from '../../src/server/features/catalog/site.js';
import { webRoutes } from '../../src/server/features/web/routes.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, createPath, pngFile, uploadProduct } from '../helpers/catalog.js';

const PUBLIC_URL = 'https://pasal.example';

/** Sitemap and the server-rendered head of catalogue pages. */
describe('catalogue pages for crawlers and link previews', () => {
  let t: TestApp;
  let admin: string;
  let web: FastifyInstance;
  let webRoot: string;
  let laptop: Product;
  let scripted: Product;
  let deleted: Product;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    admin = await adminToken(t);
    await createPath(t, admin, 'Gaming Consoles', 'PlayStation', 'PS5 Games');
    await createPath(t, admin, 'Phones & Tablets');
    await createPath(t, admin, 'Laptops');
    const up = async (fields: Record<string, string>) => {
      const res = await uploadProduct(t, admin, fields, [await pngFile('a.png'), await pngFile('b.png', '#00aa00')]);
      expect(res.statusCode).toBe(201);
      return res.json<Product>();
    };
    laptop = await up({
      name: 'Lenovo Legion 5',
      description: 'A  gaming\nlaptop.',
      price: '185000',
      category: 'Laptops',
      stock: '0',
    });
    scripted = await up({
      name: 'Evil <b>"Console"</b>',
      description: '<script>alert("x")</script></title><meta http-equiv="refresh" content="0;url=https://evil.example"> & more',
      price: '49999.5',
      category: 'Gaming Consoles',
      subCategory: 'PlayStation',
      childCategory: 'PS5 Games',
    });
    deleted = await up({ name: 'Old Phone', description: 'Gone', price: '1000', category: 'Phones & Tablets' });
    await t.app.inject({ method: 'DELETE', url: `/api/products/${deleted.id}`, headers: bearer(admin) });

    // The web feature with a stand-in for the built index.html and the catalogue's resolver.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-web-'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>Pasal</title><!--app-head--></head><body><div id="root"></div></body></html>',
    );
    web = Fastify({ logger: false });
    await web.register(
      webRoutes(t.app.ctx, { root: webRoot, metaResolvers: [catalogMetaResolver(t.app.ctx, new CatalogService(t.app.ctx))] }),
    );
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
    await t.close();
  });

  const page = async (url: string, status = 200) => {
    const res = await web.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    return res.body;
  };
  const jsonLd = (html: string) => {
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(match).not.toBeNull();
    return JSON.parse(match![1]!) as { description: string; image: string[]; offers: object; category: string };
  };

  describe('sitemap.xml', () => {
    /** Each <url>: its address and its alternates (hreflang → href). */
    const entries = (xml: string) =>
      [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, body]) => ({
        loc: /<loc>([^<]*)<\/loc>/.exec(body!)![1]!,
        alternates: Object.fromEntries(
          [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!]),
        ),
      }));

    it('lists home, the product list, every category list and every live product, in English and Nepali', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const xml = res.body;
      expect(
        xml.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ),
      ).toBe(true);
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
      const pages = [
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/products`,
        `${PUBLIC_URL}/products?category=Gaming-Consoles`,
        `${PUBLIC_URL}/products?category=Laptops`,
        `${PUBLIC_URL}/products?category=Phones-%26-Tablets`,
        `${PUBLIC_URL}/products/${scripted.id}`,
        `${PUBLIC_URL}/products/${laptop.id}`,
      ];
      // English at the plain address, Nepali with lang=ne (after the page's own query, if any).
      const nepali = (url: string) => `${url}${url.includes('?') ? '&' : '?'}lang=ne`;
      // The XML writes & as &#38;.
      const unescape = (text: string) => text.replace(/&#38;/g, '&');
      const listed = entries(xml).map(({ loc, alternates }) => ({
        loc: unescape(loc),
        alternates: Object.fromEntries(Object.entries(alternates).map(([lang, href]) => [lang, unescape(href)])),
      }));
      expect(listed.map((entry) => entry.loc)).toEqual(pages.flatMap((url) => [url, nepali(url)]));
      // Both entries of a page name the same alternates: each language and English as the default.
      for (const [index, entry] of listed.entries()) {
        const page = pages[Math.floor(index / 2)]!;
        expect(entry.alternates).toEqual({ en: page, ne: nepali(page), 'x-default': page });
      }
      expect(xml).toContain(`<loc>${PUBLIC_URL}/products?category=Laptops&#38;lang=ne</loc>`);
      expect(xml).not.toContain(`/products/${deleted.id}<`);
      expect(xml).toMatch(new RegExp(`/products/${laptop.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
      expect(xml).toMatch(new RegExp(`/products/${laptop.id}\\?lang=ne</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
      // Nothing unescaped that would break the XML.
      expect(xml.replace(/<\/?[a-z?][^>]*>/g, '')).not.toMatch(/[<>]|&(?!#\d+;)/);
    });

    it('stops at the URL limit (50 000 by the sitemap protocol), both languages of a page together, newest products first', async () => {
      const locs = async (maxUrls: number) => {
        let xml = '';
        for await (const chunk of sitemapLines(t.app.ctx, PUBLIC_URL, maxUrls)) xml += chunk;
        expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
        return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      };
      const twelve = await locs(12);
      expect(twelve).toHaveLength(12);
      expect(twelve.slice(10)).toEqual([
        `${PUBLIC_URL}/products/${scripted.id}`,
        `${PUBLIC_URL}/products/${scripted.id}?lang=ne`,
      ]);
      // Never one language of a page without the other.
      const odd = await locs(13);
      expect(odd).toHaveLength(12);
      expect(await locs(3)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/?lang=ne`]);
    });
  });

  describe('server-rendered head', () => {
    it('gives a product page its title, description, Open Graph image and JSON-LD Product in NPR', async () => {
      const html = await page(`/products/${laptop.id}`);
      expect(html).toContain('<title>Lenovo Legion 5 | Pasal</title>');
      expect(html).not.toContain('<title>Pasal</title>');
      expect(html).toContain('<meta name="description" content="A gaming laptop.">');
      expect(html).toContain('<meta property="og:type" content="product">');
      const first = parseImages(laptop.images)[0]!.replace('-640.webp', '-1024.webp');
      expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}${first}">`);
      expect(html).toContain('<meta property="product:price:amount" content="185000.00">');
      expect(html).toContain('<meta property="product:price:currency" content="NPR">');
      const ld = jsonLd(html);
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Lenovo Legion 5',
        sku: String(laptop.id),
        category: 'Laptops',
        offers: {
          '@type': 'Offer',
          price: '185000.00',
          priceCurrency: 'NPR',
          availability: 'https://schema.org/OutOfStock',
          url: `${PUBLIC_URL}/products/${laptop.id}`,
        },
      });
      expect(ld.image).toHaveLength(2);
      expect(ld.image[0]).toBe(`${PUBLIC_URL}${first}`);
    });

    it('escapes product text in the head: a <script> in a description is never markup there', async () => {
      const html = await page(`/products/${scripted.id}`);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).not.toContain('<script>alert');
      expect(head).not.toContain('<b>');
      expect(head).not.toContain('http-equiv="refresh"');
      expect(head).toContain('<title>Evil &#60;b&#62;&#34;Console&#34;&#60;/b&#62; | Pasal</title>');
      expect(head).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
      // Only the JSON-LD script tag, with its JSON unable to close it.
      expect(head.match(/<script/g)).toHaveLength(1);
      const ld = jsonLd(html);
      expect(ld.description).toContain('<script>alert("x")</script>');
      expect(ld.offers).toMatchObject({ price: '49999.50', availability: 'https://schema.org/InStock' });
      expect(ld.category).toBe('Gaming Consoles > PlayStation > PS5 Games');
      // And the JSON API still returns it verbatim.
      const api = await t.app.inject({ method: 'GET', url: `/api/products/${scripted.id}` });
      expect(api.json().description).toBe(scripted.description);
    });

    it('offers a product sold in variants as an AggregateOffer with an Offer per variant, and carries its variants', async () => {
      const res = await uploadProduct(
        t,
        admin,
        {
          name: 'Galaxy Variant',
          description: 'A phone in two sizes.',
          category: 'Phones & Tablets',
          options: JSON.stringify([{ name: 'Storage', values: ['128 GB', '256 GB'] }]),
          variants: JSON.stringify([
            { sku: 'GV-128', options: { Storage: '128 GB' }, price: 50000, stock: 0 },
            { sku: 'GV-256', options: { Storage: '256 GB' }, price: 62000.5, stock: 4 },
          ]),
        },
        [await pngFile('v.png')],
      );
      expect(res.statusCode).toBe(201);
      const phone = res.json<Product & { variants: { id: number; label: string }[] }>();
      const html = await page(`/products/${phone.id}`);
      const url = `${PUBLIC_URL}/products/${phone.id}`;
      const [small, large] = phone.variants;
      expect(jsonLd(html).offers).toEqual({
        '@type': 'AggregateOffer',
        url,
        priceCurrency: 'NPR',
        lowPrice: '50000.00',
        highPrice: '62000.50',
        offerCount: 2,
        availability: 'https://schema.org/InStock',
        offers: [
          {
            '@type': 'Offer',
            name: '128 GB',
            sku: 'GV-128',
            url: `${url}?variant=${small!.id}`,
            priceCurrency: 'NPR',
            price: '50000.00',
            itemCondition: 'https://schema.org/NewCondition',
            availability: 'https://schema.org/OutOfStock',
          },
          {
            '@type': 'Offer',
            name: '256 GB',
            sku: 'GV-256',
            url: `${url}?variant=${large!.id}`,
            priceCurrency: 'NPR',
            price: '62000.50',
            itemCondition: 'https://schema.org/NewCondition',
            availability: 'https://schema.org/InStock',
          },
        ],
      });
      // The page carries the product as its own request answers it: with its options and variants.
      expect(html).toContain('"label":"256 GB"');
    });

    it('says when a product is missing or deleted (404), and asks crawlers not to index it', async () => {
      for (const url of [`/products/${deleted.id}`, '/products/999999', '/products/not-a-number']) {
        const html = await page(url, 404);
        expect(html).toContain('<title>Product not found | Pasal</title>');
        expect(html).toContain('<meta name="robots" content="noindex">');
      }
    });

    it('makes image and page URLs absolute from this machine’s address when PUBLIC_URL is not set, never a stranger’s Host', async () => {
      const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, publicUrl: undefined } };
      const local = Fastify({ logger: false });
      await local.register(webRoutes(ctx, { root: webRoot, metaResolvers: [catalogMetaResolver(ctx, new CatalogService(ctx))] }));
      try {
        const res = await local.inject({ method: 'GET', url: `/products/${laptop.id}`, headers: { host: 'localhost:8080' } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatch(
          /<meta property="og:image" content="http:\/\/localhost:8080\/uploads\/products\/[0-9a-f]{32}-1024\.webp">/,
        );
        expect(res.body).toContain(`<link rel="canonical" href="http://localhost:8080/products/${laptop.id}">`);
        expect(jsonLd(res.body).image[0]).toMatch(/^http:\/\/localhost:8080\/uploads\//);
        // A Host header the client wrote does not become the shop's links.
        const poisoned = await local.inject({
          method: 'GET',
          url: `/products/${laptop.id}`,
          headers: { host: 'shop.example.np' },
        });
        expect(poisoned.body).not.toContain('shop.example.np');
        expect(poisoned.body).toContain(
          `<link rel="canonical" href="http://localhost:${ctx.config.port}/products/${laptop.id}">`,
        );
      } finally {
        await local.close();
      }
    });

    it('writes titles and descriptions in the page’s language (?lang=ne): the shop’s names stay as they are', async () => {
      const missing = await page('/products/999999?lang=ne', 404);
      expect(missing).toContain('<title>सामान भेटिएन | Pasal</title>');
      expect(missing).toContain('<meta name="description" content="यो सामान Pasal मा उपलब्ध छैन।">');
      expect(missing).toContain('<meta name="robots" content="noindex">');
      const list = await page('/products?category=laptops&lang=ne');
      expect(list).toContain('<title>Laptops | Pasal</title>');
      expect(list).toContain(
        '<meta name="description" content="काठमाडौंको Pasal बाट Laptops किन्नुहोस्: मूल्य रुपैयाँमा र नेपालभर डेलिभरी।">',
      );
      expect(await page('/products?lang=ne')).toContain('<title>हाम्रा सामानहरू | Pasal</title>');
      const product = await page(`/products/${laptop.id}?lang=ne`);
      expect(product).toContain('<title>Lenovo Legion 5 | Pasal</title>');
      expect(product).toContain('<meta name="description" content="A gaming laptop.">');
      expect(product).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products/${laptop.id}?lang=ne">`);
      // The same pages in English, unchanged.
      expect(await page('/products/999999', 404)).toContain(
        '<meta name="description" content="This product is not available at Pasal.">',
      );
      expect(await page('/products?category=laptops')).toContain(
        '<meta name="description" content="Shop Laptops at Pasal in Kathmandu: prices in rupees and delivery across Nepal.">',
      );
    });

    it('titles a category list by the category’s own name (matched ignoring case and hyphens)', async () => {
      expect(await page('/products?category=gaming-consoles')).toContain('<title>Gaming Consoles | Pasal</title>');
      expect(await page('/products?category=Gaming-Consoles&subcategory=playstation&childcategory=PS5-games')).toContain(
        '<title>Gaming Consoles – PlayStation – PS5 Games | Pasal</title>',
      );
      expect(await page('/products?category=Phones-%26-Tablets')).toContain('<title>Phones &#38; Tablets | Pasal</title>');
      expect(await page('/products?category=nope')).toContain('<title>Our Products | Pasal</title>');
      expect(await page('/products')).toContain('<title>Our Products | Pasal</title>');
    });
  });
});
