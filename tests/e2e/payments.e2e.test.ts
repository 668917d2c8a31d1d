import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { formatOrderId } from '../../src/shared/orders.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, afterAll, beforeAll, describe, expect, test } from './support/fixtures.js';
import { type Shop, type ShopShopper, shopApi, startShop } from './support/shop.js';
import { expectPath, expectToast, expectVisible } from './support/ui.js';

/**
 * Paying now with eSewa or Khalti, on a phone: the checkout shows the subtotal, the
 * delivery charge for the district and the total; placing the order leaves for the gateway (here
 * the shop's own sandbox), and its return lands on the Orders tab with the result. A cancelled
 * payment can be switched to cash on delivery; a paid order has a tax invoice.
 *
 * The sandbox runs only outside production and only when PAYMENT_SANDBOX=true, so this file starts
 * a shop of its own from the build with NODE_ENV=development and the sandbox asked for
 * (support/shop.ts) and talks to it with absolute addresses.
 */

const SCREENSHOTS = process.env.SANDBOX_SCREENSHOTS; // a folder to keep screenshots in, for a person to look at

const tag = crypto.randomBytes(3).toString('hex');
const category = `Payments Test ${tag}`;
/** Under Rs. 5,000 (the free delivery threshold): Kathmandu valley delivery is Rs. 100. */
const headset = { id: 0, name: `Gaming Headset ${tag}`, price: 3200 };

let shop: Shop;
let shopApiOf: ReturnType<typeof shopApi>;

beforeAll(async () => {
  shop = await startShop({ PAYMENT_SANDBOX: 'true' });
  shopApiOf = shopApi(shop);
  const admin = await shopApiOf.adminToken();
  headset.id = (await shopApiOf.product(admin, { name: headset.name, price: headset.price, category })).id;
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

const url = (pathname: string) => new URL(pathname, shop.baseUrl).toString();

/** A verified shopper with the headset in the cart, logged in before the page's first load. */
async function shopperWithCart(page: Page): Promise<ShopShopper> {
  const shopper = await shopApiOf.verifiedShopper();
  await shopApiOf.addToCart(shopper, headset.id);
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), ['pasal.token', shopper.token] as const);
  return shopper;
}

/** From the home page: the cart drawer, Checkout, a Kathmandu address and the wallet chosen. */
async function checkout(page: Page, wallet: 'eSewa' | 'Khalti'): Promise<Locator> {
  await page.goto(url('/'));
  await page.getByRole('button', { name: 'Open cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expectVisible(cart.getByText(headset.name));
  await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expectVisible(cart.getByRole('heading', { name: 'Delivery details' }));
  await cart.getByLabel('Province').selectOption('Bagmati');
  await cart.getByLabel('District').selectOption('Kathmandu');
  await cart.getByLabel('City or Municipality').fill('Kathmandu Metropolitan City');
  await cart.getByLabel('Street Address').fill('Thamel, ward 26');
  await cart.getByRole('radio', { name: new RegExp(`^${wallet}`) }).check();
  return cart;
}

async function ordersOf(shopper: ShopShopper) {
  const res = await shopApiOf.call<{ orders: Array<Record<string, unknown>> }>('GET', `/api/orders/user/${shopper.userId}`, {
    token: shopper.token,
  });
  expect(res.status).toBe(200);
  return res.body.orders;
}

/** The one order card of the Orders tab (phone layout), which shows the id in groups of four. */
function orderCard(page: Page, orderId: string): Locator {
  return page.getByTestId('order-card').filter({ hasText: formatOrderId(orderId) });
}

describe('paying now', () => {
  let paidOrderId = '';

  test('with eSewa: the totals, the sandbox page, Pay, and back to a paid order', async ({ page }) => {
    const shopper = await shopperWithCart(page);
    const cart = await checkout(page, 'eSewa');

    // Rs. 3,200 to the Kathmandu valley: Rs. 100 delivery; the total follows the district.
    expect(await cart.getByTestId('checkout-subtotal').innerText()).toBe('Rs. 3,200');
    expect(await cart.getByTestId('checkout-delivery').innerText()).toBe('Rs. 100');
    expect(await cart.getByTestId('checkout-total').innerText()).toBe('Rs. 3,300');
    await expectVisible(cart.getByText('Free delivery from Rs. 5,000'));
    // Another province: its district is chosen again, and the charge waits for it.
    await cart.getByLabel('Province').selectOption('Gandaki');
    expect(await cart.getByLabel('District').inputValue()).toBe('');
    await expectVisible(cart.getByTestId('checkout-delivery').filter({ hasText: 'Choose your district' }));
    await cart.getByLabel('District').selectOption('Kaski');
    await expectVisible(cart.getByTestId('checkout-delivery').filter({ hasText: 'Rs. 200' }));
    expect(await cart.getByTestId('checkout-total').innerText()).toBe('Rs. 3,400');
    await cart.getByLabel('Province').selectOption('Bagmati');
    await cart.getByLabel('District').selectOption('Lalitpur');
    await expectVisible(cart.getByTestId('checkout-total').filter({ hasText: 'Rs. 3,300' }));

    await cart.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((address) => address.pathname === '/sandbox/esewa/form', { timeout: 20_000 });
    await expectVisible(page.getByRole('heading', { name: 'eSewa sandbox' }));
    expect(await page.getByTestId('sandbox-amount').innerText()).toBe('Rs. 3,300');

    const [order] = await ordersOf(shopper);
    expect(order).toMatchObject({
      paymentMethod: 'esewa',
      paymentStatus: 'awaiting_payment',
      totalAmount: 3300,
      deliveryFee: 100,
    });
    paidOrderId = String(order!.id);

    await page.getByRole('button', { name: 'Pay' }).click();
    await expectPath(page, '/account', 20_000);
    await expectVisible(page.getByText('Payment received. Thank you!'));
    // The landing's parameters are gone from the address (a reload does not repeat the banner); the tab stays.
    expect(new URL(page.url()).search).toBe('?tab=orders');
    const card = orderCard(page, paidOrderId);
    await expectVisible(card);
    expect(await card.getByTestId('payment-status').first().innerText()).toBe('Paid');
    // The landed order is open: its payment, delivery charge and VAT.
    const payment = card.getByRole('region', { name: `Payment of order ${formatOrderId(paidOrderId)}` });
    await expectVisible(payment);
    expect(await payment.getByTestId('payment-method').innerText()).toBe('eSewa');
    expect(await payment.innerText()).toContain('VAT (13%) included');
    expect((await ordersOf(shopper))[0]).toMatchObject({ paymentStatus: 'paid' });

    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Your Orders' }));
    expect(await page.getByText('Payment received. Thank you!').count()).toBe(0);
  });

  test('with Khalti: the sandbox page, Pay, and back to a paid order', async ({ page }) => {
    const shopper = await shopperWithCart(page);
    const cart = await checkout(page, 'Khalti');
    expect(await cart.getByTestId('checkout-total').innerText()).toBe('Rs. 3,300');
    await cart.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/sandbox/khalti/pay/'), { timeout: 20_000 });
    await expectVisible(page.getByRole('heading', { name: 'Khalti sandbox' }));

    const [order] = await ordersOf(shopper);
    expect(order).toMatchObject({ paymentMethod: 'khalti', paymentStatus: 'awaiting_payment' });
    await page.getByRole('button', { name: 'Pay' }).click();
    await expectPath(page, '/account', 20_000);
    await expectVisible(page.getByText('Payment received. Thank you!'));
    const card = orderCard(page, String(order!.id));
    await expectVisible(card);
    expect(await card.getByTestId('payment-status').first().innerText()).toBe('Paid');
    expect(await card.getByTestId('payment-method').innerText()).toBe('Khalti');
    // Paid through the sandbox: the shopper is told it was a test payment.
    const badge = card.locator('[data-testid="test-payment"]:visible').first();
    await expectVisible(badge);
    expect(await badge.innerText()).toBe('Test payment');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/shopper-order-test-en-390.png` });
  });

  test('Khalti cancelled: not completed, then pay on delivery instead', async ({ page }) => {
    const shopper = await shopperWithCart(page);
    const cart = await checkout(page, 'Khalti');
    await cart.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/sandbox/khalti/pay/'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expectPath(page, '/account', 20_000);
    const banner = page.getByTestId('payment-banner');
    await expectVisible(banner.getByText('The payment was not completed.'));
    const [order] = await ordersOf(shopper);
    const orderId = String(order!.id);
    const card = orderCard(page, orderId);
    expect(await card.getByTestId('payment-status').first().innerText()).toBe('Awaiting payment');
    await expectVisible(banner.getByRole('button', { name: 'Try again' }));

    await banner.getByRole('button', { name: 'Pay on delivery instead' }).click();
    await expectToast(page, 'You will pay in cash on delivery.');
    await expectVisible(card.getByTestId('payment-status').filter({ hasText: 'Pay on delivery' }).first());
    expect(await card.getByTestId('payment-method').innerText()).toBe('Cash on Delivery');
    expect(await page.getByTestId('payment-banner').count()).toBe(0);
    expect((await ordersOf(shopper))[0]).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'unpaid' });
  });

  test('the invoice of the paid order', async ({ page }) => {
    expect(paidOrderId).toMatch(/^ORD-/);
    const admin = await shopApiOf.adminToken();
    const res = await shopApiOf.call<{ order: Record<string, unknown> }>('GET', `/api/orders/${paidOrderId}`, { token: admin });
    expect(res.status).toBe(200);
    const order = res.body.order;
    await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), ['pasal.adminToken', admin] as const);

    await page.goto(url(`/orders/${paidOrderId}/invoice`));
    // Paid through the sandbox: a test payment, so no tax invoice.
    expect(order.testPayment).toBe(true);
    await expectVisible(page.getByRole('heading', { name: 'TEST — not a tax invoice' }));
    expect(await page.getByRole('heading', { name: 'Tax Invoice', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('invoice-number').innerText()).toBe(String(order.invoiceNumber));
    expect(await page.getByTestId('invoice-total').innerText()).toBe('Rs. 3,300');
    // The taxable amount, the VAT and the total, each on its own line.
    const vat = await page.getByTestId('invoice-vat').innerText();
    expect(vat).toMatch(/^Rs\. [\d,]+(\.\d{2})?$/);
    expect(vat).toContain(`Rs. ${Number(order.vatAmount).toLocaleString('en-IN')}`);
    await expectVisible(page.getByText('VAT (13%)', { exact: true }));
    await expectVisible(page.getByTestId('invoice-taxable'));
    const text = await page.getByRole('article').innerText();
    expect(text).toContain(headset.name);
    expect(text).toContain('Thamel, ward 26');
    expect(text).toContain('eSewa');
    expect(text).toContain('Paid');
    await expectVisible(page.getByRole('button', { name: 'Print' }));
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/invoice-test-en-390.png`, fullPage: true });

    // In Nepali too.
    await page.goto(url(`/orders/${paidOrderId}/invoice?lang=ne`));
    await expectVisible(page.getByRole('heading', { name: 'परीक्षण — कर बीजक होइन' }));
    await expectVisible(page.getByRole('complementary', { name: 'परीक्षण भुक्तानी' }));
    await expectNoSeriousViolations(page, 'the invoice of a test payment, Nepali (phone)');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/invoice-test-ne-390.png` });
  });
});

describe('the test-payments ribbon', () => {
  /** The ribbon, the page's first landmark above the navbar. */
  const ribbonOf = (page: Page, name: string) => page.getByRole('complementary', { name });

  /** On screen, the phone's width, and above the navbar: in the page's flow, over nothing. */
  async function expectAboveTheContent(page: Page, ribbon: Locator) {
    const box = (await ribbon.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + 0.5);
    expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    // Scrolled, the sticky navbar is at the top and the ribbon scrolls away with the page.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const stuck = (await page.locator('header').first().boundingBox())!;
    const moved = (await ribbon.boundingBox())!;
    expect(moved.y + moved.height).toBeLessThanOrEqual(stuck.y + 0.5);
    await page.evaluate(() => window.scrollTo(0, 0));
  }

  test('is on every page at 390 px, in English and in Nepali, in the first paint, and over nothing', async ({ page }) => {
    // In the server's page itself, before any script: the first paint has it.
    const html = await (await fetch(url('/'))).text();
    expect(html).toContain('Test payments — no money moves');

    await page.goto(url('/'));
    const ribbon = ribbonOf(page, 'Test payments');
    await expectVisible(ribbon);
    expect(await ribbon.innerText()).toBe('Test payments — no money moves');
    await expectAboveTheContent(page, ribbon);
    await expectNoSeriousViolations(page, 'home with the sandbox ribbon (phone)');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ribbon-home-en-390.png` });

    // Switched to Nepali in place, and a Nepali address.
    await page
      .getByRole('button', { name: /^Language/ })
      .first()
      .click();
    const nepali = ribbonOf(page, 'परीक्षण भुक्तानी');
    await expectVisible(nepali);
    expect(await nepali.innerText()).toBe('परीक्षण भुक्तानी — कुनै पैसा लेनदेन हुँदैन');
    await page.goto(url('/products?lang=ne'));
    await expectVisible(nepali);
    await expectAboveTheContent(page, nepali);
    await expectNoSeriousViolations(page, 'products with the sandbox ribbon, Nepali (phone)');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ribbon-products-ne-390.png` });

    // The admin's pages too.
    await page.goto(url('/admin/login?lang=en'));
    await expectVisible(ribbonOf(page, 'Test payments'));
    await expectNoSeriousViolations(page, 'admin login with the sandbox ribbon (phone)');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ribbon-admin-login-en-390.png` });
  });

  describe('on a desktop', () => {
    test.override({ viewport: DESKTOP });
    test('the ribbon above the navbar, and the admin orders mark the test payment', async ({ page }) => {
      const admin = await shopApiOf.adminToken();
      await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), ['pasal.adminToken', admin] as const);
      await page.goto(url('/'));
      const ribbon = ribbonOf(page, 'Test payments');
      await expectVisible(ribbon);
      await expectAboveTheContent(page, ribbon);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ribbon-home-en-desktop.png` });
      await page.goto(url('/admin'));
      await expectVisible(ribbon);
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Orders', exact: true }).click();
      await expectVisible(page.getByRole('heading', { name: 'Orders', exact: true }));
      // The table's row (the phone's cards are hidden at this width).
      const badge = page.locator('[data-testid="test-payment"]:visible').first();
      await expectVisible(badge);
      expect(await badge.innerText()).toBe('Test payment');
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/admin-orders-en-desktop.png` });
    });
  });
});
