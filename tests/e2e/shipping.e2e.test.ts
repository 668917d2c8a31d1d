import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { formatOrderId } from '../../src/shared/orders.js';
import { adminToken, api, drawnPng, placeCodOrder, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { setOrderState } from './support/db.js';
import { DESKTOP, allowConsoleErrors, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad } from './support/flows.js';
import { shot } from './support/shots.js';
import { expectToast, expectVisible, settled } from './support/ui.js';

/**
 * A shipped order at 390 px: the shopper opens it and sees the courier with a tracking link and
 * each unit's serial with the day its warranty ends (Bikram Sambat and AD), in English and
 * Nepali; the tax invoice prints the serials. axe on each; with SHOTS_DIR set, pictures.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Phones ${tag}`;
let admin = '';
let courierId = 0;

beforeAll(async () => {
  admin = await adminToken();
  const made = await api<{ id?: number; category?: { id: number } }>('POST', '/api/category', {
    token: admin,
    body: { name: category },
  });
  expect(made.status).toBe(201);
  const courier = await api<{ courier: { id: number } }>('POST', '/api/admin/couriers', {
    token: admin,
    body: { name: `Pathao Parcel ${tag}`, trackingUrl: 'https://track.example.np/parcel?n={tracking}' },
  });
  expect(courier.status).toBe(201);
  courierId = courier.body.courier.id;
});

type Language = 'en' | 'ne';

/** A logged-in shopper's cash order of two phones, shipped by the admin with their IMEIs. */
async function shippedOrder(page: Page, name: string): Promise<string> {
  const product = await uploadProduct(
    admin,
    { name, description: 'A phone for the serials test.', price: 30000, category, stock: 20 },
    [{ png: await drawnPng('#1d4ed8'), filename: 'phone.png' }],
  );
  expect(
    (await api('PUT', `/api/admin/couriers/products/${product.id}`, { token: admin, body: { warrantyMonths: 12 } })).status,
  ).toBe(200);
  const shopper = await loggedInBeforeLoad(page);
  const orderId = await placeCodOrder(shopper, [[{ id: product.id, price: 30000 }, 2]], {
    province: 'Bagmati',
    district: 'Kathmandu',
    city: 'Kathmandu',
    address: 'Baneshwor',
    landmark: '',
  });
  setOrderState(orderId, 'confirmed', 'unpaid');
  const lines = await api<{ order: { orderItems: { id: number }[] } }>('GET', `/api/orders/${orderId}`, { token: admin });
  const shipped = await api('PUT', `/api/orders/${orderId}/status`, {
    token: admin,
    body: {
      status: 'shipped',
      courier: courierId,
      trackingNumber: `PTH-${tag}`,
      serials: [{ orderItemId: lines.body.order.orderItems[0]!.id, serials: [`IMEI35${tag}01`, `IMEI35${tag}02`] }],
    },
  });
  expect(shipped.status).toBe(200);
  return orderId;
}

const words = {
  en: {
    view: 'View Items',
    title: 'Shipping and warranty',
    track: `Track parcel PTH-${tag}`,
    warranty: /Warranty until \d{4}-\d{2}-\d{2} BS/,
  },
  ne: {
    view: 'सामान हेर्नुहोस्',
    title: 'ढुवानी र वारेन्टी',
    track: `पार्सल PTH-${tag} ट्र्याक गर्नुहोस्`,
    warranty: /वारेन्टी वि\.सं\. [०-९]{4}-/,
  },
} as const;

async function seesShipment(page: Page, orderId: string, language: Language): Promise<void> {
  const w = words[language];
  await page.context().addCookies([{ name: 'pasal_lang', value: language, url: workerShop().baseUrl }]);
  await page.goto('/account?tab=orders');
  const card = page.getByTestId('order-card').filter({ hasText: formatOrderId(orderId) });
  await expectVisible(card);
  await card.getByRole('button', { name: w.view }).click();
  const shipment = card.getByTestId('order-shipment');
  await expectVisible(shipment.getByRole('heading', { name: w.title }));
  const link = shipment.getByRole('link', { name: w.track });
  await expectVisible(link);
  expect(await link.getAttribute('href')).toBe(`https://track.example.np/parcel?n=PTH-${tag}`);
  await expectVisible(shipment.getByText(`IMEI35${tag}01`, { exact: false }));
  await expectVisible(shipment.getByText(`IMEI35${tag}02`, { exact: false }));
  await expectVisible(shipment.getByText(w.warranty).first());
  await settled(page);
  await shipment.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shot(page, `shipping-order-${language}-390`);
  await expectNoSeriousViolations(page, `a shipped order (390, ${language})`);

  await page.goto(`/orders/${orderId}/invoice`);
  const serials = page.getByTestId('invoice-serials');
  await expectVisible(serials);
  expect(await serials.textContent()).toContain(`IMEI35${tag}01, IMEI35${tag}02`);
  await settled(page);
  await shot(page, `shipping-invoice-${language}-390`);
  await expectNoSeriousViolations(page, `the invoice with serials (390, ${language})`);
}

describe('couriers and serials at 390 px', () => {
  test('in English: the shopper sees the courier, the tracking link and each unit’s warranty', async ({ page }) => {
    await seesShipment(page, await shippedOrder(page, `Phone EN ${tag}`), 'en');
  });
  test('in Nepali: the shopper sees the courier, the tracking link and each unit’s warranty', async ({ page }) => {
    await seesShipment(page, await shippedOrder(page, `Phone NE ${tag}`), 'ne');
  });
});

describe('couriers on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('the owner adds a courier in the Delivery tab; a bad tracking address is refused', async ({ page }) => {
    // The refused address is the server's 400, which the browser logs.
    allowConsoleErrors(page, /status of 400\b/);
    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Delivery', exact: true }).click();
    const panel = page.getByTestId('couriers');
    await expectVisible(panel.getByRole('heading', { name: 'Couriers' }));
    await panel.getByLabel('Courier name').fill(`Aramex ${tag}`);
    await panel.getByLabel('Tracking address').fill('https://aramex.example.np/');
    await panel.getByRole('button', { name: 'Add courier' }).click();
    await expectVisible(panel.getByRole('alert'));
    await panel.getByLabel('Tracking address').fill('https://aramex.example.np/track/{tracking}');
    await panel.getByRole('button', { name: 'Add courier' }).click();
    await expectToast(page, 'Courier added.');
    await expectVisible(panel.getByText(`Aramex ${tag}`, { exact: true }));
    await settled(page);
    await shot(page, 'shipping-couriers-en-desktop');
    await expectNoSeriousViolations(page, 'the couriers (desktop)');
  });
});
