import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_IMAGE_SIZES,
  PRODUCT_MAIN_IMAGE_SIZES,
  imageSrcSet,
  imageVariant,
  parseImages,
} from '../../src/shared/catalog-media.js';
import { apiQuery, readFilters } from '../../src/shared/product-list.js';
import { escapeHtml } from '../../src/server/lib/escape-html.js';
import { PAGE_MODULES, modulePreloader } from '../../src/server/features/web/preload.js';
import { PAGE_DECLARATIONS } from '../../src/shared/pages.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { catalogWeb } from '../helpers/web.js';
import { adminToken, createPath, pngFile, uploadProduct } from '../helpers/catalog.js';

/** What the page HTML asks the browser to fetch early (a page's own chunks, the product page's image) and the data it carries. */

const ROUTER = fs.readFileSync(path.join(import.meta.dirname, '../../src/web/app/router.tsx'), 'utf8');

/**
 * A manifest shaped like Vite's: an entry that imports its stages (src/web/main.tsx) with shared
 * chunks, and lazily loaded pages.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_react-R1.js', '_api-P1.js'],
    dynamicImports: ['lib/user.ts', 'app/start.tsx'],
  },
  'lib/user.ts': { file: 'assets/user-U1.js', imports: ['_api-P1.js', '_query-Q1.js'] },
  'app/start.tsx': { file: 'assets/start-S1.js', imports: ['_router-T1.js', '_react-R1.js'] },
  '_query-Q1.js': { file: 'assets/query-Q1.js' },
  '_router-T1.js': { file: 'assets/router-T1.js' },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_api-P1.js': { file: 'assets/api-P1.js', imports: ['_react-R1.js'] },
  '_media-M1.js': { file: 'assets/media-M1.js' },
  '_image-I1.js': { file: 'assets/image-I1.js', imports: ['_media-M1.js', 'index.html'] },
  'features/catalog/ProductsPage.tsx': {
    file: 'assets/ProductsPage-B1.js',
    imports: ['index.html', '_image-I1.js', '_api-P1.js'],
  },
  'features/catalog/ProductDetailPage.tsx': { file: 'assets/ProductDetailPage-C1.js', imports: ['_image-I1.js'] },
  'features/account/AccountPage.tsx': { file: 'assets/AccountPage-D1.js', imports: ['_react-R1.js'] },
  'features/auth/LoginPage.tsx': { file: 'assets/LoginPage-E1.js' },
  'features/home/HomePage.tsx': { file: 'assets/HomePage-H1.js', imports: ['_image-I1.js'] },
  // The message catalogue's parts, one chunk per language (src/web/lib/i18n.tsx).
  'i18n/messages/en-main.ts': { file: 'assets/en-main-L1.js' },
  'i18n/messages/ne-main.ts': { file: 'assets/ne-main-L2.js' },
  'i18n/messages/en-cart.ts': { file: 'assets/en-cart-L3.js' },
  'i18n/messages/ne-cart.ts': { file: 'assets/ne-cart-L4.js' },
};

describe('module preloads of lazily loaded pages', () => {
  const preloads = modulePreloader(MANIFEST);
  const files = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);

  const stages = ['assets/user-U1.js', 'assets/query-Q1.js', 'assets/start-S1.js', 'assets/router-T1.js', 'assets/en-main-L1.js'];

  it("names the entry's stages, then a page's chunk and the chunks it imports, but nothing index.html loads already", () => {
    expect(files(preloads('/products'))).toEqual([
      ...stages,
      'assets/ProductsPage-B1.js',
      'assets/image-I1.js',
      'assets/media-M1.js',
      'assets/en-cart-L3.js',
    ]);
    expect(files(preloads('/products/42'))).toEqual([
      ...stages,
      'assets/ProductDetailPage-C1.js',
      'assets/image-I1.js',
      'assets/media-M1.js',
      'assets/en-cart-L3.js',
    ]);
    // Not the login page's code, though /account sends a visitor without a session there.
    expect(files(preloads('/account'))).toEqual([...stages, 'assets/AccountPage-D1.js', 'assets/en-cart-L3.js']);
  });

  it('Home gets its own chunk like any page; unknown pages get the stages alone; a build without a manifest gets none', () => {
    expect(files(preloads('/'))).toEqual([...stages, 'assets/HomePage-H1.js', 'assets/image-I1.js', 'assets/media-M1.js']);
    // Only Home itself: not every address that starts with a slash.
    expect(files(preloads('/about'))).not.toContain('assets/HomePage-H1.js');
    expect(files(preloads('/no-such-page'))).toEqual(stages);
    expect(modulePreloader(undefined)('/products')).toBe('');
  });

  it("names the page's language's messages, and only those: the main part, and the parts its page loads", () => {
    const nepali = files(preloads('/products', 'ne'));
    expect(nepali).toContain('assets/ne-main-L2.js');
    expect(nepali).toContain('assets/ne-cart-L4.js');
    expect(nepali.filter((file) => file?.startsWith('assets/en-'))).toEqual([]);
    // Home needs the main part alone (the cart's messages come with the drawer's contents).
    expect(files(preloads('/', 'ne')).filter((file) => file?.includes('-L'))).toEqual(['assets/ne-main-L2.js']);
  });

  it("names each declared page's code and parts for its addresses, and nothing for the not-found page", () => {
    const named = (pathname: string) => PAGE_MODULES.filter(({ path: pattern }) => pattern.test(pathname));
    expect(named('/products/12').map(({ modules }) => modules)).toEqual([['features/catalog/ProductDetailPage.tsx']]);
    expect(named('/products/12/').map(({ parts }) => parts)).toEqual([['cart']]);
    expect(named('/products/12/more')).toEqual([]);
    expect(named('/orders/ORD-1/invoice').map(({ modules }) => modules)).toEqual([['features/invoice/InvoicePage.tsx']]);
    expect(named('/admin')[0]?.modules).toEqual(['features/admin/AdminPage.tsx', 'features/admin/AdminLoginPage.tsx']);
    expect(named('/')[0]?.modules).toEqual(['features/home/HomePage.tsx']);
    expect(named('/no-such-page')).toEqual([]);
    expect(PAGE_MODULES).toHaveLength(PAGE_DECLARATIONS.length - 1);
  });

  it('names the stages src/web/main.tsx imports', () => {
    const main = fs.readFileSync(path.join(import.meta.dirname, '../../src/web/main.tsx'), 'utf8');
    const imported = [...main.matchAll(/await import\('([^']+)'\)/g)].map((m) => m[1]);
    expect(imported).toEqual(['./lib/user', 'react-dom/client', './app/start']);
  });

  it('declares only page modules that exist and that the router can load', () => {
    // The router loads what its glob finds (src/web/app/router.tsx); a declared module outside it fails there at start.
    expect(ROUTER).toContain("import.meta.glob<{ default: ComponentType }>('../features/*/*Page.tsx')");
    for (const { module, preloadAlso = [] } of PAGE_DECLARATIONS) {
      for (const file of [module, ...preloadAlso]) {
        expect(file, file).toMatch(/^features\/[^/]+\/[^/]+Page\.tsx$/);
        expect(fs.existsSync(path.join(import.meta.dirname, '../../src/web', file)), file).toBe(true);
      }
    }
  });
});

describe('the product page head', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let closeWeb: () => Promise<void>;
  let product: { id: number; images: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const token = await adminToken(t);
    await createPath(t, token, 'Laptops');
    const res = await uploadProduct(
      t,
      token,
      { name: 'Zenbook 14', description: 'A light laptop.', price: '120000', category: 'Laptops' },
      [await pngFile(), await pngFile('second.png', '#cc3366')],
    );
    expect(res.statusCode).toBe(201);
    product = res.json();
    ({ web, close: closeWeb } = await catalogWeb(
      t,
      '<!doctype html><html><head><title>Pasal</title><!--app-head--></head><body></body></html>',
    ));
  });
  afterAll(async () => {
    await closeWeb();
    await t.close();
  });

  it('preloads the first image with the srcset and sizes ProductGallery uses, at high priority', async () => {
    const page = await web.inject({ method: 'GET', url: `/products/${product.id}` });
    expect(page.statusCode).toBe(200);
    const first = parseImages(product.images)[0]!;
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="${escapeHtml(imageVariant(first, 1024))}" imagesrcset="${escapeHtml(imageSrcSet(first))}" imagesizes="${escapeHtml(PRODUCT_MAIN_IMAGE_SIZES)}" fetchpriority="high">`,
    );
    expect(page.body.match(/rel="preload" as="image"/g)).toHaveLength(1);
  });

  it('carries the product, its related products and the delivery and payment options as the API answers them', async () => {
    const page = await web.inject({ method: 'GET', url: `/products/${product.id}` });
    const script = /<script type="application\/json" id="pasal-data">(.*?)<\/script>/s.exec(page.body);
    expect(script).not.toBeNull();
    const paths = [`/api/products/${product.id}`, `/api/products/${product.id}/related`, '/api/orders/payment-options'];
    const answers = await Promise.all(paths.map((url) => t.app.inject({ method: 'GET', url })));
    expect(JSON.parse(script![1]!)).toEqual(Object.fromEntries(paths.map((url, i) => [url, answers[i]!.json()])));
  });

  it('writes the embedded answer so that markup in it cannot end the script', async () => {
    const token = await adminToken(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: { description: '</script><script>alert(1)</script> & <!-- more' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const page = await web.inject({ method: 'GET', url: `/products/${product.id}` });
    const script = /<script type="application\/json" id="pasal-data">(.*?)<\/script>/s.exec(page.body)![1]!;
    expect(script).not.toMatch(/[<>]/);
    expect(JSON.parse(script)[`/api/products/${product.id}`].description).toBe('</script><script>alert(1)</script> & <!-- more');
  });

  it('/products carries the first answer of the list the page asks for, and preloads its first card image', async () => {
    for (const search of ['', '?category=Laptops', '?q=zenbook&sort=price_asc', '?category=Phones']) {
      const page = await web.inject({ method: 'GET', url: `/products${search}` });
      expect(page.statusCode).toBe(200);
      // The page asks for exactly this (src/web/features/catalog/filters.ts uses the same shared functions).
      const apiPath = `/api/products?${apiQuery(readFilters(new URLSearchParams(search)))}`;
      const data = JSON.parse(/<script type="application\/json" id="pasal-data">(.*?)<\/script>/s.exec(page.body)![1]!);
      const api = await t.app.inject({ method: 'GET', url: apiPath });
      expect(api.statusCode).toBe(200);
      expect(data, search).toEqual({ [apiPath]: api.json() });
      const first = api.json().products[0] as { images: string } | undefined;
      if (first) {
        const address = parseImages(first.images)[0]!;
        expect(page.body).toContain(
          `<link rel="preload" as="image" href="${escapeHtml(imageVariant(address, 640))}" imagesrcset="${escapeHtml(imageSrcSet(address))}" imagesizes="${escapeHtml(CARD_IMAGE_SIZES)}" fetchpriority="high">`,
        );
      } else {
        expect(search).toBe('?category=Phones');
        expect(page.body).not.toContain('rel="preload" as="image"');
      }
    }
  });

  it('a missing product preloads and carries nothing', async () => {
    const page = await web.inject({ method: 'GET', url: '/products/999999' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('rel="preload"');
    expect(page.body).not.toContain('pasal-data');
  });
});
