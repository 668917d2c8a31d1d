import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, mailbox, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { expectPath, expectToast, expectVisible, settled } from './support/ui.js';

/**
 * The wishlist across login and "Notify me": a guest hearts a product on the list, logs in, and
 * finds it in the Favourites tab (with its price, stock and Add to Cart); on a sold-out product
 * they ask to be told, the shop restocks it through the product form's API, and the mail arrives
 * with a one-click unsubscribe that works without logging in. In English at 390 px and in Nepali
 * on a desktop; axe on each state. With SHOTS_DIR set, each state is saved as a picture there.
 */

const tag = crypto.randomBytes(3).toString('hex');
let admin = '';
let categoryName = '';

beforeAll(async () => {
  admin = await adminToken();
  categoryName = `Wishlist ${tag}`;
  const category = await api('POST', '/api/category', { token: admin, body: { name: categoryName } });
  expect(category.status).toBe(201);
});

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** A mail header's MIME encoded-words (`=?UTF-8?Q?…?=`) as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeURIComponent(data.replace(/_/g, ' ').replace(/%/g, '%25').replace(/=([0-9A-F]{2})/gi, '%$1')),
    );
}

const words = {
  en: {
    like: (name: string) => `Like ${name}`,
    login: { field: 'Email or Phone Number', password: 'Password', submit: 'Login' },
    favourites: 'Favourites',
    inStock: 'In stock',
    addToCart: 'Add to Cart',
    notify: 'Notify me when it is back',
    notified: 'We will email you once when it is back in stock.',
    subject: (name: string) => `Back in stock: ${name}`,
    priceDrops: 'Price drops',
    saved: 'Email alerts saved',
  },
  ne: {
    like: (name: string) => `${name} मन पराउनुहोस्`,
    login: { field: 'इमेल वा फोन नम्बर', password: 'पासवर्ड', submit: 'लगइन' },
    favourites: 'मनपर्ने',
    inStock: 'स्टकमा छ',
    addToCart: 'कार्टमा थप्नुहोस्',
    notify: 'फेरि आएपछि खबर गर्नुहोस्',
    notified: 'यो फेरि स्टकमा आएपछि हामी तपाईंलाई एक पटक इमेल गर्नेछौं।',
    subject: (name: string) => `फेरि स्टकमा: ${name}`,
    priceDrops: 'मूल्य घट्दा',
    saved: 'इमेल सूचना सेभ भयो',
  },
} as const;
type Language = keyof typeof words;

async function heartLoginNotify(page: Page, language: Language, width: string): Promise<void> {
  const w = words[language];
  const run = `${language}${width}`;
  const picture = [{ png: await drawnPng('#b91c1c'), filename: 'item.png' }];
  const liked = await uploadProduct(admin, { name: `Heart Lamp ${tag} ${run}`, description: 'A lamp to heart.', price: 2500, category: categoryName, stock: 7 }, picture);
  const soldOut = await uploadProduct(admin, { name: `Empty Fan ${tag} ${run}`, description: 'A fan sold out.', price: 4100, category: categoryName, stock: 0 }, picture);
  const shopper = await registerVerifiedShopper();
  if (language === 'ne') {
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
    // The account's language is the one its mails are written in.
    const login = await api<{ token: string }>('POST', '/api/users/login', { body: { emailOrPhone: shopper.email, password: shopper.password } });
    expect((await api('PUT', '/api/users/language', { token: login.body.token, body: { language: 'ne' } })).status).toBe(200);
  }

  // A guest hearts the lamp: kept on the device.
  await page.goto(`/products?q=${encodeURIComponent(liked.name)}`);
  const heart = page.getByRole('button', { name: w.like(liked.name), exact: true });
  await heart.click();
  await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
  await settled(page);
  await shot(page, `wishlist-guest-heart-${language}-${width}`);
  await expectNoSeriousViolations(page, `a hearted card (${width}, ${language})`);

  // Logs in: the heart is saved to the account, and the Favourites tab lists it.
  await page.goto('/login');
  await page.getByLabel(w.login.field).fill(shopper.email);
  await page.getByLabel(w.login.password, { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: w.login.submit, exact: true }).click();
  await expectPath(page, '/account');
  await page.goto('/account?tab=favourites');
  const list = page.getByTestId('favourites-list');
  await expectVisible(list.getByRole('link', { name: liked.name }));
  await expectVisible(list.getByText(w.inStock, { exact: true }));
  await expectVisible(list.getByRole('button', { name: new RegExp(w.addToCart.split(' ')[0]!) }));
  expect(await page.evaluate(() => window.localStorage.getItem('pasal.wishlist'))).toBeNull();
  await settled(page);
  await shot(page, `wishlist-favourites-${language}-${width}`);
  await expectNoSeriousViolations(page, `the Favourites tab (${width}, ${language})`);

  // The Account tab: one switch per kind of alert mail.
  await page.goto('/account?tab=account');
  const priceDrops = page.getByRole('checkbox', { name: new RegExp(`^${w.priceDrops}`) });
  await expect.poll(() => priceDrops.isEnabled()).toBe(true);
  expect(await priceDrops.isChecked()).toBe(true);
  await priceDrops.uncheck();
  await expectToast(page, w.saved);
  await expect.poll(() => priceDrops.isChecked()).toBe(false);
  await priceDrops.scrollIntoViewIfNeeded();
  await settled(page);
  await shot(page, `wishlist-alerts-${language}-${width}`);
  await expectNoSeriousViolations(page, `the Account tab's email alerts (${width}, ${language})`);

  // Notify me on the sold-out fan; the shop restocks it; one mail comes with its unsubscribe.
  await page.goto(`/products/${soldOut.id}`);
  await page.getByRole('button', { name: w.notify, exact: true }).click();
  await expectVisible(page.getByTestId('notify-me-done').filter({ hasText: w.notified }));
  await settled(page);
  await shot(page, `wishlist-notify-${language}-${width}`);
  await expectNoSeriousViolations(page, `notify me asked (${width}, ${language})`);

  const restocked = await api('PUT', `/api/products/${soldOut.id}`, { token: admin, body: { stock: 3 } });
  expect(restocked.status, JSON.stringify(restocked.body)).toBe(200);
  await expect
    .poll(async () => (await mailbox.messagesTo(shopper.email)).filter((mail) => mail.text.includes(`/products/${soldOut.id}`)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const mail = (await mailbox.messagesTo(shopper.email)).find((m) => m.text.includes(`/products/${soldOut.id}`))!;
  // The catcher keeps the subject's first line: a long Nepali one is folded over several.
  expect(w.subject(soldOut.name).startsWith(decodeHeader(mail.subject))).toBe(true);
  expect(decodeHeader(mail.subject).length).toBeGreaterThan(3);
  const link = /\/api\/alerts\/unsubscribe\?u=\d+&k=back-in-stock&t=[\w-]+/.exec(mail.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=').replace(/&#38;/g, '&'))?.[0];
  expect(link).toBeDefined();
  const confirm = await fetch(new URL(link!, workerShop().baseUrl));
  expect(confirm.status).toBe(200);
  expect(await confirm.text()).toContain('<form method="post"');
  const oneClick = await fetch(new URL(link!, workerShop().baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
}

describe('wishlist and notify me at 390 px', () => {
  test('in English: a guest heart is in Favourites after login; notify me mails once, unsubscribe works', async ({ page }) => {
    await heartLoginNotify(page, 'en', '390');
  });
});

describe('wishlist and notify me on a desktop', () => {
  test.override({ viewport: DESKTOP });
  test('in Nepali: the same', async ({ page }) => {
    await heartLoginNotify(page, 'ne', '1280');
  });
});
