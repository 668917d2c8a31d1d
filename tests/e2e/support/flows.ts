import type { Locator, Page } from 'playwright-core';
import { type Shopper, type ShopperInput, api, registerVerifiedShopper } from './api.js';
import { E2E_ADMIN } from './constants.js';
import { expectPath, expectToast, expectVisible, settled } from './ui.js';

/** What a shopper or admin does in the browser, step by step, through accessible names only. */

export async function fillRegisterForm(page: Page, input: Partial<ShopperInput>): Promise<void> {
  if (input.firstName !== undefined) await page.getByLabel('First Name').fill(input.firstName);
  if (input.lastName !== undefined) await page.getByLabel('Last Name').fill(input.lastName);
  if (input.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(input.email);
  if (input.phoneNumber !== undefined) await page.getByLabel('Phone Number').fill(input.phoneNumber);
  if (input.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(input.password);
  if (input.confirmPassword !== undefined) await page.getByLabel('Confirm Password').fill(input.confirmPassword);
}

export async function fillLoginForm(page: Page, emailOrPhone: string, password: string): Promise<void> {
  await page.getByLabel('Email or Phone Number').fill(emailOrPhone);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Logs a shopper in from /login and waits for the dashboard. */
export async function loginViaUi(page: Page, emailOrPhone: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLoginForm(page, emailOrPhone, password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Login Successful');
  await expectPath(page, '/account');
  // The URL changes before the account page's code has arrived and rendered; a tap in between (on
  // Open cart, say) opens a drawer that the finished navigation then closes.
  await settled(page);
}

/**
 * A verified shopper, logged in through the API before the page's first load: the token is put in
 * localStorage (where the shop keeps the session) by an init script, so the very first render already has it.
 */
export async function loggedInBeforeLoad(page: Page): Promise<Shopper> {
  const shopper = await registerVerifiedShopper();
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: shopper.email, password: shopper.password },
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), ['pasal.token', login.body.token] as const);
  return shopper;
}

/** Logs the e2e admin in from /admin/login and waits for the panel. */
export async function adminLoginViaUi(page: Page, password: string = E2E_ADMIN.password): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectPath(page, '/admin');
}

/** The value next to a label in the profile's details list (<dt>label</dt><dd>value</dd>). */
export function profileDetail(page: Page, label: string): Locator {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

export type AccountTab = 'Account' | 'Cart' | 'Orders' | 'Favourites';

/** The headings that say a tab is on screen, where a tab has one of its own. */
const TAB_HEADINGS: Partial<Record<AccountTab, string>> = { Cart: 'Your Cart', Orders: 'Your Orders' };

/**
 * Opens an account tab as a shopper does: from the sidebar on a wide screen, from the account menu
 * (a dialog) on a phone. Goes to /account first unless the page is already there.
 */
export async function openAccountTab(page: Page, tab: AccountTab): Promise<void> {
  if (new URL(page.url()).pathname !== '/account') await page.goto('/account');
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'My Account' }));
  }
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .filter({ visible: true })
    .getByRole('button', { name: tab, exact: true })
    .click();
  const heading = TAB_HEADINGS[tab];
  if (heading) await expectVisible(page.getByRole('heading', { name: heading }));
}
