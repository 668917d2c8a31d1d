import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { type Shopper, adminToken, api, drawnPng, placeCodOrder, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { beforeAll, describe, expect, workerShop, test } from './support/fixtures.js';
import { openAccountTab } from './support/flows.js';
import { expectVisible } from './support/ui.js';

/**
 * A void invoice in the browser, on a phone (390 px) in English and in Nepali: a cash-on-delivery
 * order confirmed by the shop (its sale: the invoice number) and then cancelled shows its invoice
 * stamped VOID / रद्द with the taxable amount, VAT and total on their own lines, and the credit note
 * below it; an order cancelled before the sale has no tax invoice and no "Invoice" link. axe on each.
 * Screenshots go to E2E_SHOTS when it is set.
 */

const tag = crypto.randomBytes(3).toString('hex');
const product = { id: 0, name: `Void Invoice Speaker ${tag}`, price: 3390 };
let shopper: Shopper;
let voided = '';
let neverSold = '';

const delivery = {
  province: 'Bagmati',
  district: 'Kathmandu',
  city: 'Kathmandu',
  address: 'Baneshwor, ward 10',
  landmark: 'Near the stadium',
};

async function setStatus(token: string, orderId: string, status: string): Promise<void> {
  const res = await api('PUT', `/api/orders/${orderId}/status`, { token, body: { status, reason: 'Customer asked' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The shopper's token in local storage before the first load (and Nepali when asked). */
async function asShopper(page: Page, language: 'en' | 'ne'): Promise<void> {
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: shopper.email, password: shopper.password },
  });
  expect(login.status).toBe(200);
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), ['pasal.token', login.body.token] as const);
  if (language === 'ne') await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  const admin = await adminToken();
  const category = await api('POST', '/api/category', { token: admin, body: { name: `Invoices ${tag}` } });
  expect(category.status).toBe(201);
  const created = await uploadProduct(
    admin,
    {
      name: product.name,
      description: `${product.name}: checked by the void invoice test.`,
      price: product.price,
      category: `Invoices ${tag}`,
      stock: 10,
    },
    [{ png: await drawnPng('#0ea5e9', 300, 300), filename: 'speaker.png' }],
  );
  product.id = created.id;
  shopper = await registerVerifiedShopper();
  voided = await placeCodOrder(shopper, [[product, 1]], delivery);
  await setStatus(admin, voided, 'confirmed');
  await setStatus(admin, voided, 'cancelled');
  neverSold = await placeCodOrder(shopper, [[product, 1]], delivery);
  await setStatus(admin, neverSold, 'cancelled');
});

describe('a void invoice at 390 px', () => {
  test('in English: VOID, the tax lines, the credit note; no invoice for an order cancelled before the sale', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asShopper(page, 'en');
    await page.goto(`/orders/${encodeURIComponent(voided)}/invoice`);
    await expectVisible(page.getByRole('heading', { name: 'Tax Invoice' }));
    expect(await page.getByTestId('invoice-void').innerText()).toBe('VOID');
    expect(await page.getByTestId('invoice-number').innerText()).toMatch(/^PSL-\d{6}$/);
    // 3,390 with delivery 100 (valley): 3,490 in all, of which 13 % VAT is 401.50 on 3,088.50.
    expect(await page.getByTestId('invoice-total').innerText()).toBe('Rs. 3,490');
    expect(await page.getByTestId('invoice-vat').innerText()).toBe('Rs. 401.50');
    expect(await page.getByTestId('invoice-taxable').innerText()).toBe('Rs. 3,088.50');
    await expectVisible(page.getByRole('heading', { name: 'Credit Note' }));
    expect(await page.getByTestId('credit-note-number').innerText()).toMatch(/^CN-\d{6}$/);
    expect(await page.getByTestId('credit-note-total').innerText()).toBe('Rs. 3,490');
    // The page fits the phone: nothing wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, 'void invoice (390 px, English)');
    await shot(page, 'void-invoice-390-en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'void-invoice-desktop-en');
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/orders/${encodeURIComponent(neverSold)}/invoice`);
    await expectVisible(page.getByRole('heading', { name: 'No tax invoice' }));
    expect(await page.getByTestId('invoice-number').count()).toBe(0);
    expect(await page.getByTestId('invoice-total').count()).toBe(0);
    await expectNoSeriousViolations(page, 'no invoice (390 px, English)');
    await shot(page, 'no-invoice-390-en');

    // The Orders tab offers the invoice of the voided sale only.
    await page.goto('/account?tab=orders');
    await openAccountTab(page, 'Orders');
    const viewItems = page.getByRole('button', { name: 'View Items' }).filter({ visible: true });
    await expect.poll(() => viewItems.count()).toBe(2);
    const linkTo = (id: string) => page.locator(`a[href="/orders/${encodeURIComponent(id)}/invoice"]`);
    // The newest (cancelled before the sale) first: open, it offers no invoice.
    await viewItems.first().click();
    await expectVisible(page.getByRole('button', { name: 'Hide Items' }).filter({ visible: true }).first());
    expect(await linkTo(neverSold).count()).toBe(0);
    // The voided sale offers its invoice (VOID, with the credit note).
    await viewItems.first().click();
    await expectVisible(linkTo(voided).filter({ visible: true }).first());
    expect(await linkTo(neverSold).count()).toBe(0);
    await shot(page, 'orders-tab-390-en');
  });

  test('in Nepali: रद्द and the credit note', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asShopper(page, 'ne');
    await page.goto(`/orders/${encodeURIComponent(voided)}/invoice`);
    await expectVisible(page.getByRole('heading', { name: 'कर बीजक' }));
    expect(await page.getByTestId('invoice-void').innerText()).toBe('रद्द');
    await expectVisible(page.getByRole('heading', { name: 'क्रेडिट नोट' }));
    expect(await page.getByTestId('credit-note-number').innerText()).toMatch(/^CN-\d{6}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, 'void invoice (390 px, Nepali)');
    await shot(page, 'void-invoice-390-ne');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'void-invoice-desktop-ne');
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/orders/${encodeURIComponent(neverSold)}/invoice`);
    await expectVisible(page.getByRole('heading', { name: 'कर बीजक छैन' }));
    await expectNoSeriousViolations(page, 'no invoice (390 px, Nepali)');
    await shot(page, 'no-invoice-390-ne');
  });
});
