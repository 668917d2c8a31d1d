import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { formatOrderId } from '../../src/shared/orders.js';
import { adminToken, api, drawnPng, placeCodOrder, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { backdateDelivery, setOrderState } from './support/db.js';
import { DESKTOP, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad } from './support/flows.js';
import { shot } from './support/shots.js';
import { expectToast, expectVisible, settled } from './support/ui.js';

/**
 * A return in the browser: at 390 px a shopper opens a delivered order, asks to return a unit
 * (reason, note, a photo) and sees it as requested, in English and Nepali; on a desktop the admin
 * takes it from the request to the refund in the Returns tab. axe on each state; with SHOTS_DIR
 * set each state is saved as a picture.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Returns ${tag}`;
let admin = '';

beforeAll(async () => {
  admin = await adminToken();
  const made = await api('POST', '/api/category', { token: admin, body: { name: category } });
  expect(made.status).toBe(201);
});

type Language = 'en' | 'ne';
const setLanguage = (page: Page, language: Language) =>
  page.context().addCookies([{ name: 'pasal_lang', value: language, url: workerShop().baseUrl }]);

/** A logged-in shopper with a delivered, paid cash order of two units of a product of its own. */
async function deliveredOrder(page: Page, name: string): Promise<{ orderId: string; token: string; userId: number }> {
  const product = await uploadProduct(
    admin,
    { name, description: 'A router for the returns test.', price: 3000, category, stock: 20 },
    [{ png: await drawnPng('#0f766e'), filename: 'router.png' }],
  );
  const shopper = await loggedInBeforeLoad(page);
  const orderId = await placeCodOrder(shopper, [[{ id: product.id, price: 3000 }, 2]], {
    province: 'Bagmati',
    district: 'Kathmandu',
    city: 'Kathmandu',
    address: 'Baneshwor',
    landmark: '',
  });
  setOrderState(orderId, 'delivered', 'paid');
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: shopper.email, password: shopper.password },
  });
  return { orderId, token: login.body.token, userId: shopper.userId };
}

const words = {
  en: {
    view: 'View Items',
    start: 'Return items',
    reason: 'Reason',
    note: 'Note',
    send: 'Request return',
    sent: 'Return requested. We will write to you.',
    requested: 'Requested',
    damaged: 'Damaged',
  },
  ne: {
    view: 'सामान हेर्नुहोस्',
    start: 'सामान फिर्ता गर्नुहोस्',
    reason: 'कारण',
    note: 'टिप्पणी',
    send: 'फिर्ता माग्नुहोस्',
    sent: 'फिर्ता माग गरियो। हामी तपाईंलाई जानकारी दिनेछौं।',
    requested: 'माग गरिएको',
    damaged: 'बिग्रिएको',
  },
} as const;

async function requestReturn(page: Page, orderId: string, language: Language): Promise<void> {
  const w = words[language];
  await setLanguage(page, language);
  await page.goto('/account?tab=orders');
  const card = page.getByTestId('order-card').filter({ hasText: formatOrderId(orderId) });
  await expectVisible(card);
  await card.getByRole('button', { name: w.view }).click();
  const returns = card.getByTestId('order-returns');
  await expectVisible(returns);
  await returns.getByRole('button', { name: w.start }).click();
  await returns.locator('select').first().selectOption('1');
  await returns.getByLabel(w.reason, { exact: true }).selectOption('damaged');
  await returns.getByLabel(w.note, { exact: true }).fill('The power light does not come on <b>');
  await returns.locator('input[type=file]').setInputFiles({
    name: 'router.png',
    mimeType: 'image/png',
    buffer: Buffer.from(await drawnPng('#b91c1c', 300, 200)),
  });
  await settled(page);
  await returns.scrollIntoViewIfNeeded();
  await shot(page, `returns-form-${language}-390`);
  await expectNoSeriousViolations(page, `the return form (390, ${language})`);
  await returns.getByRole('button', { name: w.send, exact: true }).click();
  await expectToast(page, w.sent);
  const asked = returns.locator('li[data-testid^="order-return-"]');
  await expectVisible(asked.getByText(w.requested, { exact: true }));
  await expectVisible(asked.getByText(w.damaged, { exact: false }));
  await settled(page);
  await returns.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shot(page, `returns-requested-${language}-390`);
  await expectNoSeriousViolations(page, `a requested return (390, ${language})`);
}

describe('returns at 390 px', () => {
  test('in English: a shopper asks to return a unit of a delivered order', async ({ page }) => {
    await requestReturn(page, (await deliveredOrder(page, `Router EN ${tag}`)).orderId, 'en');
  });
  test('in Nepali: a shopper asks to return a unit of a delivered order', async ({ page }) => {
    await requestReturn(page, (await deliveredOrder(page, `Router NE ${tag}`)).orderId, 'ne');
  });
});

describe('warranty at 390 px', () => {
  test('a unit past its return window: the shopper opens a claim and sees it, in English and Nepali', async ({ page }) => {
    const { orderId } = await deliveredOrder(page, `Router Warranty ${tag}`);
    backdateDelivery(orderId, 30 * 24 * 60 * 60 * 1000, 12);
    await setLanguage(page, 'en');
    await page.goto('/account?tab=orders');
    const card = page.getByTestId('order-card').filter({ hasText: formatOrderId(orderId) });
    await expectVisible(card);
    await card.getByRole('button', { name: 'View Items' }).click();
    const warranty = card.getByTestId('order-warranty');
    await expectVisible(warranty);
    await warranty.getByRole('button', { name: /^Claim warranty for / }).click();
    await warranty.getByLabel('What is wrong with it?').fill('The router restarts every few minutes.');
    await settled(page);
    await warranty.scrollIntoViewIfNeeded();
    await shot(page, 'warranty-form-en-390');
    await expectNoSeriousViolations(page, 'the warranty claim form (390, en)');
    await warranty.getByRole('button', { name: 'Open claim', exact: true }).click();
    await expectToast(page, 'Warranty claim opened. We will write to you at each step.');
    await expectVisible(warranty.locator('li[data-testid^="order-claim-"]').getByText('Opened', { exact: true }));
    await setLanguage(page, 'ne');
    await page.reload();
    const again = page.getByTestId('order-card').filter({ hasText: formatOrderId(orderId) });
    await again.getByRole('button', { name: 'सामान हेर्नुहोस्' }).click();
    await expectVisible(again.getByTestId('order-warranty').getByText('खोलियो', { exact: true }));
    await settled(page);
    await again.getByTestId('order-warranty').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot(page, 'warranty-opened-ne-390');
    await expectNoSeriousViolations(page, 'an opened warranty claim (390, ne)');
  });
});

describe('returns on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('the admin moves a warranty claim in the Warranty tab', async ({ page }) => {
    const { orderId, token, userId } = await deliveredOrder(page, `Router Claim ${tag}`);
    backdateDelivery(orderId, 30 * 24 * 60 * 60 * 1000, 12);
    const lines = await api<{ order: { orderItems: { id: number }[] } }>('GET', `/api/orders/${orderId}`, { token: admin });
    const opened = await api<{ claim: { id: number } }>('POST', `/api/orders/user/${userId}/order/${orderId}/warranty-claims`, {
      token,
      body: { orderItemId: lines.body.order.orderItems[0]!.id, issue: 'Wi-Fi drops every evening.' },
    });
    expect(opened.status).toBe(201);
    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Warranty', exact: true }).click();
    const item = page.getByTestId(`admin-claim-${opened.body.claim.id}`);
    await expectVisible(item);
    await settled(page);
    await shot(page, 'warranty-admin-en-1280');
    await expectNoSeriousViolations(page, 'the admin Warranty tab (1280, en)');
    await item.getByRole('button', { name: 'Mark received', exact: true }).click();
    await expectToast(page, 'Claim updated. The shopper has been told.');
    await page.getByRole('group', { name: 'Show claims' }).getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => item.getByTestId('claim-status').innerText()).toBe('Received by the shop');
    await expectVisible(item.getByRole('button', { name: 'Sent to service centre', exact: true }));
  });

  test('the admin takes a return from the request to the refund', async ({ page }) => {
    const { orderId, token, userId } = await deliveredOrder(page, `Router Admin ${tag}`);
    const lines = await api<{ order: { orderItems: { id: number }[] } }>('GET', `/api/orders/${orderId}`, { token: admin });
    const asked = await api<{ return: { id: number } }>('POST', `/api/orders/user/${userId}/order/${orderId}/returns`, {
      token,
      body: {
        items: [{ orderItemId: lines.body.order.orderItems[0]!.id, quantity: 1 }],
        reason: 'wrong_item',
        note: 'Ordered the white one',
      },
    });
    expect(asked.status).toBe(201);

    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Returns', exact: true }).click();
    await page.getByRole('group', { name: 'Show returns' }).getByRole('button', { name: 'All', exact: true }).click();
    const item = page.getByTestId(`admin-return-${asked.body.return.id}`);
    await expectVisible(item);
    await settled(page);
    await shot(page, 'returns-admin-en-1280');
    await expectNoSeriousViolations(page, 'the admin Returns tab (1280, en)');
    const status = item.getByTestId('return-status');
    for (const [button, after] of [
      ['Approve', 'Approved'],
      ['Mark goods received', 'Received'],
      ['Settle by refund', 'Refund due'],
      ['Mark refunded', 'Refunded'],
    ] as const) {
      await item.getByRole('button', { name: button, exact: true }).click();
      await expectToast(page, 'Return updated; the customer is mailed.');
      await expect.poll(() => status.innerText()).toBe(after);
    }
    // The same tab in Nepali.
    await setLanguage(page, 'ne');
    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: 'फिर्ता', exact: true }).first().click();
    await page.getByRole('button', { name: 'सबै', exact: true }).click();
    await expect
      .poll(() => page.getByTestId(`admin-return-${asked.body.return.id}`).getByTestId('return-status').innerText())
      .toBe('पैसा फिर्ता भयो');
    await settled(page);
    await shot(page, 'returns-admin-ne-1280');
    await expectNoSeriousViolations(page, 'the admin Returns tab (1280, ne)');
  });
});
