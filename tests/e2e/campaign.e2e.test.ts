import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { adminToken, api, drawnPng, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, allowConsoleErrors, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { expectToast, expectVisible, settled, sleep } from './support/ui.js';
import { shot } from './support/shots.js';
import type { Campaign } from '../../src/shared/campaigns.js';

/**
 * A running campaign in the browser: the product's card in its category and its page show the sale
 * price, the regular price struck through, the percent saved, a countdown that ticks, and "Lowest
 * price in the last 30 days". English and Nepali, at 390 px and on a desktop; axe on each. With
 * SHOTS_DIR set, each state is also saved as a picture there.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Sale ${tag}`;
/** On sale at Rs. 1,19,999: 14 % below Rs. 1,39,999, the lowest price of its last 30 days (its price now). */
const speaker = { id: 0, name: `Party Speaker ${tag}`, price: 139999 };

beforeAll(async () => {
  const admin = await adminToken();
  const made = await api<{ category: { id: number } }>('POST', '/api/category', { token: admin, body: { name: category } });
  expect(made.status).toBe(201);
  const product = await uploadProduct(
    admin,
    { name: speaker.name, description: 'A speaker for the campaign test.', price: speaker.price, category, stock: 20 },
    [{ png: await drawnPng('#b45309'), filename: 'speaker.png' }],
  );
  speaker.id = product.id;
  const now = Date.now();
  const campaign = await api('POST', '/api/admin/campaigns', {
    token: admin,
    body: {
      name: `Dashain ${tag}`,
      // It starts by itself a moment from now (the shop's job queue), after the speaker got its price.
      startsAt: new Date(now + 1_000).toISOString(),
      endsAt: new Date(now + 3 * 24 * 3_600_000).toISOString(),
      items: [{ target: 'product', id: product.id, salePrice: 119999 }],
    },
  });
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  for (let tries = 0; tries < 150; tries += 1) {
    if ((await api<{ sale: unknown }>('GET', `/api/products/${speaker.id}`)).body.sale) return;
    await sleep(100);
  }
  throw new Error('the campaign did not start');
});

type Language = 'en' | 'ne';
const words = {
  en: {
    sale: 'Rs. 1,19,999',
    was: 'Rs. 1,39,999',
    off: '14% off',
    lowest: 'Lowest price in the last 30 days: Rs. 1,39,999',
    ends: /^Ends in 2d \d\d:\d\d:\d\d$/,
  },
  ne: {
    sale: 'रू १,१९,९९९',
    was: 'रू १,३९,९९९',
    off: '१४% छुट',
    lowest: 'पछिल्लो ३० दिनको सबैभन्दा कम मूल्य: रू १,३९,९९९',
    ends: /^सकिन बाँकी २ दिन [०-९]{2}:[०-९]{2}:[०-९]{2}$/,
  },
} as const;

/** The sale as a shopper reads it in `scope`, and a countdown that moves without a reload. */
async function expectSale(scope: Locator, language: Language): Promise<void> {
  const w = words[language];
  const sale = scope.getByTestId('sale-price');
  await expectVisible(sale);
  await expectVisible(sale.getByText(w.sale));
  await expectVisible(sale.locator('s').filter({ hasText: w.was }));
  await expectVisible(sale.getByText(w.off, { exact: true }));
  await expectVisible(sale.getByText(w.lowest, { exact: true }));
  const countdown = sale.getByTestId('sale-countdown');
  await expect.poll(() => countdown.innerText()).toMatch(w.ends);
  const first = await countdown.innerText();
  const box = await countdown.boundingBox();
  await expect.poll(() => countdown.innerText(), { timeout: 5_000 }).not.toBe(first);
  // The line keeps its place as it ticks.
  expect((await countdown.boundingBox())?.y).toBe(box?.y);
}

async function seeCampaign(page: Page, language: Language, width: string): Promise<void> {
  if (language === 'ne') await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
  await page.goto(`/products?category=${category.replace(/ /g, '-')}`);
  const card = page.getByRole('article').filter({ hasText: speaker.name });
  await expectSale(card, language);
  await settled(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, `campaign-card-${language}-${width}`);
  await expectNoSeriousViolations(page, `a card on sale (${width}, ${language})`);

  await page.goto(`/products/${speaker.id}`);
  await expectSale(page.getByRole('main'), language);
  await settled(page);
  await shot(page, `campaign-product-${language}-${width}`);
  await expectNoSeriousViolations(page, `a product page on sale (${width}, ${language})`);
}

describe('a running campaign at 390 px', () => {
  test('in English: sale price, struck price, percent, countdown and the 30-day line', async ({ page }) => {
    await seeCampaign(page, 'en', '390');
  });
  test('in Nepali: the same, in Devanagari', async ({ page }) => {
    await seeCampaign(page, 'ne', '390');
  });
});

describe('a running campaign on a desktop', () => {
  test.override({ viewport: DESKTOP });
  test('in Nepali and English', async ({ page }) => {
    await seeCampaign(page, 'ne', 'desktop');
    await page.context().clearCookies({ name: 'pasal_lang' });
    await seeCampaign(page, 'en', 'desktop');
  });
});

describe('the admin’s campaigns', () => {
  test.override({ viewport: DESKTOP });

  test('makes one with the Bikram Sambat and product pickers, sees it scheduled, ends it; axe clean', async ({ page }) => {
    const name = `Tihar ${tag}`;
    // A refused form answers 400; the browser logs the status.
    allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 400\b/);
    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Coupons', exact: true }).click();
    const form = page.locator('#campaign-form');
    await expectVisible(form.getByLabel('Name', { exact: true }));
    await form.getByLabel('Name', { exact: true }).fill(name);
    const starts = form.getByRole('group', { name: 'Starts' });
    const ends = form.getByRole('group', { name: 'Ends' });
    // 2084 Kartik 1 BS is 2027-10-18 AD: the Gregorian date follows the Bikram Sambat picker, and back.
    await starts.getByLabel('Date (AD)').fill('2027-10-10');
    expect(await starts.getByLabel('Year (BS)').inputValue()).toBe('2084');
    await starts.getByLabel('Month (BS)').selectOption({ label: 'Kartik' });
    await starts.getByLabel('Day (BS)').selectOption('1');
    expect(await starts.getByLabel('Date (AD)').inputValue()).toBe('2027-10-18');
    await starts.getByLabel('Time').fill('09:00');
    await ends.getByLabel('Date (AD)').fill('2027-10-25');
    // The product is found by name; picking it fills in its id.
    await form.getByLabel('Find a product to put on sale', { exact: true }).fill(speaker.name);
    const pick = form.getByRole('button', { name: `Add ${speaker.name} (Rs. 1,39,999)`, exact: true });
    await expectVisible(pick);
    await pick.scrollIntoViewIfNeeded();
    await shot(page, 'campaign-picker-en-desktop');
    await pick.click();
    expect(await form.getByLabel('Id', { exact: true }).inputValue()).toBe(String(speaker.id));
    await form.getByLabel('Percent', { exact: true }).fill('100');
    await form.getByRole('button', { name: 'Create campaign', exact: true }).click();
    await expectVisible(form.getByText('Percent off must be a whole number from 1 to 99', { exact: true }));
    await form.getByLabel('Percent', { exact: true }).fill('10');
    await form.getByRole('button', { name: 'Create campaign', exact: true }).click();
    await expectToast(page, 'Campaign created');
    const list = await api<{ campaigns: Campaign[] }>('GET', '/api/admin/campaigns', { token: await adminToken() });
    const made = list.body.campaigns.find((campaign) => campaign.name === name)!;
    // Nepal time (UTC+5:45): 09:00 there is 03:15 UTC.
    expect(made).toMatchObject({
      startsAt: '2027-10-18T03:15:00.000Z',
      items: [{ target: 'product', id: speaker.id, percentOff: 10 }],
    });
    const row = page.getByTestId(`campaign-row-${made.id}`);
    await expectVisible(row.getByText('Scheduled', { exact: true }));
    await row.getByRole('button', { name: `End now: ${name}` }).click();
    await expectVisible(row.getByText('Ended', { exact: true }));
    await settled(page);
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'campaign-admin-en-desktop');
    await expectNoSeriousViolations(page, 'the campaign form (desktop, en)');

    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
    await page.reload();
    await page.getByRole('navigation', { name: 'एडमिनका भागहरू' }).getByRole('button', { name: 'कुपनहरू', exact: true }).click();
    await expectVisible(page.locator('#campaign-form').getByText('साल (वि.सं.)').first());
    await settled(page);
    await page.locator('#campaign-form').scrollIntoViewIfNeeded();
    await shot(page, 'campaign-admin-ne-desktop');
    await expectNoSeriousViolations(page, 'the campaign form (desktop, ne)');

    await page.setViewportSize({ width: 390, height: 844 });
    const picker = page.locator('#campaign-form').getByLabel('सेलमा राख्न सामान खोज्नुहोस्', { exact: true });
    await picker.fill(speaker.name);
    const found = page.getByRole('button', { name: `${speaker.name} थप्नुहोस् (रू १,३९,९९९)`, exact: true });
    await expectVisible(found);
    await settled(page);
    await found.scrollIntoViewIfNeeded();
    await shot(page, 'campaign-picker-ne-390');
    await expectNoSeriousViolations(page, 'the product picker with results (390 px, ne)');
  });
});
