import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, placeCodOrder, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { setOrderState } from './support/db.js';
import { beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad } from './support/flows.js';
import { expectHidden, expectToast, expectVisible, settled } from './support/ui.js';
import { shot } from './support/shots.js';

/**
 * A verified review in the browser: a shopper whose order was delivered writes a review on the
 * product page, sees it listed (Verified purchase, the date in Bikram Sambat in Nepali) and the
 * stars on the product's card; the admin hides it from the Reviews tab. At 390 px in Nepali and on
 * a desktop in English (each page also shot in the other language); axe on each state. With
 * SHOTS_DIR set, each state is also saved as a picture there.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Reviews ${tag}`;
const DESKTOP = { width: 1280, height: 900 };
let admin = '';

beforeAll(async () => {
  admin = await adminToken();
  const made = await api('POST', '/api/category', { token: admin, body: { name: category } });
  expect(made.status).toBe(201);
});

type Language = 'en' | 'ne';
const words = {
  en: {
    rating: (n: number) => `${n} stars`,
    title: 'Title',
    text: 'Your review',
    submit: 'Post review',
    photos: 'Photos (optional, up to 3)',
    posted: 'Thank you for your review',
    verified: 'Verified purchase',
  },
  ne: {
    rating: (n: number) => `${'०१२३४५'[n]} तारा`,
    title: 'शीर्षक',
    text: 'तपाईंको समीक्षा',
    submit: 'समीक्षा पठाउनुहोस्',
    photos: 'फोटो (चाहेमा, बढीमा ३ वटा)',
    posted: 'समीक्षाका लागि धन्यवाद',
    verified: 'प्रमाणित खरिद',
  },
} as const;

const setLanguage = (page: Page, language: Language) =>
  page.context().addCookies([{ name: 'pasal_lang', value: language, url: workerShop().baseUrl }]);

/** A product of its own and a logged-in shopper whose cash-on-delivery order of it was delivered. */
async function deliveredBuyer(page: Page, name: string): Promise<{ id: number; name: string }> {
  const product = await uploadProduct(
    admin,
    { name, description: 'A speaker for the review test.', price: 2500, category, stock: 20 },
    [{ png: await drawnPng('#1d4ed8'), filename: 'speaker.png' }],
  );
  const shopper = await loggedInBeforeLoad(page);
  const orderId = await placeCodOrder(shopper, [[{ id: product.id, price: 2500 }, 1]], {
    province: 'Bagmati',
    district: 'Kathmandu',
    city: 'Kathmandu',
    address: 'Baneshwor',
    landmark: '',
  });
  setOrderState(orderId, 'delivered', 'paid');
  return product;
}

/** Writes the review on the product page; it shows in the list, with the stars on the card. */
async function writeReview(page: Page, product: { id: number; name: string }, language: Language, width: string): Promise<void> {
  const w = words[language];
  const other: Language = language === 'en' ? 'ne' : 'en';
  await setLanguage(page, language);
  await page.goto(`/products/${product.id}`);
  const form = page.locator('#reviews form');
  // The star itself is what a shopper taps (its radio button is for keyboards and screen readers).
  const fourStars = form.getByRole('radio', { name: w.rating(4) });
  await form.locator('label', { has: page.getByRole('radio', { name: w.rating(4) }) }).click();
  expect(await fourStars.isChecked()).toBe(true);
  await form.getByLabel(w.title, { exact: true }).fill('Loud and clear <b>');
  await form.getByLabel(w.text, { exact: true }).fill('Good bass for the price. Call 9841000000 <script>x</script>');
  await form.getByLabel(w.photos, { exact: true }).setInputFiles({
    name: 'speaker.png',
    mimeType: 'image/png',
    buffer: Buffer.from(await drawnPng('#b45309', 300, 200)),
  });
  await form.getByRole('button', { name: w.submit, exact: true }).click();
  await expectToast(page, w.posted);
  const review = page.getByTestId('review').filter({ hasText: 'Loud and clear <b>' });
  await expectVisible(review.locator('img'));
  await expectVisible(review.getByText(w.verified));
  await expectVisible(review.getByText('Call 9841000000 <script>x</script>', { exact: false }));
  if (language === 'ne') expect(await review.locator('time').innerText()).toMatch(/^[०-९]{4} \S+ [०-९]{1,2}$/);
  await expectVisible(page.getByTestId('rating-summary'));
  await settled(page);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await shot(page, `reviews-product-${language}-${width}`);
  await expectNoSeriousViolations(page, `a product's reviews (${width}, ${language})`);
  // The same page in the other language.
  await setLanguage(page, other);
  await page.reload();
  await expectVisible(page.getByTestId('review').getByText(words[other].verified));
  await settled(page);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await shot(page, `reviews-product-${other}-${width}`);
  await expectNoSeriousViolations(page, `a product's reviews (${width}, ${other})`);

  // The card in the category's list has the stars and the count.
  await setLanguage(page, language);
  await page.goto(`/products?category=${encodeURIComponent(category)}`);
  const card = page.locator('article').filter({ hasText: product.name });
  await expectVisible(card.getByTestId('card-rating'));
  expect(await card.getByTestId('card-rating').innerText()).toContain(language === 'en' ? '(1)' : '(१)');
  await settled(page);
  await shot(page, `reviews-card-${language}-${width}`);
  await expectNoSeriousViolations(page, `a card with stars (${width}, ${language})`);
}

describe('reviews at 390 px', () => {
  test('in Nepali: a shopper with a delivered order writes a review and sees the stars on the card', async ({ page }) => {
    const product = await deliveredBuyer(page, `Speaker NE ${tag}`);
    await writeReview(page, product, 'ne', '390');
  });
});

describe('reviews on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('in English: a review written, then hidden by the admin with a reason', async ({ page }) => {
    const product = await deliveredBuyer(page, `Speaker EN ${tag}`);
    await writeReview(page, product, 'en', '1280');

    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Reviews', exact: true }).click();
    const item = page.locator('li[data-testid^="admin-review-"]').filter({ hasText: product.name });
    await expectVisible(item);
    await item.getByRole('button', { name: 'Hide', exact: true }).click();
    await item.getByLabel('Reason (the author is told)').fill('Phone numbers are not allowed in reviews');
    await settled(page);
    await shot(page, 'reviews-admin-en-1280');
    await expectNoSeriousViolations(page, 'the admin Reviews tab (1280, en)');
    await item.getByRole('button', { name: 'Hide review', exact: true }).click();
    await expectToast(page, 'Review hidden; the author will be mailed');
    await expectHidden(item);

    // Gone from the product's page.
    await page.goto(`/products/${product.id}`);
    await expectVisible(page.getByTestId('product-rating').getByText('No reviews yet'));
    expect(await page.getByTestId('review').count()).toBe(0);
  });
});
