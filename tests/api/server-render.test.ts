import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/server/features/web/html.js';
import type { MetaResolver } from '../../src/server/features/web/meta.js';
import { webRoutes } from '../../src/server/features/web/routes.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';

/**
 * How the server puts a page rendered by the web client's renderer (dist/ssr/entry-server.js, ADR 0007)
 * into its HTML. The renderer here is a stand-in with the same export, so that what the server does
 * with its answers, its failures and its pages left to the browser can be told apart; the real
 * renderer is checked in a browser by tests/e2e/server-render.e2e.test.ts.
 */

const STAND_IN = `
export function renderedAddress(url) {
  if (url.startsWith('/account')) return undefined;
  return url.split('&utm_source')[0];
}
export async function renderPage(address, answers) {
  globalThis.__pasalRenders = (globalThis.__pasalRenders ?? 0) + 1;
  if (address.startsWith('/boom')) throw new Error('the renderer failed');
  return '<main data-url="' + address + '">' + JSON.stringify(answers) + '</main>';
}
`;
const TEMPLATE =
  '<!doctype html><html><head><title>Pasal</title><!--app-head--><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div><noscript>x</noscript></body></html>';

const renders = () => (globalThis as { __pasalRenders?: number }).__pasalRenders ?? 0;
const root = (html: string) => /<div id="root">(.*?)<\/div><noscript>/s.exec(html)?.[1];

describe('server-rendered pages in the HTML', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let dir: string;
  let stock = 5;
  const logged: string[] = [];

  // A page whose answer changes with the stock, like a product page.
  const resolver: MetaResolver = async (pathname) =>
    pathname === '/products/7'
      ? { title: 'Item | Pasal', description: 'An item.', data: { '/api/products/7': { id: 7, stock } } }
      : undefined;

  beforeAll(async () => {
    t = await buildTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-ssr-'));
    fs.mkdirSync(path.join(dir, 'web'));
    fs.mkdirSync(path.join(dir, 'ssr'));
    fs.writeFileSync(path.join(dir, 'web', 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), STAND_IN);
    web = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
    });
    // The renderer is found beside the web root, as dist/ssr is beside dist/web.
    await web.register(webRoutes(t.app.ctx, { root: path.join(dir, 'web'), metaResolvers: [resolver] }));
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });
  beforeEach(() => {
    logged.length = 0;
  });

  it('puts the markup into #root, rendered from the address and the answers the page carries', async () => {
    const page = await web.inject({ method: 'GET', url: '/products/7?from=home' });
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toBe('<main data-url="/products/7?from=home">{"/api/products/7":{"id":7,"stock":5}}</main>');
    // The same answers are carried for the browser's first render, which hydrates the markup.
    expect(page.body).toContain(
      '<script type="application/json" id="pasal-data">{"/api/products/7":{"id":7,"stock":5}}</script>',
    );
  });

  it('renders a page once for the same address and answers, and again when an answer changes', async () => {
    await web.inject({ method: 'GET', url: '/products/7?again' });
    const before = renders();
    const same = await web.inject({ method: 'GET', url: '/products/7?again' });
    expect(renders()).toBe(before);
    expect(root(same.body)).toContain('"stock":5');

    // The address as the renderer reads it is the key: what it leaves out costs no render.
    const tagged = await web.inject({ method: 'GET', url: '/products/7?again&utm_source=feed' });
    expect(renders()).toBe(before);
    expect(root(tagged.body)).toBe(root(same.body));

    stock = 4;
    const changed = await web.inject({ method: 'GET', url: '/products/7?again' });
    expect(renders()).toBe(before + 1);
    expect(root(changed.body)).toContain('"stock":4');
  });

  it('leaves #root empty for a page the renderer leaves to the browser', async () => {
    const page = await web.inject({ method: 'GET', url: '/account' });
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toBe('');
    expect(logged).toEqual([]);
  });

  it('serves the page for the browser to render when the renderer fails, and logs the failure', async () => {
    const page = await web.inject({ method: 'GET', url: '/boom' });
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toBe('');
    expect(page.body).toContain('<title>Pasal</title>');
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ url: '/boom', err: { message: 'the renderer failed' } });
  });

  it('a page answered with another status than 200 is left to the browser', async () => {
    const before = renders();
    const missing = Fastify({ logger: false });
    await missing.register(
      webRoutes(t.app.ctx, {
        root: path.join(dir, 'web'),
        metaResolvers: [async () => ({ status: 404, title: 'Product not found | Pasal', description: 'Gone.' })],
      }),
    );
    const page = await missing.inject({ method: 'GET', url: '/products/404' });
    expect(page.statusCode).toBe(404);
    expect(root(page.body)).toBe('');
    expect(renders()).toBe(before);
    await missing.close();
  });

  it('a renderer that cannot be loaded is logged, and the shop still serves its pages', async () => {
    const broken = path.join(dir, 'broken.js');
    fs.writeFileSync(broken, 'throw new Error("a stale build");\n');
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } } });
    await app.register(webRoutes(t.app.ctx, { root: path.join(dir, 'web'), rendererFile: broken }));
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toBe('');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'the page renderer could not be loaded; pages are rendered in the browser',
    ]);
    await app.close();
  });

  it('without a renderer (a build without dist/ssr) every page is left to the browser', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(webRoutes(t.app.ctx, { root: path.join(dir, 'web'), rendererFile: path.join(dir, 'none.js') }));
    const page = await bare.inject({ method: 'GET', url: '/products' });
    expect(root(page.body)).toBe('');
    await bare.close();
  });
});

describe('the page HTML', () => {
  it('puts module preloads at the end of the head, after the stylesheet the first paint waits for', () => {
    const html = renderPage(
      TEMPLATE,
      { title: 'Home | Pasal', description: 'Home.', extraHead: '<link rel="preload" as="image" href="/hero.svg">' },
      { url: 'http://shop.test/', locale: 'en' },
      '<main>Home</main>',
      '<link rel="modulepreload" crossorigin href="/assets/start.js">',
    );
    const order = [
      '<title>Home | Pasal</title>',
      'rel="preload" as="image"',
      'rel="stylesheet"',
      'rel="modulepreload"',
      '</head>',
    ];
    const positions = order.map((needle) => html.indexOf(needle));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(root(html)).toBe('<main>Home</main>');
  });
});
