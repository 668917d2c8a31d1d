import type { Page } from 'playwright-core';
import { DESKTOP, describe, expect, test } from './support/fixtures.js';
import { loggedInBeforeLoad } from './support/flows.js';
import { expectHidden, expectPath, expectVisible } from './support/ui.js';

/**
 * The account's tabs are in the address (/account?tab=orders) as well
 * as in userActiveTab, Back goes to the tab before, and the Orders tab is one tap away on a phone,
 * from the account page and from the menu.
 */

const ordersHeading = (page: Page) => page.getByRole('heading', { name: 'Your Orders' });
const profileHeading = (page: Page) => page.getByRole('heading', { name: 'Profile' });
const emptyCart = (page: Page) => page.getByText('Your cart is empty.', { exact: true });
const search = (page: Page) => new URL(page.url()).search;

describe('the account’s tabs on a phone', () => {
  test('the address names the tab; Back goes to the one before; Orders is one tap away', async ({ page }) => {
    await loggedInBeforeLoad(page);
    await page.goto('/account');
    await expectVisible(profileHeading(page));
    expect(search(page)).toBe('');

    // One tap from the page itself.
    await page.getByRole('button', { name: 'My Orders' }).click();
    await expectVisible(ordersHeading(page));
    expect(search(page)).toBe('?tab=orders');
    expect(await page.evaluate(() => window.localStorage.getItem('userActiveTab'))).toContain('orders');
    await expectHidden(page.getByRole('button', { name: 'My Orders' }));

    await page.goBack();
    await expectVisible(profileHeading(page));
    expect(search(page)).toBe('?tab=account');

    // A link to a tab opens it, whatever was remembered, and is remembered; a bad tab opens the remembered one.
    await page.goto('/account?tab=cart');
    await expectVisible(emptyCart(page));
    await page.goto('/account?tab=nonsense');
    await expectVisible(emptyCart(page));

    // One tap from the menu, from anywhere.
    await page.goto('/products');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Orders' }).click();
    await expectPath(page, '/account?tab=orders');
    await expectVisible(ordersHeading(page));
  });
});

describe('the account’s tabs on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('choosing a tab in the sidebar writes it in the address', async ({ page }) => {
    await loggedInBeforeLoad(page);
    await page.goto('/account?tab=orders');
    await expectVisible(ordersHeading(page));
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('button', { name: 'Favourites', exact: true })
      .click();
    await expectPath(page, '/account?tab=favourites');
    await page.goBack();
    await expectVisible(ordersHeading(page));
    // The phone's shortcut is not there: the sidebar shows every tab.
    expect(await page.getByRole('button', { name: 'My Orders' }).isVisible()).toBe(false);
  });
});
