import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { type Shopper, adminToken, api, drawnPng, placeCodOrder, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { DESKTOP, E2E_ADMIN, PHONE, beforeAll, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad } from './support/flows.js';
import { describeFocus, focusRing, isFocused, tabTo } from './support/keyboard.js';
import { eventually, expectHidden, expectPath, expectToast, expectVisible, settled } from './support/ui.js';

/**
 * The shop with the keyboard only (issue "Accessible"): a skip link first, a visible focus ring on
 * every Tab stop, drawers and dialogs that keep focus inside and give it back, and the two journeys
 * that matter, a shopper from Home to a placed order (cash on delivery) and the admin from the login
 * to an order's new status, with Tab, Shift+Tab, Enter, Space, Escape and typing: no click at all.
 * Data is made through the API; page.goto only opens the first page of a journey.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Keyboard Test ${tag}`;
const product = { id: 0, name: `Mechanical Keyboard ${tag}`, price: 7999 };

beforeAll(async () => {
  const token = await adminToken();
  const created = await api('POST', '/api/category', { token, body: { name: category } });
  expect(created.status).toBe(201);
  product.id = (
    await uploadProduct(
      token,
      { name: product.name, description: `${product.name}: typed on by the keyboard test.`, price: product.price, category },
      [
        { png: await drawnPng('#10b981'), filename: 'top.png' },
        { png: await drawnPng('#6366f1'), filename: 'side.png' },
      ],
    )
  ).id;
});

const placeOrder = (shopper: Shopper) =>
  placeCodOrder(shopper, [[product, 1]], {
    province: 'Gandaki',
    district: 'Kaski',
    city: 'Pokhara',
    address: 'Lakeside, ward 6',
    landmark: '',
  });

/** What is wrong with the focused element's ring, if anything: missing, too faint, cut off. */
async function ringProblem(page: Page, where: string): Promise<string | null> {
  const ring = await focusRing(page);
  if (!ring) return null;
  const wrong: string[] = [];
  if (ring.style === 'none' || ring.width < 2) wrong.push(`no ring (outline ${ring.style} ${ring.width}px)`);
  else if (ring.contrast < 3) wrong.push(`ring contrast ${ring.contrast}:1`);
  if (ring.clippedBy) wrong.push(`ring cut off by ${ring.clippedBy}`);
  return wrong.length > 0 ? `${where}: ${ring.element}: ${wrong.join(', ')}` : null;
}

/** Every Tab stop of the page from the top until focus comes round again, with what is wrong with its ring. */
async function ringProblems(page: Page, where: string, max = 200): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  await page.keyboard.press('Tab');
  for (let stop = 0; stop < max; stop++) {
    if (!(await focusRing(page))) break; // past the last stop
    const key = await page.evaluate(() => {
      const path: number[] = [];
      for (let node: Element | null = document.activeElement; node?.parentElement; node = node.parentElement)
        path.push([...node.parentElement.children].indexOf(node));
      return path.join('.');
    });
    if (seen.has(key)) break; // round again
    seen.add(key);
    const problem = await ringProblem(page, where);
    if (problem) problems.push(problem);
    await page.keyboard.press('Tab');
  }
  return problems;
}

/**
 * Opens a drawer or dialog from its button with Enter, checks that Tab and Shift+Tab stay inside (each
 * stop with its ring), closes it with Escape.
 */
async function checkTrap(page: Page, opener: Locator, dialog: Locator, presses = 25): Promise<void> {
  await tabTo(page, opener, { max: 120 });
  await page.keyboard.press('Enter');
  await expectVisible(dialog);
  const inside = () => dialog.evaluate((panel) => panel.contains(document.activeElement));
  expect(await inside(), `focus moved into ${String(dialog)}`).toBe(true);
  const problems = new Set<string>();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      if (!(await inside())) throw new Error(`${key} ×${i + 1} left ${String(dialog)}: focus on ${await describeFocus(page)}`);
      const problem = await ringProblem(page, String(dialog));
      if (problem) problems.add(problem);
    }
  }
  expect([...problems]).toEqual([]);
  await page.keyboard.press('Escape');
  await expectHidden(dialog);
  expect(await isFocused(opener), `focus back on ${String(opener)} (it is on ${await describeFocus(page)})`).toBe(true);
}

for (const [width, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`focus (${width})`, () => {
    test.override({ viewport });

    test('the skip link is the first Tab stop, shows itself and moves focus to the main content', async ({ page }) => {
      await page.goto('/products');
      await expectVisible(page.getByRole('heading', { name: 'Our Products' }));
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await isFocused(skip), `first Tab stop is ${await describeFocus(page)}`).toBe(true);
      const box = await skip.boundingBox();
      expect(box && box.width > 40 && box.height > 20 && box.y >= 0).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(new URL(page.url()).hash).toBe('');
      // The next stop is the page's own first control, not the navbar.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
      expect(await isFocused(page.getByRole('button', { name: 'Filter by' }))).toBe(true);
    });

    test('every Tab stop shows a focus ring of 3:1 or more that nothing cuts off', async ({ page }) => {
      const problems: string[] = [];
      for (const path of ['/', '/products', `/products/${product.id}`, '/about', '/login', '/register', '/forgot-password']) {
        await page.goto(path);
        await expectVisible(page.getByRole('heading', { level: 1 }).first());
        await settled(page);
        problems.push(...(await ringProblems(page, path)));
      }
      expect(problems).toEqual([]);
    });

    test('as a shopper too: the account, its tabs and the cart drawer with the checkout form', async ({ page }) => {
      const shopper = await loggedInBeforeLoad(page);
      await placeOrder(shopper);
      const problems: string[] = [];
      await page.goto('/account');
      await expectVisible(page.getByRole('heading', { name: 'My Account' }));
      await settled(page);
      problems.push(...(await ringProblems(page, '/account')));
      await page.goto(`/products/${product.id}`);
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).press('Enter');
      await expectToast(page, 'Product added to cart successfully!');
      await settled(page);
      await page.getByRole('button', { name: 'Open cart' }).press('Enter');
      const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
      // Checkout once the drawer shows its items (before, the button has nothing to check out).
      await expectVisible(cart.getByRole('list', { name: 'Cart items' }));
      await settled(page);
      await cart.getByRole('button', { name: 'Checkout' }).press('Enter');
      await expectVisible(cart.getByRole('heading', { name: 'Delivery details' }));
      problems.push(...(await ringProblems(page, 'checkout form', 40)));
      expect(problems).toEqual([]);
    });

    test('as the admin too: every tab of the panel', async ({ page }) => {
      await adminLoginViaUi(page);
      const problems: string[] = [];
      for (const tab of ['Dashboard', 'Categories', 'Products', 'Orders', 'Mail & jobs', 'Activity']) {
        await page
          .getByRole('navigation', { name: 'Admin sections' })
          .getByRole('button', { name: tab, exact: true })
          .press('Enter');
        await expectVisible(page.getByRole('heading', { name: tab, exact: true }));
        await settled(page);
        await page.getByRole('heading', { name: 'Admin Panel' }).click();
        problems.push(...(await ringProblems(page, `/admin, ${tab}`)));
      }
      expect(problems).toEqual([]);
    });

    test('the drawers keep focus inside while open, close on Escape and give focus back', async ({ page }) => {
      await page.goto('/');
      await expectVisible(page.getByRole('heading', { name: 'Discover Cutting-Edge Technology' }));
      await checkTrap(page, page.getByRole('button', { name: 'Open menu' }), page.getByRole('dialog', { name: 'Menu' }));
      await checkTrap(page, page.getByRole('button', { name: 'Open cart' }), page.getByRole('dialog', { name: 'Shopping Cart' }));
      await page.goto('/products');
      await expectVisible(page.getByRole('heading', { name: 'Our Products' }));
      await checkTrap(page, page.getByRole('button', { name: 'Filter by' }), page.getByRole('dialog', { name: 'Filter by' }));
    });
  });
}

describe('keyboard only (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('a shopper goes from Home to a placed order, cash on delivery, without a click', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Discover Cutting-Edge Technology' }));

    // Log in.
    const navbar = page.getByRole('banner');
    await tabTo(page, navbar.getByRole('link', { name: 'Login' }));
    await page.keyboard.press('Enter');
    await expectPath(page, '/login');
    await tabTo(page, page.getByLabel('Email or Phone Number'));
    await page.keyboard.type(shopper.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(shopper.password);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Login Successful');
    await expectPath(page, '/account');
    // Each new page is walked once it has settled: a Tab stop replaced while its data arrives
    // sends focus back to the start of the page.
    await settled(page);

    // Find the product.
    await tabTo(page, navbar.getByRole('link', { name: 'Products', exact: true }), { backwards: true });
    await page.keyboard.press('Enter');
    await expectPath(page, '/products');
    await settled(page);
    await tabTo(page, page.getByRole('searchbox', { name: 'Search products' }));
    await page.keyboard.type(product.name);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name }) });
    await expectVisible(card);
    await eventually(
      () => page.getByRole('article').count(),
      (count) => count === 1,
      'the search narrowed to one card',
    );
    await settled(page);
    await tabTo(page, card.getByRole('heading', { name: product.name }).getByRole('link'));
    await page.keyboard.press('Enter');
    await expectPath(page, `/products/${product.id}`);
    await settled(page);

    // The second picture, two of them, into the cart.
    await tabTo(page, page.getByRole('button', { name: 'Show image 2 of 2' }));
    await page.keyboard.press('Space');
    expect(await page.getByRole('button', { name: 'Show image 2 of 2' }).getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, page.getByRole('button', { name: 'Increase quantity' }));
    await page.keyboard.press('Enter');
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('2');
    await tabTo(page, page.getByRole('button', { name: 'Add to Cart', exact: true }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Product added to cart successfully!');
    await settled(page);

    // The cart drawer and the checkout form.
    const openCart = navbar.getByRole('button', { name: 'Open cart' });
    await tabTo(page, openCart, { backwards: true });
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expectVisible(cart.getByRole('list', { name: 'Cart items' }));
    await settled(page);
    await tabTo(page, cart.getByRole('button', { name: 'Checkout' }));
    await page.keyboard.press('Enter');
    await expectVisible(cart.getByRole('heading', { name: 'Delivery details' }));

    const fill = async (label: string, text: string) => {
      await tabTo(page, cart.getByLabel(label, { exact: true }), { max: 30 });
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(text);
    };
    await fill('Full Name', `${shopper.firstName} ${shopper.lastName}`);
    await fill('Phone Number', shopper.phoneNumber);
    // A closed <select> picks by typing the option's start.
    await tabTo(page, cart.getByLabel('Province'), { max: 30 });
    await page.keyboard.type('Bagmati');
    expect(await cart.getByLabel('Province').inputValue()).toBe('Bagmati');
    await tabTo(page, cart.getByLabel('District'), { max: 30 });
    await page.keyboard.type('Lalitpur');
    expect(await cart.getByLabel('District').inputValue()).toBe('Lalitpur');
    await fill('City or Municipality', 'Lalitpur');
    await fill('Street Address', 'Jhamsikhel, ward 3');
    const cod = cart.getByRole('radio', { name: /Cash on Delivery/ });
    await tabTo(page, cod, { max: 30 });
    await page.keyboard.press('Space');
    expect(await cod.isChecked()).toBe(true);
    await tabTo(page, cart.getByRole('button', { name: 'Place Order' }), { max: 30 });
    await page.keyboard.press('Enter');
    await expectVisible(cart.getByText('Thank you for your order!'));

    const login = await api<{ token: string }>('POST', '/api/users/login', {
      body: { emailOrPhone: shopper.email, password: shopper.password },
    });
    const mine = await api<{ orders: Array<{ paymentMethod: string; totalAmount: number; city: string }> }>(
      'GET',
      `/api/orders/user/${shopper.userId}`,
      { token: login.body.token },
    );
    expect(mine.body.orders).toHaveLength(1);
    expect(mine.body.orders[0]).toMatchObject({ paymentMethod: 'cod', city: 'Lalitpur' });

    // Escape closes the drawer and focus is back on the cart button.
    await page.keyboard.press('Escape');
    await expectHidden(cart);
    expect(await isFocused(openCart)).toBe(true);
  });

  test('the admin logs in, opens an order and changes its status without a click; the dialogs keep focus', async ({ page }) => {
    const orderId = await placeOrder(await registerVerifiedShopper());
    await page.goto('/admin/login');
    await expectVisible(page.getByRole('heading', { name: 'Admin Login' }));
    await tabTo(page, page.getByLabel('Username'));
    await page.keyboard.type(E2E_ADMIN.username);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await expectPath(page, '/admin');
    await settled(page);

    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await tabTo(page, sections.getByRole('button', { name: 'Orders', exact: true }));
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('heading', { name: 'Orders', exact: true }));
    await tabTo(page, page.getByLabel('Search orders'));
    await page.keyboard.type(orderId);
    const status = page.getByRole('combobox', { name: `Status of order ${orderId}` }).filter({ visible: true });
    await expectVisible(status);
    await settled(page);

    // Open it: the customer and the address show.
    const row = page.getByRole('row').filter({ has: status });
    await tabTo(page, row.getByRole('button', { name: 'View Items' }));
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('region', { name: 'Delivery address' }).filter({ visible: true }).first());

    // The status: arrows on the closed select only show a choice (nothing saved on the way past
    // Confirmed); Enter saves it, and focus stays on the select.
    await tabTo(page, status, { backwards: true });
    const admin = await adminToken();
    const saved = async () =>
      (await api<{ order: { status: string } }>('GET', `/api/orders/${orderId}`, { token: admin })).body.order.status;
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await status.inputValue()).toBe('shipped');
    expect(await saved()).toBe('pending');
    await page.keyboard.press('Enter');
    // Shipping opens its form (courier, tracking, serials); its button sends it from the keyboard.
    await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Order status updated successfully.');
    expect(await isFocused(status)).toBe(true);
    await eventually(saved, (value) => value === 'shipped', 'the order shipped');

    // The product form and the password dialog: focus in, round inside, back out on Escape.
    await tabTo(page, sections.getByRole('button', { name: 'Products', exact: true }), { backwards: true });
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('heading', { name: 'Products', exact: true }));
    const upload = page.getByRole('button', { name: 'Upload New Product' });
    await checkTrap(page, upload, page.getByRole('dialog'));
    await checkTrap(
      page,
      page.getByRole('button', { name: 'Change password' }),
      page.getByRole('dialog', { name: 'Change password' }),
    );
  });
});
