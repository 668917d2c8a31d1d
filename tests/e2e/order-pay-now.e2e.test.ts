import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { formatOrderId } from '../../src/shared/orders.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { afterAll, beforeAll, describe, expect, test } from './support/fixtures.js';
import { type Shop, type ShopShopper, shopApi, startShop } from './support/shop.js';
import { shot } from './support/shots.js';
import { expectHidden, expectToast, expectVisible, settled } from './support/ui.js';

/**
 * An unpaid online order offers "Pay again" and "Pay on delivery instead" on its own card in the
 * Orders tab (390 px), without opening its items; switching to cash on delivery takes the buttons
 * away. In English and Nepali. A shop of its own with the payment sandbox (as payments.e2e does).
 */

const tag = crypto.randomBytes(3).toString('hex');
const product = { id: 0, name: `Pay Now Speaker ${tag}`, price: 2100 };
let shop: Shop;
let shopApiOf: ReturnType<typeof shopApi>;

beforeAll(async () => {
  shop = await startShop({ PAYMENT_SANDBOX: 'true' });
  shopApiOf = shopApi(shop);
  const admin = await shopApiOf.adminToken();
  product.id = (await shopApiOf.product(admin, { name: product.name, price: product.price, category: `Pay Now ${tag}` })).id;
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

const words = {
  en: {
    payAgain: 'Pay again',
    cod: 'Pay on delivery instead',
    switched: 'You will pay in cash on delivery.',
    viewItems: 'View items',
  },
  ne: {
    payAgain: 'फेरि भुक्तानी गर्नुहोस्',
    cod: 'बरु डेलिभरीमा नगद तिर्नुहोस्',
    switched: 'तपाईंले सामान आइपुग्दा नगद भुक्तानी गर्नुहुनेछ।',
    viewItems: 'सामान हेर्नुहोस्',
  },
} as const;

/** An eSewa order placed through the API and left unpaid. */
async function unpaidOrder(page: Page, language: keyof typeof words): Promise<{ shopper: ShopShopper; orderId: string }> {
  const shopper = await shopApiOf.verifiedShopper();
  await shopApiOf.addToCart(shopper, product.id);
  const placed = await shopApiOf.call<{ order: { id: string; paymentStatus: string } }>('POST', '/api/orders/create', {
    token: shopper.token,
    body: {
      userId: shopper.userId,
      totalAmount: product.price,
      cartItems: [],
      fullName: 'Maya Gurung',
      phone: shopper.phoneNumber,
      province: 'Bagmati',
      district: 'Kathmandu',
      city: 'Kathmandu',
      address: 'Thamel, ward 26',
      landmark: '',
      paymentMethod: 'esewa',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.order.paymentStatus).toBe('awaiting_payment');
  if (language === 'ne') await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: shop.baseUrl }]);
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), ['pasal.token', shopper.token] as const);
  return { shopper, orderId: placed.body.order.id };
}

async function payNowOnTheCard(page: Page, language: keyof typeof words): Promise<void> {
  const w = words[language];
  const { orderId } = await unpaidOrder(page, language);
  await page.goto(new URL('/account?tab=orders', shop.baseUrl).toString());
  const card = page.getByTestId('order-card').filter({ hasText: formatOrderId(orderId) });
  await expectVisible(card);
  // Both offered on the card itself, before its items are opened.
  await expectVisible(card.getByRole('button', { name: w.payAgain, exact: true }));
  await expectVisible(card.getByRole('button', { name: w.cod, exact: true }));
  expect(await card.getByRole('button', { name: w.viewItems }).getAttribute('aria-expanded')).toBe('false');
  await settled(page);
  await shot(page, `order-pay-now-${language}-390`);
  await expectNoSeriousViolations(page, `an unpaid order's card (390, ${language})`);

  await card.getByRole('button', { name: w.cod, exact: true }).click();
  await expectToast(page, w.switched);
  await expectHidden(card.getByTestId('order-pay-now'));
}

describe('an unpaid online order at 390 px', () => {
  test('in English: Pay again and Pay on delivery instead on its card', async ({ page }) => {
    await payNowOnTheCard(page, 'en');
  });
  test('in Nepali: the same', async ({ page }) => {
    await payNowOnTheCard(page, 'ne');
  });
});
