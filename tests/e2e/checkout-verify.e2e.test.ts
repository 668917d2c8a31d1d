import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, mailbox, registerShopper, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { PHONE, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { shot } from './support/shots.js';
import { expectHidden, expectToast, expectVisible, settled } from './support/ui.js';

/**
 * An unverified shopper learns at the start of the checkout, inside the panel and in view, that the
 * account must be verified, asks for the code, enters it there, and places the order with the
 * address typed before verifying still in place. At 390 px, in English and Nepali.
 */

const tag = crypto.randomBytes(3).toString('hex');
let product = { id: 0, name: '' };

beforeAll(async () => {
  const admin = await adminToken();
  const category = `Checkout Verify ${tag}`;
  expect((await api('POST', '/api/category', { token: admin, body: { name: category } })).status).toBe(201);
  const picture = [{ png: await drawnPng('#7c3aed'), filename: 'item.png' }];
  const made = await uploadProduct(
    admin,
    { name: `Verify Router ${tag}`, description: 'A router.', price: 3100, category, stock: 20 },
    picture,
  );
  product = { id: made.id, name: made.name };
});

const words = {
  en: {
    openCart: 'Open cart',
    drawer: 'Shopping Cart',
    checkout: 'Checkout',
    title: 'Verify your account to place this order',
    code: 'Verification code',
    verify: 'Verify',
    done: 'Your account is verified. You can place your order.',
    place: 'Place Order',
    created: 'Order created successfully!',
    labels: {
      fullName: 'Full Name',
      province: 'Province',
      district: 'District',
      city: 'City or Municipality',
      address: 'Street Address',
    },
  },
  ne: {
    openCart: 'कार्ट खोल्नुहोस्',
    drawer: 'किनमेल कार्ट',
    checkout: 'चेकआउट',
    title: 'यो अर्डर गर्न आफ्नो खाता प्रमाणित गर्नुहोस्',
    code: 'प्रमाणीकरण कोड',
    verify: 'प्रमाणित गर्नुहोस्',
    done: 'तपाईंको खाता प्रमाणित भयो। अब अर्डर गर्न सक्नुहुन्छ।',
    place: 'अर्डर गर्नुहोस्',
    created: 'अर्डर सफलतापूर्वक दर्ता भयो!',
    labels: { fullName: 'पूरा नाम', province: 'प्रदेश', district: 'जिल्ला', city: 'सहर वा नगरपालिका', address: 'ठेगाना' },
  },
} as const;
type Language = keyof typeof words;

async function verifyInThePanel(page: Page, language: Language): Promise<void> {
  const w = words[language];
  const since = await mailbox.count();
  const shopper = await registerShopper();
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: shopper.email, password: shopper.password },
  });
  expect(login.status).toBe(200);
  const token = login.body.token;
  const added = await api('POST', '/api/cart/add-to-cart', {
    token,
    body: { userId: shopper.userId, productId: product.id, quantity: 1 },
  });
  expect(added.status).toBe(200);
  if (language === 'ne') await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), ['pasal.token', token] as const);

  await page.goto('/');
  await settled(page);
  await page.getByRole('button', { name: w.openCart }).click();
  const cart = page.getByRole('dialog', { name: w.drawer });
  await expectVisible(cart.getByText(product.name));
  await cart.getByRole('button', { name: w.checkout, exact: true }).click();

  // Told at once, inside the panel and within the screen.
  const box = cart.getByTestId('verify-in-panel');
  await expectVisible(box.getByRole('heading', { name: w.title }));
  const where = (await box.boundingBox())!;
  expect(where.y).toBeGreaterThanOrEqual(0);
  expect(where.y + 40).toBeLessThan(PHONE.height);

  // The address first, then the code: nothing typed is lost.
  await cart.getByLabel(w.labels.fullName).fill('Hari Rai');
  await cart.getByLabel(w.labels.province).selectOption('Koshi');
  await cart.getByLabel(w.labels.district).selectOption('Morang');
  await cart.getByLabel(w.labels.city).fill('Biratnagar');
  await cart.getByLabel(w.labels.address).fill('Main Road, ward 4');
  // The code mailed at registration.
  const code = await mailbox.otpFor(shopper.email, since);
  await box.getByLabel(w.code).fill(code);
  await settled(page);
  await shot(page, `checkout-verify-${language}-390`);
  await expectNoSeriousViolations(page, `verifying inside the checkout (390, ${language})`);
  await box.getByRole('button', { name: w.verify, exact: true }).click();
  await expectToast(page, w.done);
  await expectHidden(box);
  expect(await cart.getByLabel(w.labels.fullName).inputValue()).toBe('Hari Rai');
  expect(await cart.getByLabel(w.labels.city).inputValue()).toBe('Biratnagar');
  expect(await cart.getByLabel(w.labels.address).inputValue()).toBe('Main Road, ward 4');

  await cart.getByRole('button', { name: w.place, exact: true }).click();
  await expectToast(page, w.created);
  const orders = await api<{ orders: { city: string }[] }>('GET', `/api/orders/user/${shopper.userId}`, { token });
  expect(orders.body.orders.map((order) => order.city)).toEqual(['Biratnagar']);
}

describe('an unverified shopper at checkout, 390 px', () => {
  test('in English: told at the start, verifies in the panel, the address kept, the order placed', async ({ page }) => {
    await verifyInThePanel(page, 'en');
  });
  test('in Nepali: the same', async ({ page }) => {
    await verifyInThePanel(page, 'ne');
  });
});
