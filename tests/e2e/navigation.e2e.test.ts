import type { Page } from 'playwright-core';
import { allowConsoleErrors, describe, expect, test } from './support/fixtures.js';
import { eventually, expectPath, expectVisible } from './support/ui.js';

/**
 * Moving between pages in the browser: where the page is scrolled to (src/web/app/ScrollManager.tsx)
 * and what shows when a page's code cannot be fetched (src/web/app/PageBoundary.tsx).
 */

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe('navigation (phone)', () => {
  test('a new page starts at the top, and Back returns to where the last one was left', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    const left = await eventually(
      () => scrollY(page),
      (y) => y > 300,
      'Home scrolled down',
    );

    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
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
    await page.evaluate(() => window.scrollTo(0, 200));
    const before = await eventually(
      () => scrollY(page),
      (y) => y > 100,
      '/products scrolled down',
    );

    await page.goto('/products'); // a fresh visit starts at the top again
    expect(await scrollY(page)).toBe(0);
    await page.evaluate((y) => window.scrollTo(0, y), before);
    await eventually(
      () => scrollY(page),
      (y) => y > 100,
      '/products scrolled down again',
    );
    await page.locator('main').getByRole('searchbox').fill('pro');
    await eventually(
      () => new URL(page.url()).searchParams.get('q'),
      (q) => q === 'pro',
      'the search in the address',
    );
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
