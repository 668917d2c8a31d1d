import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  type Shopper,
  adminToken,
  api,
  drawnPng,
  mailbox,
  placeCodOrder,
  registerVerifiedShopper,
  uploadProduct,
} from './support/api.js';
import { axeAudit } from './support/axe.js';
import { DESKTOP, PHONE, beforeAll, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi, fillRegisterForm, loggedInBeforeLoad, openAccountTab } from './support/flows.js';
import { expectPath, expectVisible, settled } from './support/ui.js';

/**
 * Accessibility (issue "Accessible"): axe-core on every route of the app, at phone and desktop width,
 * logged out, as a shopper and as the admin, with the drawers and dialogs open, and no violation of
 * impact serious or critical anywhere. Each test checks a run of states and then lists all that
 * failed (support/axe.ts), so one run shows every problem. The catalogue and an order are made
 * through the API.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `A11y Test ${tag}`;
const categoryParam = category.replace(/\s+/g, '-');
const pictured = { id: 0, name: `Gaming Headset ${tag}`, price: 5499 };
let orderId = '';

/** A cash-on-delivery order the shop has confirmed: its sale, so it has a tax invoice. */
async function placeOrder(shopper: Shopper): Promise<string> {
  const id = await placeCodOrder(shopper, [[pictured, 1]], {
    province: 'Bagmati',
    district: 'Kathmandu',
    city: 'Kathmandu',
    address: 'Thamel, ward 26',
    landmark: 'Near the Garden of Dreams',
  });
  const confirmed = await api('PUT', `/api/orders/${id}/status`, { token: await adminToken(), body: { status: 'confirmed' } });
  expect(confirmed.status).toBe(200);
  return id;
}

/** Goes to a page and waits for its main heading (or what is given), and for its fades to end. */
async function visit(page: Page, path: string, ready?: Locator): Promise<void> {
  await page.goto(path);
  await expectVisible(ready ?? page.getByRole('heading', { level: 1 }).first());
  await settled(page);
}

const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

async function openAdminTab(page: Page, tab: 'Categories' | 'Products' | 'Orders' | 'Mail & jobs' | 'Activity'): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: tab, exact: true }).click();
}

beforeAll(async () => {
  const token = await adminToken();
  const created = await api('POST', '/api/category', { token, body: { name: category } });
  expect(created.status).toBe(201);
  pictured.id = (
    await uploadProduct(
      token,
      {
        name: pictured.name,
        description: `${pictured.name}: checked by the accessibility test.`,
        price: pictured.price,
        category,
      },
      [
        { png: await drawnPng('#0ea5e9'), filename: 'front.png' },
        { png: await drawnPng('#f59e0b'), filename: 'side.png' },
      ],
    )
  ).id;
  orderId = await placeOrder(await registerVerifiedShopper());
});

for (const [width, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`axe, logged out (${width})`, () => {
    test.override({ viewport });

    test('every public route has no serious or critical violation', async ({ page }) => {
      const audit = axeAudit(page);
      const routes: Array<[string, string]> = [
        ['/', 'Home'],
        ['/about', 'About'],
        ['/privacy-policy', 'Privacy policy'],
        ['/terms-and-conditions', 'Terms'],
        ['/products', 'Products'],
        [`/products?category=${categoryParam}`, 'Products of a category'],
        [`/products?q=${encodeURIComponent('Headset')}`, 'Products, a search'],
        [`/products/${pictured.id}`, 'Product with pictures'],
        ['/login', 'Login'],
        ['/register', 'Register'],
        ['/otp-verification', 'OTP without a registration'],
        ['/forgot-password', 'Forgot password'],
        ['/admin/login', 'Admin login'],
        ['/no-such-page', 'Not found'],
      ];
      for (const [path, name] of routes) {
        await visit(page, path);
        await audit.check(`${name}: ${path} (${width})`);
      }
      // A product that is not there.
      await page.goto('/products/999999999');
      await expectVisible(page.getByText('Product not found!'));
      await audit.check(`Missing product (${width})`);
      audit.expectClean();
    });

    test('drawers open, forms with errors, and the registration and reset steps', async ({ page }) => {
      const audit = axeAudit(page);
      await visit(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expectVisible(menu);
      await menu.getByRole('button', { name: 'Products' }).click();
      await settled(page);
      await audit.check(`Home, menu drawer open with Products expanded (${width})`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Open cart' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Shopping Cart' }).getByText('Please login to view cart'));
      await settled(page);
      await audit.check(`Home, cart drawer open, logged out (${width})`);
      await page.keyboard.press('Escape');

      await visit(page, `/products?category=${categoryParam}`, page.getByRole('heading', { name: pictured.name }));
      await page.getByRole('button', { name: 'Filter by' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Filter by' }));
      await settled(page);
      await audit.check(`Products, filter drawer open (${width})`);
      await page.keyboard.press('Escape');

      await visit(page, '/login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await settled(page);
      await audit.check(`Login, submitted empty (${width})`);

      await visit(page, '/register');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await settled(page);
      await audit.check(`Register, submitted empty (${width})`);

      await visit(page, '/admin/login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await settled(page);
      await audit.check(`Admin login, submitted empty (${width})`);

      // Registration leads to the OTP screen with the new user's id.
      const input = {
        firstName: 'Ram',
        lastName: 'Karki',
        email: `ram.${crypto.randomBytes(4).toString('hex')}@example.com`,
        phoneNumber: `98${crypto.randomInt(0, 100_000_000).toString().padStart(8, '0')}`,
        password: 'Everest#8848',
        confirmPassword: 'Everest#8848',
      };
      await visit(page, '/register');
      await fillRegisterForm(page, input);
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await expectPath(page, '/otp-verification');
      await expectVisible(page.getByLabel('Enter OTP'));
      await settled(page);
      await audit.check(`OTP verification after registering (${width})`);

      // The reset's second step.
      const since = await mailbox.count();
      await visit(page, '/forgot-password');
      await page.getByLabel('Email or mobile number').fill(input.email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Reset your password' }));
      await mailbox.otpFor(input.email, since).catch(() => undefined);
      await settled(page);
      await audit.check(`Reset your password (${width})`);
      audit.expectClean();
    });
  });

  describe(`axe, a shopper (${width})`, () => {
    test.override({ viewport });

    test('the pages, the drawers, the account tabs, the checkout and the invoice', async ({ page }) => {
      const audit = axeAudit(page);
      const shopper = await loggedInBeforeLoad(page);
      const mine = await placeOrder(shopper);

      await visit(page, '/');
      await audit.check(`Home, logged in (${width})`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Account' }));
      await settled(page);
      await audit.check(`Menu drawer, logged in (${width})`);
      await page.keyboard.press('Escape');

      await visit(page, `/products/${pictured.id}`);
      const added = page.waitForResponse((response) => response.url().endsWith('/api/cart/add-to-cart'));
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      expect((await added).status()).toBe(200);
      // The toast comes a moment after the answer: settled once it is there, so axe reads it in place, not fading in.
      await expectVisible(page.locator('.Toastify__toast--success'));
      await settled(page);
      await audit.check(`Product page after Add to Cart, toast on show (${width})`);

      await page.getByRole('button', { name: 'Open cart' }).click();
      const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
      await expectVisible(cart.getByRole('list', { name: 'Cart items' }));
      await settled(page);
      await audit.check(`Cart drawer with a line (${width})`);
      await cart.getByRole('button', { name: 'Checkout' }).click();
      await expectVisible(cart.getByRole('heading', { name: 'Delivery details' }));
      await settled(page);
      await audit.check(`Cart drawer, checkout form (${width})`);
      await cart.getByRole('button', { name: 'Place Order' }).click();
      await settled(page);
      await audit.check(`Cart drawer, checkout form with errors (${width})`);
      await page.keyboard.press('Escape');

      await visit(page, '/account');
      await audit.check(`Account (${width})`);
      if (!isWide(page)) {
        await page.getByRole('button', { name: 'Open account menu' }).click();
        await expectVisible(page.getByRole('dialog', { name: 'My Account' }));
        await settled(page);
        await audit.check(`Account menu drawer open (${width})`);
        await page.keyboard.press('Escape');
      }
      await openAccountTab(page, 'Cart');
      await expectVisible(page.getByRole('heading', { name: 'Your Cart' }));
      await settled(page);
      await audit.check(`Account, Cart tab (${width})`);
      await openAccountTab(page, 'Orders');
      await expectVisible(page.getByRole('heading', { name: 'Your Orders' }));
      // The oldest order is the confirmed one (with its invoice); the checkout above placed a newer, pending one.
      const viewItems = page.getByRole('button', { name: 'View Items' }).filter({ visible: true }).last();
      await viewItems.click();
      await expectVisible(page.getByRole('link', { name: 'Invoice' }).filter({ visible: true }).first());
      await settled(page);
      await audit.check(`Account, Orders tab with an order open (${width})`);
      await openAccountTab(page, 'Favourites');
      await expectVisible(page.getByRole('heading', { name: 'Favourites' }));
      await settled(page);
      await audit.check(`Account, Favourites tab (${width})`);
      await openAccountTab(page, 'Account');

      await visit(page, `/orders/${encodeURIComponent(mine)}/invoice`);
      await audit.check(`Invoice (${width})`);
      audit.expectClean();
    });
  });

  describe(`axe, the admin (${width})`, () => {
    test.override({ viewport });

    test('every admin tab and dialog', async ({ page }) => {
      const audit = axeAudit(page);
      await adminLoginViaUi(page);
      await expectVisible(page.getByRole('heading', { name: 'Admin Panel' }));

      await openAdminTab(page, 'Categories');
      await expectVisible(page.getByRole('rowheader', { name: category }));
      await page.getByRole('row').filter({ hasText: category }).getByRole('button', { name: 'Manage Subcategories' }).click();
      await settled(page);
      await audit.check(`Admin, Categories with one opened (${width})`);

      await openAdminTab(page, 'Products');
      await expectVisible(page.getByText(pictured.name).first());
      await settled(page);
      await audit.check(`Admin, Products (${width})`);
      await page.getByRole('button', { name: 'Upload New Product' }).click();
      const form = page.getByRole('dialog');
      await expectVisible(form);
      await settled(page);
      await audit.check(`Admin, product form dialog (${width})`);
      await page.keyboard.press('Escape');

      await openAdminTab(page, 'Orders');
      await expectVisible(
        page
          .getByRole('combobox', { name: /^Status of order / })
          .filter({ visible: true })
          .first(),
      );
      await settled(page);
      await audit.check(`Admin, Orders (${width})`);
      await page.getByRole('button', { name: 'View Items' }).filter({ visible: true }).first().click();
      await expectVisible(page.getByRole('region', { name: 'Delivery address' }).filter({ visible: true }).first());
      await settled(page);
      await audit.check(`Admin, Orders with one open (${width})`);

      await openAdminTab(page, 'Mail & jobs');
      await expectVisible(page.getByRole('heading', { name: 'Mail & jobs' }));
      await settled(page);
      await audit.check(`Admin, Mail & jobs (${width})`);

      await openAdminTab(page, 'Activity');
      await expectVisible(page.getByTestId('audit-entry').first());
      await settled(page);
      await audit.check(`Admin, Activity (${width})`);

      await page.getByRole('button', { name: 'Change password' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Change password' }));
      await settled(page);
      await audit.check(`Admin, change password dialog (${width})`);
      await page.keyboard.press('Escape');

      await visit(page, `/orders/${encodeURIComponent(orderId)}/invoice`);
      await audit.check(`Invoice as the admin (${width})`);
      audit.expectClean();
    });
  });
}
