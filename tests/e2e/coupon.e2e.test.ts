import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { adminToken, api, drawnPng, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, allowConsoleErrors, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad } from './support/flows.js';
import { expectToast, expectVisible, settled } from './support/ui.js';
import { shot } from './support/shots.js';

/**
 * A coupon in the browser: the shop makes one (through the API), a shopper types a wrong code and
 * reads why, applies the right one in any case, sees Subtotal / Discount / Delivery / Total in
 * checkout, places a cash-on-delivery order and finds the discount in the order and, once the shop
 * has confirmed it, on the tax invoice. In English at 390 px and in Nepali on a desktop; axe on
 * each. The admin's Coupons form makes a coupon with every limit, dates and a scope, and edits
 * it. With SHOTS_DIR set, each state is also saved as a picture there.
 */

const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
/** Rs. 3,000 less 10 % is Rs. 2,700: under Rs. 5,000, so Kathmandu's Rs. 100 is charged. */
const radio = { id: 0, name: `Pocket Radio ${tag}`, price: 3000 };
const code = `DASHAIN-${tag}`;
let admin = '';
let categoryId = 0;

beforeAll(async () => {
  admin = await adminToken();
  const category = await api<{ category: { id: number } }>('POST', '/api/category', {
    token: admin,
    body: { name: `Coupons ${tag}` },
  });
  expect(category.status).toBe(201);
  categoryId = category.body.category.id;
  const made = await uploadProduct(
    admin,
    { name: radio.name, description: 'A radio for the coupon test.', price: radio.price, category: `Coupons ${tag}`, stock: 20 },
    [{ png: await drawnPng('#047857'), filename: 'radio.png' }],
  );
  radio.id = made.id;
  const coupon = await api('POST', '/api/admin/coupons', {
    token: admin,
    body: { code, type: 'percent', value: 10, minSubtotal: 1000 },
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
});

type Language = 'en' | 'ne';
const DEVANAGARI = '०१२३४५६७८९';
/** Rupees as the page writes them: "Rs. 2,800" in English, "रू २,८००" in Nepali. */
const rupees = (amount: number, language: Language) => {
  const english = `Rs. ${amount.toLocaleString('en-US')}`;
  return language === 'en' ? english : english.replace('Rs.', 'रू').replace(/\d/g, (d) => DEVANAGARI[Number(d)]!);
};

const words = {
  en: {
    openCart: /^Open cart/,
    cart: 'Shopping Cart',
    checkout: 'Checkout',
    coupon: 'Coupon code',
    apply: 'Apply',
    unknown: 'This coupon code is not valid',
    applied: `Coupon ${code} applied`,
    discount: 'Discount',
    delivery: 'Delivery (Kathmandu valley)',
    total: 'Total',
    province: 'Province',
    district: 'District',
    city: 'City or Municipality',
    street: 'Street Address',
    place: 'Place Order',
    orderDiscount: `Discount (coupon ${code})`,
  },
  ne: {
    openCart: /^कार्ट खोल्नुहोस्/,
    cart: 'किनमेल कार्ट',
    checkout: 'चेकआउट',
    coupon: 'कुपन कोड',
    apply: 'लागू गर्नुहोस्',
    unknown: 'यो कुपन कोड मान्य छैन',
    applied: `कुपन ${code} लागू भयो`,
    discount: 'छुट',
    delivery: 'डेलिभरी शुल्क (काठमाडौं उपत्यका)',
    total: 'जम्मा',
    province: 'प्रदेश',
    district: 'जिल्ला',
    city: 'सहर वा नगरपालिका',
    street: 'ठेगाना',
    place: 'अर्डर गर्नुहोस्',
    orderDiscount: `छुट (कुपन ${code})`,
  },
} as const;

/** A verified shopper with the radio in the cart, on the checkout form of the cart drawer. */
async function openCheckout(page: Page, language: Language): Promise<{ cart: Locator; token: string; userId: number }> {
  const shopper = await loggedInBeforeLoad(page);
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: shopper.email, password: shopper.password },
  });
  const { token } = login.body;
  const added = await api('POST', '/api/cart/add-to-cart', {
    token,
    body: { userId: shopper.userId, productId: radio.id, quantity: 1 },
  });
  expect(added.status).toBe(200);
  if (language === 'ne') await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
  await page.goto('/');
  await settled(page);
  const w = words[language];
  await page.getByRole('banner').getByRole('button', { name: w.openCart }).click();
  const cart = page.getByRole('dialog', { name: w.cart });
  await expectVisible(cart.getByText(radio.name));
  await cart.getByRole('button', { name: w.checkout, exact: true }).click();
  await settled(page);
  return { cart, token, userId: shopper.userId };
}

/** The whole path: a wrong code, the right one, the summary, the order, its invoice. */
async function shopWithCoupon(page: Page, language: Language, width: string): Promise<void> {
  const w = words[language];
  // A wrong code answers 400 with its reason; the browser logs the status.
  allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 400\b/);
  const { cart, token, userId } = await openCheckout(page, language);
  const field = cart.getByLabel(w.coupon, { exact: true });

  await field.fill(`WRONG-${tag}`);
  await cart.getByRole('button', { name: w.apply, exact: true }).click();
  await expectVisible(cart.getByRole('alert').filter({ hasText: w.unknown }));
  expect(await cart.getByTestId('checkout-discount').count()).toBe(0);
  await settled(page);
  // The reason is brought into view by the page itself: the shot shows what the shopper sees.
  await shot(page, `coupon-wrong-${language}-${width}`);
  await expectNoSeriousViolations(page, `checkout with a wrong coupon code (${width}, ${language})`);

  // The right code, typed in lower case.
  await field.fill(code.toLowerCase());
  await field.press('Enter');
  await expectVisible(cart.getByTestId('coupon-applied').filter({ hasText: w.applied }));
  await cart.getByLabel(w.province, { exact: true }).selectOption('Bagmati');
  await cart.getByLabel(w.district, { exact: true }).selectOption('Kathmandu');
  await expectVisible(cart.getByTestId('checkout-delivery').filter({ hasText: rupees(100, language) }));
  expect(await cart.getByTestId('checkout-subtotal').innerText()).toBe(rupees(3000, language));
  expect(await cart.getByTestId('checkout-discount').innerText()).toBe(`−${rupees(300, language)}`);
  expect(await cart.getByTestId('checkout-total').innerText()).toBe(rupees(2800, language));
  await expectVisible(cart.getByRole('term').filter({ hasText: new RegExp(`^${w.discount}$`) }));
  await expectVisible(cart.getByText(w.delivery, { exact: true }));
  await expectVisible(cart.getByRole('term').filter({ hasText: new RegExp(`^${w.total}$`) }));
  await settled(page);
  await cart.getByTestId('checkout-total').scrollIntoViewIfNeeded();
  await shot(page, `coupon-applied-${language}-${width}`);
  await expectNoSeriousViolations(page, `checkout with a coupon applied (${width}, ${language})`);

  await cart.getByLabel(w.city, { exact: true }).fill('Kathmandu Metropolitan City');
  await cart.getByLabel(w.street, { exact: true }).fill('Baneshwor, ward 10');
  await cart.getByRole('button', { name: w.place, exact: true }).click();
  const placed = async () =>
    (await api<{ orders: Array<Record<string, unknown>> }>('GET', `/api/orders/user/${userId}`, { token })).body.orders;
  await expect.poll(async () => (await placed()).length, { timeout: 10_000 }).toBe(1);
  const [order] = await placed();
  // The server worked the discount out again: 10 % of Rs. 3,000, before the valley's Rs. 100.
  expect(order).toMatchObject({ subtotal: 3000, discount: 300, couponCode: code, deliveryFee: 100, totalAmount: 2800 });
  const orderId = String(order!.id);

  // The shopper's order shows the discount beside its code.
  await page.goto(`/account?${new URLSearchParams({ tab: 'orders', order: orderId }).toString()}`);
  // The list has a card for phones and a row for wider screens: the one on screen.
  const discount = page.locator('[data-testid="order-discount"]:visible');
  await expectVisible(discount);
  expect(await discount.innerText()).toBe(`−${rupees(300, language)}`);
  await expectVisible(page.getByText(w.orderDiscount, { exact: true }).locator('visible=true'));
  await settled(page);
  await discount.scrollIntoViewIfNeeded();
  await shot(page, `coupon-order-${language}-${width}`, true);
  await expectNoSeriousViolations(page, `an order with a coupon (${width}, ${language})`);

  // Confirmed by the shop, the sale has a tax invoice, and the invoice shows the discount.
  const confirmed = await api('PUT', `/api/orders/${orderId}/status`, { token: admin, body: { status: 'confirmed' } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  await page.goto(`/orders/${encodeURIComponent(orderId)}/invoice`);
  await expectVisible(page.getByTestId('invoice-number'));
  expect(await page.getByTestId('invoice-discount').innerText()).toBe(`−${rupees(300, language)}`);
  expect(await page.getByTestId('invoice-total').innerText()).toBe(rupees(2800, language));
  await settled(page);
  await shot(page, `coupon-invoice-${language}-${width}`, true);
  await expectNoSeriousViolations(page, `the invoice of an order with a coupon (${width}, ${language})`);
}

describe('a coupon at 390 px', () => {
  test('in English: a wrong code says why, the right one is taken off through to the invoice', async ({ page }) => {
    await shopWithCoupon(page, 'en', '390');
  });

  test('in Nepali: the same, in Devanagari', async ({ page }) => {
    await shopWithCoupon(page, 'ne', '390');
  });
});

describe('a coupon on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('in Nepali: a wrong code says why, the right one is taken off through to the invoice', async ({ page }) => {
    await shopWithCoupon(page, 'ne', 'desktop');
  });

  test('in English: the same', async ({ page }) => {
    await shopWithCoupon(page, 'en', 'desktop');
  });
});

const adminWords = {
  en: {
    sections: 'Admin sections',
    tab: 'Coupons',
    code: 'Code',
    value: 'Value',
    maxDiscount: 'Maximum discount (Rs.)',
    perCustomer: 'Uses per shopper',
    starts: 'Starts',
    ends: 'Ends',
    products: 'Product ids it covers',
    categories: 'Categories it covers',
    create: 'Create coupon',
    created: 'Coupon created',
    endBeforeStart: 'The end must be after the start',
    edit: (c: string) => `Edit coupon ${c}`,
    save: 'Save changes',
    saved: 'Coupon saved',
  },
  ne: {
    sections: 'एडमिनका भागहरू',
    tab: 'कुपनहरू',
    code: 'कोड',
    value: 'मान',
    maxDiscount: 'अधिकतम छुट (रू)',
    perCustomer: 'प्रति ग्राहक प्रयोग',
    starts: 'सुरु हुने',
    ends: 'सकिने',
    products: 'लागू हुने सामानका आईडी',
    categories: 'लागू हुने क्याटेगोरीहरू',
    create: 'कुपन बनाउनुहोस्',
    created: 'कुपन बन्यो',
    endBeforeStart: 'अन्त्य सुरुभन्दा पछि हुनुपर्छ',
    edit: (c: string) => `कुपन ${c} सम्पादन गर्नुहोस्`,
    save: 'परिवर्तन सुरक्षित गर्नुहोस्',
    saved: 'कुपन सुरक्षित भयो',
  },
} as const;

type AdminCoupon = {
  code: string;
  value: number;
  maxDiscount: number | null;
  perCustomerLimit: number | null;
  startsAt: string | null;
  endsAt: string | null;
  categoryIds: number[];
  productIds: number[];
};
async function couponByCode(wanted: string): Promise<AdminCoupon | undefined> {
  const list = await api<{ coupons: AdminCoupon[] }>('GET', '/api/admin/coupons', { token: admin });
  return list.body.coupons.find((coupon) => coupon.code === wanted);
}

/** The admin makes a Tihar coupon with every field of the form, is told a wrong end, then edits it. */
async function adminMakesAndEdits(page: Page, language: Language, width: string): Promise<void> {
  const w = adminWords[language];
  const tihar = `TIHAR-${tag}-${language.toUpperCase()}-${width.toUpperCase()}`;
  await adminLoginViaUi(page);
  if (language === 'ne') {
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
    await page.reload();
  }
  await page.getByRole('navigation', { name: w.sections }).getByRole('button', { name: w.tab, exact: true }).click();
  const form = page.locator('#coupon-form');
  await expectVisible(form.getByLabel(w.code, { exact: true }));
  await settled(page);

  await form.getByLabel(w.code, { exact: true }).fill(tihar.toLowerCase());
  await form.getByLabel(w.value, { exact: true }).fill('15');
  await form.getByLabel(w.maxDiscount, { exact: true }).fill('200');
  await form.getByLabel(w.perCustomer, { exact: true }).fill('1');
  await form.getByRole('group', { name: w.categories }).getByLabel(`Coupons ${tag}`, { exact: true }).check();
  await form.getByLabel(w.products, { exact: true }).fill(String(radio.id));
  // The end before the start: refused, and said under the end.
  await form.getByLabel(w.starts, { exact: true }).fill('2026-10-20T09:00');
  await form.getByLabel(w.ends, { exact: true }).fill('2026-10-10T09:00');
  await form.getByRole('button', { name: w.create, exact: true }).click();
  await expectVisible(form.getByText(w.endBeforeStart, { exact: true }));
  expect(await couponByCode(tihar)).toBeUndefined();
  await settled(page);
  await shot(page, `coupon-admin-error-${language}-${width}`, true);
  await expectNoSeriousViolations(page, `the coupon form with an error (${width}, ${language})`);

  await form.getByLabel(w.ends, { exact: true }).fill('2026-11-05T23:59');
  await form.getByRole('button', { name: w.create, exact: true }).click();
  await expectToast(page, w.created);
  // The page's clock is Nepal's (UTC+5:45): 09:00 there is 03:15 UTC.
  expect(await couponByCode(tihar)).toMatchObject({
    value: 15,
    maxDiscount: 200,
    perCustomerLimit: 1,
    startsAt: '2026-10-20T03:15:00.000Z',
    endsAt: '2026-11-05T18:14:00.000Z',
    categoryIds: [categoryId],
    productIds: [radio.id],
  });

  // Edit: the form is filled with the coupon; 20 % and no category, the rest kept.
  await page.getByRole('button', { name: w.edit(tihar), exact: true }).click();
  expect(await form.getByLabel(w.value, { exact: true }).inputValue()).toBe('15');
  expect(await form.getByLabel(w.starts, { exact: true }).inputValue()).toBe('2026-10-20T09:00');
  await form.getByLabel(w.value, { exact: true }).fill('20');
  await form.getByRole('group', { name: w.categories }).getByLabel(`Coupons ${tag}`, { exact: true }).uncheck();
  await settled(page);
  await shot(page, `coupon-admin-edit-${language}-${width}`, true);
  await expectNoSeriousViolations(page, `the coupon form editing (${width}, ${language})`);
  await form.getByRole('button', { name: w.save, exact: true }).click();
  await expectToast(page, w.saved);
  expect(await couponByCode(tihar)).toMatchObject({
    value: 20,
    maxDiscount: 200,
    perCustomerLimit: 1,
    startsAt: '2026-10-20T03:15:00.000Z',
    categoryIds: [],
    productIds: [radio.id],
  });
  await expectVisible(form.getByRole('button', { name: w.create, exact: true }));
}

describe('the admin’s coupon form', () => {
  test('in Nepali at 390 px: every field, a wrong end said, then an edit', async ({ page }) => {
    allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 400\b/);
    await adminMakesAndEdits(page, 'ne', '390');
  });

  describe('on a desktop', () => {
    test.override({ viewport: DESKTOP });

    test('in English: every field, a wrong end said, then an edit', async ({ page }) => {
      allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 400\b/);
      await adminMakesAndEdits(page, 'en', 'desktop');
    });
  });
});
