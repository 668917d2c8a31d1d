import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, placeCodOrder, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad } from './support/flows.js';
import { expectToast, expectVisible, settled } from './support/ui.js';
import { shot } from './support/shots.js';

/**
 * Delivery by district on a desktop: the owner edits a district in the Delivery tab (English, then
 * the table in Nepali); a shopper whose saved address is there sees its fee, days and that cash on
 * delivery is not offered on the product page. axe on each state.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Districts ${tag}`;
const DESKTOP = { width: 1280, height: 900 };
let admin = '';

beforeAll(async () => {
  admin = await adminToken();
  expect((await api('POST', '/api/category', { token: admin, body: { name: category } })).status).toBe(201);
});

const setLanguage = (page: Page, language: 'en' | 'ne') =>
  page.context().addCookies([{ name: 'pasal_lang', value: language, url: workerShop().baseUrl }]);

describe('delivery by district on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test("the owner's district table in English and Nepali; the product page tells the saved district's terms", async ({
    page,
  }) => {
    const product = await uploadProduct(
      admin,
      { name: `Kettle ${tag}`, description: 'A kettle for the district test.', price: 1800, category, stock: 20 },
      [{ png: await drawnPng('#7c3aed'), filename: 'kettle.png' }],
    );
    // The shopper's saved address: an earlier order to Humla, while cash on delivery was offered there.
    const shopper = await loggedInBeforeLoad(page);
    await placeCodOrder(shopper, [[{ id: product.id, price: 1800 }, 1]], {
      province: 'Karnali',
      district: 'Humla',
      city: 'Simkot',
      address: 'Bazaar',
      landmark: '',
    });

    await setLanguage(page, 'en');
    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Delivery', exact: true }).click();
    const row = page.getByTestId('district-Humla');
    await expectVisible(row.getByText('Shop default'));
    await row.getByLabel('Delivery fee for Humla').fill('650');
    await row.getByLabel('Fewest days to Humla').fill('7');
    await row.getByLabel('Most days to Humla').fill('12');
    await row.getByLabel('Cash on delivery in Humla').uncheck();
    await row.getByRole('button', { name: 'Save Humla' }).click();
    await expectToast(page, 'Saved Humla');
    await expect.poll(async () => row.getByText('Shop default').count()).toBe(0);
    // A bad value is refused in words on its row.
    const other = page.getByTestId('district-Dolpa');
    await other.getByLabel('Most days to Dolpa').fill('0');
    await other.getByRole('button', { name: 'Save Dolpa' }).click();
    await expectVisible(other.getByRole('alert'));
    await row.scrollIntoViewIfNeeded();
    await settled(page);
    await shot(page, 'delivery-admin-en-1280');
    await expectNoSeriousViolations(page, 'the owner district table (1280, en)');

    await setLanguage(page, 'ne');
    await page.reload();
    const nepaliRow = page.getByTestId('district-Humla');
    await expectVisible(nepaliRow.getByRole('rowheader', { name: /हुम्ला/ }));
    expect(await nepaliRow.getByLabel('हुम्ला को डेलिभरी शुल्क').inputValue()).toBe('650');
    await nepaliRow.scrollIntoViewIfNeeded();
    await settled(page);
    await shot(page, 'delivery-admin-ne-1280');
    await expectNoSeriousViolations(page, 'the owner district table (1280, ne)');

    // The shopper's product page: Humla's fee and days, and no cash on delivery there.
    for (const language of ['en', 'ne'] as const) {
      await setLanguage(page, language);
      await page.goto(`/products/${product.id}`);
      await expectVisible(page.getByTestId('delivery-district'));
      const estimate = await page.getByTestId('delivery-estimate').innerText();
      expect(estimate).toMatch(language === 'en' ? /650.*7–12 days/ : /६५०.*७–१२/);
      await expectVisible(page.getByTestId('delivery-no-cod'));
      await settled(page);
      await shot(page, `delivery-product-${language}-1280`);
      await expectNoSeriousViolations(page, `the product page's district delivery (1280, ${language})`);
    }
    // Checkout to Humla with cash on delivery is refused by the server.
    const login = await api<{ token: string }>('POST', '/api/users/login', {
      body: { emailOrPhone: shopper.email, password: shopper.password },
    });
    await api('POST', '/api/cart/add-to-cart', {
      token: login.body.token,
      body: { userId: shopper.userId, productId: product.id, quantity: 1 },
    });
    const refused = await api<{ message: string }>('POST', '/api/orders/create', {
      token: login.body.token,
      body: {
        userId: shopper.userId,
        totalAmount: 1800,
        cartItems: [],
        fullName: 'Sita Sharma',
        phone: '9841234567',
        province: 'Karnali',
        district: 'Humla',
        city: 'Simkot',
        address: 'Bazaar',
        landmark: '',
        paymentMethod: 'cod',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Cash on delivery is not offered in Humla. Please pay with eSewa or Khalti.');
  });
});
