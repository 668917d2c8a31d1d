import type { Page } from 'playwright-core';
import { allowConsoleErrors, describe, expect, test } from './support/fixtures.js';
import { eventually, expectPath, expectVisible } from './support/ui.js';

/**
 * Moving between pages in the browser: where the page is scrolled to (src/web/app/ScrollManager.tsx)
 * and what shows when a page's code cannot be fetched (src/web/app/PageBoundary.tsx).
 */

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls to `y` (again, should late content move things) until the page stays there. */
async function scrollTo(page: Page, y: number): Promise<number> {
  return eventually(
    async () => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
      return scrollY(page);
    },
    (now) => Math.abs(now - y) < 2,
    `the page scrolled to ${y}`,
  );
}

describe('navigation (phone)', () => {
  test('a new page starts at the top, and Back returns to where the last one was left', async ({ page }) => {
    await page.goto('/');
    // Everything Home loads is in, so nothing grows above the position afterwards.
    await page.waitForLoadState('networkidle');
    // Down to the footer link (a click scrolls its target into view first, so it is in view already).
    const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' });
    await terms.scrollIntoViewIfNeeded();
    const left = await scrollTo(page, await scrollY(page));
    expect(left).toBeGreaterThan(300);
    await terms.click();
    await expectPath(page, '/terms-and-conditions');
    await expectVisible(page.getByRole('heading', { name: /Terms/, level: 1 }));
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expectPath(page, '/');
    await eventually(
      () => scrollY(page),
      (y) => Math.abs(y - left) < 40,
      'Home scrolled back to where it was left',
    );
  });

  test('changing a filter on /products keeps the list where it was scrolled to', async ({ page }) => {
    await page.goto('/products');
    await expectVisible(page.getByRole('heading', { name: 'Our Products', level: 1 }));
    await page.waitForLoadState('networkidle');
    // The footer keeps the page at least its height taller than the screen, so 200 px stays reachable.
    await scrollTo(page, 200);

    await page.locator('main').getByRole('searchbox').fill('pro');
    await eventually(
      () => new URL(page.url()).searchParams.get('q'),
      (q) => q === 'pro',
      'the search in the address',
    );
    await page.waitForLoadState('networkidle');
    expect(await scrollY(page)).toBeGreaterThan(100);
  });

  test('a page whose code cannot be fetched says so inside the layout, and Try again loads it afresh', async ({ page }) => {
    allowConsoleErrors(page, /Failed to load resource|A page failed|dynamically imported module|Failed to fetch/i);
    await page.goto('/');
    let refuse = true;
    await page.route(/\/assets\/AboutPage-[^/]+\.js$/, (route) => (refuse ? route.abort() : route.continue()));

    await page.getByRole('contentinfo').getByRole('link', { name: /About/ }).first().click();
    await expectPath(page, '/about');
    await expectVisible(page.getByRole('heading', { name: 'Something went wrong' }));
    await expectVisible(page.getByText('This page could not be loaded. Please check your connection and try again.'));
    await expectVisible(page.getByRole('navigation', { name: 'Main' }));

    // A browser keeps a failed module import for the life of the document: Try again loads the page afresh.
    refuse = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Our Story' }));
  });
});
