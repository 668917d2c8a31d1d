import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes } from '../../src/server/features/web/routes.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';

/**
 * A page's language: `?lang=`, then the remembered choice (cookie), then Accept-Language.
 * The page is rendered in it (no flash of English), says so in <html lang>, names its addresses in
 * both languages (hreflang) and is never served from another language's cache. The renderer is a
 * stand-in with the real one's exports (see server-render.test.ts); the real one is checked in a
 * browser by tests/e2e/language.e2e.test.ts.
 */
const STAND_IN = `
export function renderedAddress(url) { return url.split('?')[0]; }
export async function renderPage(address, answers, locale) {
  globalThis.__pasalLanguageRenders = (globalThis.__pasalLanguageRenders ?? 0) + 1;
  return '<main data-locale="' + locale + '">' + address + '</main>';
}
`;
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Pasal</title><!--app-head--></head><body><div id="root"></div><noscript>x</noscript></body></html>';

const renders = () => (globalThis as { __pasalLanguageRenders?: number }).__pasalLanguageRenders ?? 0;
const rendered = (html: string) => /data-locale="(\w+)"/.exec(html)?.[1];
const htmlLang = (html: string) => /<html lang="(\w+)">/.exec(html)?.[1];

describe('the language of a page', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    t = await buildTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-lang-'));
    fs.mkdirSync(path.join(dir, 'web'));
    fs.mkdirSync(path.join(dir, 'ssr'));
    fs.writeFileSync(path.join(dir, 'web', 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), STAND_IN);
    web = Fastify({ logger: false });
    await web.register(webRoutes(t.app.ctx, { root: path.join(dir, 'web') }));
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('is English by default, rendered and declared so', async () => {
    const page = await web.inject({ method: 'GET', url: '/about' });
    expect(page.statusCode).toBe(200);
    expect(htmlLang(page.body)).toBe('en');
    expect(rendered(page.body)).toBe('en');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(String(page.headers.vary)).toContain('Accept-Language');
    expect(String(page.headers.vary)).toContain('Cookie');
  });

  it('follows the browser, then the remembered choice, then the address', async () => {
    const browser = await web.inject({ method: 'GET', url: '/about', headers: { 'accept-language': 'ne-NP,ne;q=0.9,en;q=0.8' } });
    expect([htmlLang(browser.body), rendered(browser.body)]).toEqual(['ne', 'ne']);

    const remembered = await web.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-language': 'ne-NP', cookie: 'other=1; pasal_lang=en' },
    });
    expect([htmlLang(remembered.body), rendered(remembered.body)]).toEqual(['en', 'en']);

    const address = await web.inject({ method: 'GET', url: '/about?lang=ne', headers: { cookie: 'pasal_lang=en' } });
    expect([htmlLang(address.body), rendered(address.body)]).toEqual(['ne', 'ne']);
    // An address that names the language is a choice: remembered for the next visits.
    expect(String(address.headers['set-cookie'])).toMatch(/^pasal_lang=ne; Path=\/; Max-Age=31536000; SameSite=Lax$/);

    const unknown = await web.inject({ method: 'GET', url: '/about?lang=fr' });
    expect(htmlLang(unknown.body)).toBe('en');
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('names both languages’ addresses, its own as canonical', async () => {
    const english = await web.inject({ method: 'GET', url: '/about' });
    const nepali = await web.inject({ method: 'GET', url: '/about?lang=ne' });
    for (const page of [english, nepali]) {
      expect(page.body).toContain('<link rel="alternate" hreflang="en" href="http://localhost:80/about">');
      expect(page.body).toContain('<link rel="alternate" hreflang="ne" href="http://localhost:80/about?lang=ne">');
      expect(page.body).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost:80/about">');
    }
    expect(english.body).toContain('<link rel="canonical" href="http://localhost:80/about">');
    expect(nepali.body).toContain('<link rel="canonical" href="http://localhost:80/about?lang=ne">');
  });

  it('keeps each language’s rendering apart in the cache', async () => {
    await web.inject({ method: 'GET', url: '/terms-and-conditions' });
    const before = renders();
    const english = await web.inject({ method: 'GET', url: '/terms-and-conditions' });
    expect(renders()).toBe(before); // cached
    const nepali = await web.inject({ method: 'GET', url: '/terms-and-conditions?lang=ne' });
    expect(renders()).toBe(before + 1);
    expect(rendered(english.body)).toBe('en');
    expect(rendered(nepali.body)).toBe('ne');
  });
});
