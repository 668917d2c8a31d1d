import crypto from 'node:crypto';
import { formatPrice } from '../../src/shared/money.js';
import { adminToken, api, drawnPng, rawHtml, uploadProduct } from './support/api.js';
import { PHONE } from './support/constants.js';
import { beforeAll, describe, expect, workerShop, test } from './support/fixtures.js';
import { loggedInBeforeLoad } from './support/flows.js';
import { expectVisible } from './support/ui.js';

/**
 * Pages rendered on the server (src/web/entry-server.tsx, ADR 0007): their HTML is the page, and the
 * browser's React attaches to it (hydration) instead of drawing it again. A hydration that finds
 * other markup than the browser's first render logs an error, which fails any e2e test (fixtures.ts).
 */

interface Made {
  id: number;
  name: string;
  price: number;
}

const tag = crypto.randomBytes(3).toString('hex');
/** The test's own product (the e2e shop starts empty): a quote in its name, a price in lakhs, one image. */
const made: Made = { id: 0, name: `Monitor 27" ${tag}`, price: 164900 };

beforeAll(async () => {
  const token = await adminToken();
  const category = `Render Test ${tag}`;
  expect((await api('POST', '/api/category', { token, body: { name: category } })).status).toBe(201);
  const created = await uploadProduct(
    token,
    { name: made.name, description: `${made.name}, drawn by the server.`, price: made.price, category },
    [{ png: await drawnPng('#6366f1', 400, 300), filename: 'monitor.png' }],
  );
  made.id = created.id;
});

/** The product page's price line (written 'Nrs.' there, not 'Rs.'). */
const pagePrice = (product: Made) => `Price: ${formatPrice(product.price).replace(/^Rs\./, 'Nrs.')}`;

/** Text of the HTML's #root with the tags dropped (React puts comments between adjacent texts). */
const rootText = (html: string) =>
  (/<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('server-rendered pages', () => {
  test('a product page arrives with its name, price and gallery in the HTML', async () => {
    const product = made;
    const html = await rawHtml(`/products/${product.id}`);
    const text = rootText(html);
    expect(text).toContain(product.name);
    expect(text).toContain(pagePrice(product));
    expect(html).toMatch(/<img [^>]*src="\/uploads\/products\/[^"]+-1024\.webp"/);
  });

  test('Home, /products and the static pages arrive rendered; the account and admin pages are left to the browser', async () => {
    expect(rootText(await rawHtml('/'))).toContain('Featured Products');
    expect(rootText(await rawHtml('/products'))).toContain('Our Products');
    expect(rootText(await rawHtml('/about'))).toContain('About');
    for (const pathname of ['/account', '/login', '/admin']) {
      expect(await rawHtml(pathname), pathname).toContain('<div id="root"></div>');
    }
  });

  test('without JavaScript a shopper still reads the product page', async ({ browser }) => {
    const product = made;
    const context = await browser.newContext({ baseURL: workerShop().baseUrl, viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/products/${product.id}`);
      await expectVisible(page.getByRole('heading', { name: product.name, level: 1 }));
      await expectVisible(page.getByText(pagePrice(product), { exact: true }));
    } finally {
      await context.close();
    }
  });

  for (const pathname of ['/', '/products', 'product', '/about', '/privacy-policy', '/terms-and-conditions']) {
    test(`${pathname === 'product' ? 'a product page' : pathname}: React takes over the server's markup instead of drawing it again`, async ({
      page,
    }) => {
      const target = pathname === 'product' ? `/products/${made.id}` : pathname;
      // The page's first heading as the HTML parser made it, kept before any script has run.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') {
            (window as unknown as { ssrHeading: Element | null }).ssrHeading = document.querySelector('#root h1');
          }
        });
      });
      await page.goto(target);
      // Hydrated: React has attached its props to the server's elements.
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.querySelector('#root h1') ?? {}).some((key) => key.startsWith('__reactProps')),
          ),
        )
        .toBe(true);
      expect(
        await page.evaluate(() => {
          const kept = (window as unknown as { ssrHeading: Element | null }).ssrHeading;
          return kept !== null && kept === document.querySelector('#root h1') && kept.isConnected;
        }),
      ).toBe(true);
    });
  }
  test("a logged-in shopper's page is hydrated as the server drew it, then shows the session", async ({ page }) => {
    await loggedInBeforeLoad(page);
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { ssrHeading: Element | null }).ssrHeading = document.querySelector('#root h1');
        }
      });
    });
    await page.goto(`/products/${made.id}`);
    // The server drew the header without a session; after hydration it shows the shopper's.
    await expectVisible(page.getByRole('link', { name: 'Account', exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Logout' }));
    expect(await page.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    expect(
      await page.evaluate(() => {
        const kept = (window as unknown as { ssrHeading: Element | null }).ssrHeading;
        return kept !== null && kept === document.querySelector('#root h1');
      }),
    ).toBe(true);
  });
});
