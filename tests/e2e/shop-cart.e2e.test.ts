import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { adminToken, api, drawnPng, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { DESKTOP, PHONE, allowConsoleErrors, beforeAll, describe, expect, workerShop, test } from './support/fixtures.js';
import { openAccountTab } from './support/flows.js';
import { eventually, expectToast, expectVisible, toast } from './support/ui.js';

/**
 * The cart shows itself: the header's cart button counts the units in the cart
 * (a badge and its name), the drawer and the Cart tab change quantities with the product page's
 * stepper (at most the stock), totals and badge follow, and on a phone toasts sit below the header.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Shop Cart ${tag}`;

interface Made {
  id: number;
  name: string;
  price: number;
  stock?: number;
}
/** A router with 3 in stock, and a cable whose stock the shop does not track. */
const router: Made = { id: 0, name: `Wifi Router ${tag}`, price: 4200, stock: 3 };
const cable: Made = { id: 0, name: `Patch Cable ${tag}`, price: 350 };

const rupees = (amount: number) => `Rs. ${amount.toLocaleString('en-IN')}`;

beforeAll(async () => {
  const token = await adminToken();
  expect((await api('POST', '/api/category', { token, body: { name: category } })).status).toBe(201);
  for (const [made, colour] of [
    [router, '#0ea5e9'],
    [cable, '#f59e0b'],
  ] as const) {
    const created = await uploadProduct(
      token,
      { name: made.name, description: `${made.name}, for the shop-cart test.`, price: made.price, category, stock: made.stock },
      [{ png: await drawnPng(colour), filename: 'product.png' }],
    );
    made.id = created.id;
  }
});

/** A new verified shopper whose token is in local storage before the first load; the token for the API. */
async function loggedIn(page: Page): Promise<{ token: string; userId: number }> {
  const shopper = await registerVerifiedShopper();
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: shopper.email, password: shopper.password },
  });
  expect(login.status).toBe(200);
  const { token } = login.body;
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), ['pasal.token', token] as const);
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).id as number;
  return { token, userId };
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Open cart/ });
const badge = (page: Page) => page.getByRole('banner').getByTestId('cart-count');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });
const headerBottom = async (page: Page) =>
  (await page.getByRole('banner').boundingBox())!.y + (await page.getByRole('banner').boundingBox())!.height;

/** A toast's box once it has slid in (react-toastify animates it from above the screen). */
async function settledToastBox(page: Page, text: string) {
  const box = () => toast(page, text).first().boundingBox();
  let last = await box();
  return eventually(
    async () => {
      const previous = last;
      last = await box();
      return previous && last && previous.y === last.y && last.y >= 0 ? last : null;
    },
    (settled) => settled !== null,
    'the toast to settle',
  ).then((settled) => settled!);
}

/** The header's count, as its badge shows it and as its name says it. */
async function expectCount(page: Page, shown: string, name: string): Promise<void> {
  await eventually(
    () => badge(page).textContent(),
    (text) => text === shown,
    `the badge to show ${shown}`,
  );
  expect(await cartButton(page).getAttribute('aria-label')).toBe(name);
}

/** Adds from the product page, waiting for the server's answer. */
async function addFromDetail(page: Page, made: Made): Promise<void> {
  await page.goto(`/products/${made.id}`);
  await expectVisible(page.getByRole('heading', { name: made.name }));
  const added = page.waitForResponse((response) => response.url().endsWith('/api/cart/add-to-cart'));
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  expect((await added).status()).toBe(200);
}

/** Presses a stepper button and waits for the PUT it sends. */
async function step(page: Page, button: Locator, status = 200): Promise<void> {
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/cart/update-quantity'));
  await button.click();
  expect((await sent).status()).toBe(status);
}

describe('the cart on a phone', () => {
  test('counts in the header, changes quantities in the drawer and the Cart tab up to the stock, and leads to checkout', async ({
    page,
  }) => {
    await loggedIn(page);
    await page.goto(`/products/${router.id}`);
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Open cart');
    expect(await badge(page).count()).toBe(0);

    // Two adds: a toast below the header (the cart and account icons stay clear), and the count.
    await addFromDetail(page, router);
    await expectToast(page, 'Product added to cart successfully!');
    const box = await settledToastBox(page, 'Product added to cart successfully!');
    expect(box.y).toBeGreaterThanOrEqual(await headerBottom(page));
    expect(Math.abs(box.x + box.width / 2 - PHONE.width / 2)).toBeLessThan(2);
    await expectCount(page, '1', 'Open cart, 1 item');
    await addFromDetail(page, cable);
    await expectCount(page, '2', 'Open cart, 2 items');

    // The drawer: the router's stepper goes up to its stock (3), the totals and the badge follow.
    await cartButton(page).click();
    const cart = drawer(page);
    const routerLine = cart.getByTestId('cart-line').filter({ hasText: router.name });
    const more = routerLine.getByRole('button', { name: `Increase quantity of ${router.name}` });
    await step(page, more);
    await eventually(
      () => cart.getByTestId('cart-total').innerText(),
      (text) => text === rupees(router.price * 2 + cable.price),
      'the drawer total after one more router',
    );
    expect(await routerLine.innerText()).toContain(rupees(router.price * 2));
    await expectCount(page, '3', 'Open cart, 3 items');
    await step(page, more);
    await expectCount(page, '4', 'Open cart, 4 items');
    const number = routerLine.getByRole('spinbutton', { name: `Quantity of ${router.name}` });
    expect(await number.inputValue()).toBe('3');
    expect(await number.getAttribute('max')).toBe('3');
    expect(await more.isDisabled()).toBe(true);
    expect(await cart.getByTestId('cart-total').innerText()).toBe(rupees(router.price * 3 + cable.price));
    // The untracked cable has no maximum; its minus is off at 1.
    expect(await cart.getByRole('button', { name: `Increase quantity of ${cable.name}` }).isDisabled()).toBe(false);
    expect(await cart.getByRole('button', { name: `Decrease quantity of ${cable.name}` }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    // The Cart tab (stacked cards on a phone): down one router, up one cable.
    await openAccountTab(page, 'Cart');
    const cards = page.getByRole('list', { name: 'Cart items' }).filter({ visible: true });
    await step(page, cards.getByRole('button', { name: `Decrease quantity of ${router.name}` }));
    await step(page, cards.getByRole('button', { name: `Increase quantity of ${cable.name}` }));
    const total = router.price * 2 + cable.price * 2;
    await eventually(
      () => page.getByTestId('cart-total-amount').innerText(),
      (text) => text === rupees(total),
      'the Total Amount after the changes',
    );
    await expectCount(page, '4', 'Open cart, 4 items');
    expect(await cards.getByRole('spinbutton', { name: `Quantity of ${cable.name}` }).inputValue()).toBe('2');

    // Proceed to checkout: the drawer opens at its checkout form.
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expectVisible(drawer(page).getByRole('heading', { name: 'Delivery details' }));
  });

  test('a refused change is toasted and rolled back', async ({ page }) => {
    await loggedIn(page);
    allowConsoleErrors(page, /status of 409/);
    await addFromDetail(page, cable);
    await expectCount(page, '1', 'Open cart, 1 item');
    await page.route('**/api/cart/update-quantity', (route) =>
      route.fulfill({ status: 409, json: { code: 'OUT_OF_STOCK', message: `Only 1 of "${cable.name}" left in stock` } }),
    );
    await cartButton(page).click();
    const cart = drawer(page);
    await step(page, cart.getByRole('button', { name: `Increase quantity of ${cable.name}` }), 409);
    await expectToast(page, 'Failed to change the quantity.');
    await expectToast(page, `Only 1 of "${cable.name}" left in stock`);
    await eventually(
      () => cart.getByRole('spinbutton', { name: `Quantity of ${cable.name}` }).inputValue(),
      (value) => value === '1',
      'the quantity back at 1',
    );
    expect(await cart.getByTestId('cart-total').innerText()).toBe(rupees(cable.price));
    await expectCount(page, '1', 'Open cart, 1 item');
  });

  test('a server-rendered page gets its badge after hydration, nothing moving; over 99 it says 99+', async ({ page }) => {
    const { token, userId } = await loggedIn(page);
    const added = await api('POST', '/api/cart/add-to-cart', { token, body: { userId, productId: cable.id, quantity: 150 } });
    expect(added.status).toBe(200);
    // The cart's answer is held until the icons have been measured without a badge.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cart/view-cart/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about');
    expect(await badge(page).count()).toBe(0);
    const account = page.getByRole('banner').getByRole('link', { name: 'Account' });
    const before = [await cartButton(page).boundingBox(), await account.boundingBox()];
    release();
    await expectCount(page, '99+', 'Open cart, 150 items');
    expect([await cartButton(page).boundingBox(), await account.boundingBox()]).toEqual(before);
    // The badge sits on the icon, inside the button.
    const button = (await cartButton(page).boundingBox())!;
    const mark = (await badge(page).boundingBox())!;
    expect(mark.x).toBeGreaterThanOrEqual(button.x);
    expect(mark.x + mark.width).toBeLessThanOrEqual(button.x + button.width + 1);
  });

  test('in Nepali the name counts in Nepali digits', async ({ page }) => {
    const { token, userId } = await loggedIn(page);
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
    expect(
      (await api('POST', '/api/cart/add-to-cart', { token, body: { userId, productId: cable.id, quantity: 2 } })).status,
    ).toBe(200);
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: /^कार्ट खोल्नुहोस्/ });
    await eventually(
      () => button.getAttribute('aria-label'),
      (name) => name === 'कार्ट खोल्नुहोस्, २ वटा सामान',
      'the Nepali name with the count',
    );
    expect(await badge(page).textContent()).toBe('२');
  });
});

describe('the cart on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('the Cart tab table changes a quantity; toasts stay at the top of the screen as before', async ({ page }) => {
    await loggedIn(page);
    await addFromDetail(page, router);
    await expectToast(page, 'Product added to cart successfully!');
    const box = await settledToastBox(page, 'Product added to cart successfully!');
    expect(box.y).toBeLessThan(await headerBottom(page));
    expect(Math.abs(box.x + box.width / 2 - DESKTOP.width / 2)).toBeLessThan(2);
    await expectCount(page, '1', 'Open cart, 1 item');

    await openAccountTab(page, 'Cart');
    const table = page.getByRole('table', { name: 'Items in your cart' });
    await step(page, table.getByRole('button', { name: `Increase quantity of ${router.name}` }));
    await eventually(
      () => page.getByTestId('cart-total-amount').innerText(),
      (text) => text === rupees(router.price * 2),
      'the Total Amount after the change',
    );
    await expectCount(page, '2', 'Open cart, 2 items');
  });
});
