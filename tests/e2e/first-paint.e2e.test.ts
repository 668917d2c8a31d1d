import type { Page } from 'playwright-core';
import { rawHtml } from './support/api.js';
import { PHONE } from './support/constants.js';
import { allowConsoleErrors, describe, expect, workerShop, test } from './support/fixtures.js';
import { loggedInBeforeLoad } from './support/flows.js';
import { expectVisible } from './support/ui.js';

/**
 * On a page the browser renders itself, what no first paint shows (the footer below the fold, the
 * closed drawers) follows the first paint (src/web/lib/first-paint.ts); a server-rendered page has
 * it all in its HTML.
 */

/** Records what #root held when React first put the page into it (one commit, one mutation batch). */
async function recordFirstRender(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root?.firstElementChild) return;
      seen.disconnect();
      (window as unknown as { firstRender: object }).firstRender = {
        main: root.querySelector('main') !== null,
        navbar: root.querySelector('header nav') !== null,
        footer: root.querySelector('footer') !== null,
        cartDrawer: root.querySelector('[aria-label="Close cart"]') !== null,
        menuDrawer: root.querySelector('[aria-label="Close menu"]') !== null,
      };
    });
    seen.observe(document, { childList: true, subtree: true });
  });
}

const firstRender = (page: Page) => page.evaluate(() => (window as unknown as { firstRender?: object }).firstRender);

describe('first paint', () => {
  test('a page drawn in the browser paints its header and page first, then the footer and the drawers', async ({ page }) => {
    await recordFirstRender(page);
    await page.goto('/login');
    expect(await firstRender(page)).toEqual({
      main: true,
      navbar: true,
      footer: false,
      cartDrawer: false,
      menuDrawer: false,
    });
    // data-ready (which page.goto waits for) comes once they are in.
    expect(await page.locator('footer').count()).toBe(1);
    await expectVisible(page.getByRole('link', { name: 'Privacy Policy' }));
    await page.getByRole('button', { name: 'Open cart' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Shopping Cart' }).getByText('Please login to view cart'));
  });

  test('a tap on the menu before the first paint is done opens it', async ({ browser }) => {
    // Its own context: the fixture's page.goto would wait for data-ready, which this test holds back.
    const context = await browser.newContext({ baseURL: workerShop().baseUrl, viewport: PHONE });
    try {
      const page = await context.newPage();
      // Animation frames are held, so "after the first paint" never comes until the test says so.
      await page.addInitScript(() => {
        const held: FrameRequestCallback[] = [];
        window.requestAnimationFrame = (callback) => held.push(callback);
        (window as unknown as { releaseFrames: () => void }).releaseFrames = () =>
          held.splice(0).forEach((callback) => callback(performance.now()));
      });
      await page.goto('/login');
      await expectVisible(page.getByRole('heading', { name: 'Welcome back', level: 1 }));
      expect(await page.locator('footer').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Menu' }));

      await page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames());
      await expect.poll(() => page.locator('footer').count()).toBe(1);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.ready)).toBe('');
    } finally {
      await context.close();
    }
  });

  test('a cart drawer whose code cannot be fetched fails alone, and its retry loads it', async ({ page }) => {
    await loggedInBeforeLoad(page);
    allowConsoleErrors(
      page,
      /The cart could not be loaded/,
      /Failed to load resource: net::ERR_FAILED/,
      /Failed to fetch dynamically imported module/,
    );
    await page.route(/\/assets\/CartDrawerContents-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/account');
    // The page stays: only the drawer shows the failure.
    await expectVisible(page.getByRole('heading', { name: 'My Account', level: 1 }));
    await page.getByRole('button', { name: 'Open cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expectVisible(drawer.getByText('Failed to load cart items.'));
    await page.unroute(/\/assets\/CartDrawerContents-[^/]+\.js$/);
    await drawer.getByRole('button', { name: 'Try again' }).click();
    await expectVisible(drawer.getByText('Your Cart is empty'));
  });

  test('a server-rendered page carries its footer and drawers in the HTML', async () => {
    const html = await rawHtml('/about');
    expect(html).toContain('<footer');
    expect(html).toContain('aria-label="Close menu"');
    expect(html).toContain('aria-label="Close cart"');
  });
});
