import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { adminToken, api, drawnPng, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, beforeAll, describe, expect, workerShop, test } from './support/fixtures.js';
import { loggedInBeforeLoad } from './support/flows.js';
import { expectVisible } from './support/ui.js';
import { shot } from './support/shots.js';

/**
 * The district in checkout: a select of the chosen province's districts, named in the
 * page's language; another province clears it; the delivery line follows it (the valley's charge
 * for Kathmandu, written काठमाडौं in Nepali), and the order stores the district's English name.
 * With SHOTS_DIR set, each state is also saved as a picture there.
 */

const tag = crypto.randomBytes(3).toString('hex');
/** Under Rs. 5,000 (the free delivery threshold), so the district decides the charge. */
const lamp = { id: 0, name: `Desk Lamp ${tag}`, price: 1500 };

beforeAll(async () => {
  const token = await adminToken();
  expect((await api('POST', '/api/category', { token, body: { name: `District ${tag}` } })).status).toBe(201);
  const made = await uploadProduct(
    token,
    { name: lamp.name, description: 'A lamp for the checkout district test.', price: lamp.price, category: `District ${tag}` },
    [{ png: await drawnPng('#b45309'), filename: 'lamp.png' }],
  );
  lamp.id = made.id;
});

/** A verified shopper with the lamp in the cart, on the checkout form of the cart drawer. */
async function openCheckout(page: Page, language: 'en' | 'ne'): Promise<{ cart: Locator; token: string; userId: number }> {
  const shopper = await loggedInBeforeLoad(page);
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: shopper.email, password: shopper.password },
  });
  const { token } = login.body;
  const added = await api('POST', '/api/cart/add-to-cart', {
    token,
    body: { userId: shopper.userId, productId: lamp.id, quantity: 1 },
  });
  expect(added.status).toBe(200);
  if (language === 'ne') await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
  await page.goto('/');
  const ne = language === 'ne';
  await page
    .getByRole('banner')
    .getByRole('button', { name: ne ? /^कार्ट खोल्नुहोस्/ : /^Open cart/ })
    .click();
  const cart = page.getByRole('dialog', { name: ne ? 'किनमेल कार्ट' : 'Shopping Cart' });
  await expectVisible(cart.getByText(lamp.name));
  await cart.getByRole('button', { name: ne ? 'चेकआउट' : 'Checkout', exact: true }).click();
  await expectVisible(cart.getByRole('heading', { name: ne ? 'डेलिभरी विवरण' : 'Delivery details' }));
  return { cart, token, userId: shopper.userId };
}

const optionTexts = (select: Locator) => select.locator('option').allTextContents();

describe('the district select in checkout', () => {
  test('in English at 390 px: the province’s districts, cleared by another province, the charge follows', async ({ page }) => {
    const { cart, token, userId } = await openCheckout(page, 'en');
    const province = cart.getByLabel('Province');
    const district = cart.getByLabel('District', { exact: true });
    const delivery = cart.getByTestId('checkout-delivery');
    // No province yet: nothing to choose from.
    expect(await district.isDisabled()).toBe(true);
    expect(await optionTexts(district)).toEqual(['Choose the province first']);

    await province.selectOption('Sudurpashchim');
    expect(await district.isEnabled()).toBe(true);
    const farWest = await optionTexts(district);
    expect(farWest).toEqual([
      'Choose a district',
      'Achham',
      'Baitadi',
      'Bajhang',
      'Bajura',
      'Dadeldhura',
      'Darchula',
      'Doti',
      'Kailali',
      'Kanchanpur',
    ]);
    // Lalitpur is not a district of Sudurpashchim: it cannot be chosen there.
    expect(farWest).not.toContain('Lalitpur');

    await province.selectOption('Bagmati');
    expect(await optionTexts(district)).toHaveLength(14);
    await district.selectOption('Kathmandu');
    await expectVisible(delivery.filter({ hasText: 'Rs. 100' }));
    await expectVisible(cart.getByText('Delivery (Kathmandu valley)', { exact: true }));
    expect(await cart.getByTestId('checkout-total').innerText()).toBe('Rs. 1,600');
    await district.scrollIntoViewIfNeeded();
    await shot(page, 'checkout-district-en-390');
    await expectNoSeriousViolations(page, 'checkout with the district select (phone, English)');

    // Another province: its district is chosen again, and the charge waits for it.
    await province.selectOption('Gandaki');
    expect(await district.inputValue()).toBe('');
    await expectVisible(delivery.filter({ hasText: 'Choose your district' }));
    await district.selectOption('Kaski');
    await expectVisible(delivery.filter({ hasText: 'Rs. 200' }));
    expect(await cart.getByTestId('checkout-total').innerText()).toBe('Rs. 1,700');

    await cart.getByLabel('City or Municipality').fill('Pokhara Metropolitan City');
    await cart.getByLabel('Street Address').fill('Lakeside, ward 6');
    await cart.getByRole('button', { name: 'Place Order' }).click();
    await expectVisible(cart.getByText('Thank you for your order!'));
    const orders = await api<{ orders: Array<Record<string, unknown>> }>('GET', `/api/orders/user/${userId}`, { token });
    expect(orders.body.orders[0]).toMatchObject({ province: 'Gandaki', district: 'Kaski', deliveryFee: 200, totalAmount: 1700 });
  });

  test('in Nepali at 390 px: the districts in Devanagari, काठमाडौं charged the valley’s fee', async ({ page }) => {
    const { cart, token, userId } = await openCheckout(page, 'ne');
    const district = cart.getByLabel('जिल्ला', { exact: true });
    expect(await optionTexts(district)).toEqual(['पहिले प्रदेश छान्नुहोस्']);
    await cart.getByLabel('प्रदेश', { exact: true }).selectOption('Bagmati');
    const names = await optionTexts(district);
    expect(names[0]).toBe('जिल्ला छान्नुहोस्');
    expect(names).toHaveLength(14);
    expect(names).toEqual(expect.arrayContaining(['काठमाडौं', 'ललितपुर', 'भक्तपुर', 'चितवन']));
    for (const name of names) expect(name).toMatch(/^[\u0900-\u097f ]+$/);
    await district.selectOption({ label: 'काठमाडौं' });
    expect(await district.inputValue()).toBe('Kathmandu');
    await expectVisible(cart.getByTestId('checkout-delivery').filter({ hasText: 'रू १००' }));
    await expectVisible(cart.getByText('डेलिभरी शुल्क (काठमाडौं उपत्यका)', { exact: true }));
    await district.scrollIntoViewIfNeeded();
    await shot(page, 'checkout-district-ne-390');
    await expectNoSeriousViolations(page, 'checkout with the district select (phone, Nepali)');

    await cart.getByLabel('सहर वा नगरपालिका').fill('काठमाडौं महानगरपालिका');
    await cart.getByLabel('ठेगाना', { exact: true }).fill('बानेश्वर, वडा १०');
    await cart.getByRole('button', { name: 'अर्डर गर्नुहोस्' }).click();
    const placed = async () =>
      (await api<{ orders: Array<Record<string, unknown>> }>('GET', `/api/orders/user/${userId}`, { token })).body.orders;
    await expect.poll(async () => (await placed()).length, { timeout: 10_000 }).toBe(1);
    // Baneshwor is in the valley: Rs. 100, stored as Kathmandu.
    const [order] = await placed();
    expect(order).toMatchObject({ province: 'Bagmati', district: 'Kathmandu', deliveryFee: 100, totalAmount: 1600 });
    // The shopper's order names the district as it was chosen, in Nepali.
    await page.goto(`/account?${new URLSearchParams({ tab: 'orders', order: String(order!.id) }).toString()}`);
    const address = page.getByTestId('order-address').first();
    await expectVisible(address);
    expect(await address.innerText()).toContain('काठमाडौं महानगरपालिका, काठमाडौं');
  });
});

describe('the district select on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('in both languages, with the charge beside it', async ({ page }) => {
    const { cart } = await openCheckout(page, 'en');
    await cart.getByLabel('Province').selectOption('Bagmati');
    await cart.getByLabel('District', { exact: true }).selectOption('Lalitpur');
    await expectVisible(cart.getByTestId('checkout-delivery').filter({ hasText: 'Rs. 100' }));
    await shot(page, 'checkout-district-en-desktop');
    await expectNoSeriousViolations(page, 'checkout with the district select (desktop, English)');
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
    await page.reload();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^कार्ट खोल्नुहोस्/ })
      .click();
    const nepali = page.getByRole('dialog', { name: 'किनमेल कार्ट' });
    await nepali.getByRole('button', { name: 'चेकआउट', exact: true }).click();
    await nepali.getByLabel('प्रदेश', { exact: true }).selectOption('Karnali');
    await nepali.getByLabel('जिल्ला', { exact: true }).selectOption({ label: 'सुर्खेत' });
    await expectVisible(nepali.getByTestId('checkout-delivery').filter({ hasText: 'रू २००' }));
    await shot(page, 'checkout-district-ne-desktop');
    await expectNoSeriousViolations(page, 'checkout with the district select (desktop, Nepali)');
  });
});
