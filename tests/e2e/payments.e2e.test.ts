import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { formatOrderId } from '../../src/shared/orders.js';
import { afterAll, beforeAll, describe, expect, test } from './support/fixtures.js';
import { type Shop, type ShopShopper, shopApi, startShop } from './support/shop.js';
import { expectPath, expectToast, expectVisible } from './support/ui.js';

/**
 * Paying now with eSewa or Khalti (issue 16), on a phone: the checkout shows the subtotal, the
 * delivery charge for the district and the total; placing the order leaves for the gateway (here
 * the shop's own sandbox), and its return lands on the Orders tab with the result. A cancelled
 * payment can be switched to cash on delivery; a paid order has a tax invoice.
 *
 * The sandbox runs only outside production, so this file starts a shop of its own from the build
 * with NODE_ENV=development (support/shop.ts) and talks to it with absolute addresses.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Payments Test ${tag}`;
/** Under Rs. 5,000 (the free delivery threshold): Kathmandu valley delivery is Rs. 100. */
const headset = { id: 0, name: `Gaming Headset ${tag}`, price: 3200 };

let shop: Shop;
let shopApiOf: ReturnType<typeof shopApi>;

beforeAll(async () => {
  shop = await startShop();
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
  await cart.getByLabel('District').fill('Kathmandu');
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
    await cart.getByLabel('District').fill('Kaski');
    await expectVisible(cart.getByTestId('checkout-delivery').filter({ hasText: 'Rs. 200' }));
    expect(await cart.getByTestId('checkout-total').innerText()).toBe('Rs. 3,400');
    await cart.getByLabel('District').fill('lalitpur ');
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
    await expectVisible(page.getByRole('heading', { name: 'Tax Invoice' }));
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
  });
});
