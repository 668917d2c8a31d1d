import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import type { PaymentOptions } from '../../src/shared/payments.js';
import { adminToken, api, createCategoryTree, drawnPng, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, beforeAll, describe, expect, test } from './support/fixtures.js';
import { loggedInBeforeLoad } from './support/flows.js';
import { eventually, expectHidden, expectPath, expectToast, expectVisible } from './support/ui.js';

/**
 * The product page helps the shopper decide. On a phone a bar at the bottom
 * with the price and Add to Cart (not on a desktop); a gallery that swipes and opens full screen;
 * delivery charge and days for the shopper's place, the ways to pay and the warranty under the
 * price; related products of the same child category; out of stock said and not addable, few
 * left said as "Only 3 left". The catalogue is made through the admin API.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Product Page ${tag}`;
const sub = `Gaming ${tag}`;
const child = `Consoles ${tag}`;
const lonely = `Lonely ${tag}`;

const made = {
  console: { name: `Game Console ${tag}`, price: 45000, stock: 20, warranty: '1 year official warranty', pictures: 3 },
  handheld: { name: `Handheld ${tag}`, price: 32000, stock: 3, pictures: 1 },
  soldOut: { name: `Sold Out Pad ${tag}`, price: 6500, stock: 0, pictures: 1 },
  alone: { name: `Alone Lamp ${tag}`, price: 1200, pictures: 1 },
};
type Made = (typeof made)[keyof typeof made] & { id: number };
const ids: Record<keyof typeof made, number> = { console: 0, handheld: 0, soldOut: 0, alone: 0 };
let options: PaymentOptions;

const pagePrice = (amount: number) => `Nrs. ${amount.toLocaleString('en-IN')}`;
const rupees = (amount: number) => (amount === 0 ? 'Free' : `Rs. ${amount.toLocaleString('en-IN')}`);
const days = ({ min, max }: { min: number; max: number }) =>
  min === max ? `${min} day${min === 1 ? '' : 's'}` : `${min}–${max} days`;

beforeAll(async () => {
  const token = await adminToken();
  await createCategoryTree(token, category, sub, [child]);
  expect((await api('POST', '/api/category', { token, body: { name: lonely } })).status).toBe(201);
  for (const [key, product] of Object.entries(made) as [keyof typeof made, Made][]) {
    const pictures = [];
    for (let i = 0; i < product.pictures; i += 1) {
      pictures.push({ png: await drawnPng(`hsl(${i * 110 + 20}, 70%, 50%)`, 640, 480), filename: `p${i}.png` });
    }
    const created = await uploadProduct(
      token,
      {
        name: product.name,
        description: `${product.name}, made by the product page browser test.`,
        price: product.price,
        stock: 'stock' in product ? product.stock : undefined,
        warranty: 'warranty' in product ? product.warranty : undefined,
        ...(key === 'alone' ? { category: lonely } : { category, subCategory: sub, childCategory: child }),
      },
      pictures,
    );
    ids[key] = created.id;
  }
  options = (await api<PaymentOptions>('GET', '/api/orders/payment-options')).body;
});

const buyBar = (page: Page) => page.getByTestId('buy-bar');
const pageButton = (page: Page) => page.getByRole('button', { name: 'Add to Cart', exact: true });

/** A finger's swipe from right to left across `frame` (touch events, as a phone's screen sends them). */
async function swipeLeft(page: Page, frame: { x: number; y: number; width: number; height: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
  const y = Math.round(frame.y + frame.height / 2);
  const from = Math.round(frame.x + frame.width * 0.8);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from - step * frame.width * 0.06, y }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Two fingers land `gap` px apart about the middle of `frame` and spread to three times that. */
async function pinchOut(page: Page, frame: { x: number; y: number; width: number; height: number }, gap = 60): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
  const x = Math.round(frame.x + frame.width / 2);
  const y = Math.round(frame.y + frame.height / 2);
  const fingers = (half: number) => [
    { x: x - half, y, id: 0 },
    { x: x + half, y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(gap / 2) });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap / 2 + step * (gap / 10)) });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function open(page: Page, key: keyof typeof made): Promise<void> {
  await page.goto(`/products/${ids[key]}`);
  await expectVisible(page.getByRole('heading', { name: made[key].name, level: 1 }));
}

describe('the product page on a phone', () => {
  test('a bar at the bottom with the price and Add to Cart, which adds (for a guest too, into the cart on the device)', async ({
    page,
  }) => {
    await open(page, 'console');
    const bar = buyBar(page);
    await expectVisible(bar);
    await expectVisible(bar.getByText(pagePrice(made.console.price), { exact: true }));
    const barButton = bar.getByRole('button', { name: `Add to Cart, ${pagePrice(made.console.price)}` });
    // On the screen's bottom edge while the page is scrolled anywhere above its end.
    const box = (await bar.boundingBox())!;
    expect(Math.abs(box.y + box.height - PHONE.height)).toBeLessThan(2);
    await barButton.click();
    await expectToast(page, 'Product added to cart successfully!');

    // At the page's end it rests above the footer: the description and related products are not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    await expectVisible(footer);
    await eventually(
      async () => ({ bar: (await bar.boundingBox())!, footer: (await footer.boundingBox())! }),
      (boxes) => boxes.bar.y + boxes.bar.height <= boxes.footer.y + 1,
      'the bar above the footer',
    );
    const related = page.getByRole('region', { name: 'You may also like' });
    const lastCard = (await related.getByRole('article').last().boundingBox())!;
    expect(lastCard.y + lastCard.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
  });

  test('a logged-in shopper adds the chosen quantity from the bar', async ({ page }) => {
    const shopper = await loggedInBeforeLoad(page);
    await open(page, 'console');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    const added = page.waitForResponse((response) => response.url().endsWith('/api/cart/add-to-cart'));
    await buyBar(page)
      .getByRole('button', { name: /^Add to Cart/ })
      .click();
    expect((await added).status()).toBe(200);
    await expectToast(page, 'Product added to cart successfully!');
    const token = await page.evaluate(() => localStorage.getItem('pasal.token'));
    const cart = await api<{ cartItems: Array<{ quantity: number; product: { name: string } }> }>(
      'GET',
      `/api/cart/view-cart/${shopper.userId}`,
      { token: token! },
    );
    expect(cart.body.cartItems.map((item) => [item.product.name, item.quantity])).toEqual([[made.console.name, 2]]);
  });

  test('the gallery swipes, its thumbnails follow, and it opens full screen until Escape', async ({ page }) => {
    await open(page, 'console');
    const slides = page.getByRole('list', { name: `Pictures of ${made.console.name}` });
    const thumb = (n: number) => page.getByRole('button', { name: `Show image ${n} of 3` });
    expect(await thumb(1).getAttribute('aria-pressed')).toBe('true');
    // Square slides of the full width: the page does not move as they load (CLS).
    const frame = (await slides.boundingBox())!;
    expect(Math.abs(frame.width - frame.height)).toBeLessThan(1);

    // A finger swipes to the left: the next picture snaps into place and its thumbnail is chosen.
    await swipeLeft(page, frame);
    await eventually(
      () => thumb(2).getAttribute('aria-pressed'),
      (pressed) => pressed === 'true',
      'the second thumbnail chosen after the swipe',
    );
    expect(await thumb(1).getAttribute('aria-pressed')).toBe('false');
    await eventually(
      () => slides.evaluate((row) => row.scrollLeft / row.clientWidth),
      (position) => Math.abs(position - 1) < 0.01,
      'the row snapped to the second picture',
    );
    await expectVisible(page.getByRole('img', { name: `${made.console.name}, image 2 of 3` }));

    // A thumbnail scrolls the row to its picture.
    await thumb(3).click();
    await eventually(
      () => slides.evaluate((row) => row.scrollLeft / row.clientWidth),
      (position) => Math.abs(position - 2) < 0.01,
      'the row at the third picture',
    );
    expect(await thumb(3).getAttribute('aria-pressed')).toBe('true');

    // Full screen, on the picture shown; focus on its close button and kept inside; Escape closes.
    const opener = page.getByRole('button', { name: 'View full screen' });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: made.console.name });
    await expectVisible(viewer);
    await expectVisible(viewer.getByText('3 of 3', { exact: true }));
    const close = viewer.getByRole('button', { name: 'Close' });
    await eventually(() => close.evaluate((button) => button === document.activeElement), Boolean, 'focus on the close button');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expectVisible(viewer.getByText('2 of 3', { exact: true }));
    // A double tap zooms the picture in, another out again.
    const picture = viewer.getByRole('img', { name: `${made.console.name}, image 2 of 3` });
    await picture.dblclick();
    await eventually(
      () => picture.evaluate((img) => img.style.transform),
      (transform) => transform.includes('scale(2.5)'),
      'the picture zoomed in',
    );
    await picture.dblclick();
    await eventually(
      () => picture.evaluate((img) => img.style.transform),
      (transform) => transform.includes('scale(1)'),
      'the picture back to its size',
    );
    // Two fingers spread: the picture grows with them (to three times, the fingers' spread).
    await pinchOut(page, (await picture.boundingBox())!);
    await eventually(
      () => picture.evaluate((img) => Number(/scale\(([\d.]+)\)/.exec(img.style.transform)?.[1] ?? 0)),
      (scale) => scale > 2.5 && scale <= 4,
      'the picture pinched bigger',
    );
    await picture.dblclick();
    await expectNoSeriousViolations(page, 'product page, full-screen gallery (phone)');
    await page.keyboard.press('Escape');
    await expectHidden(viewer);
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    // The page's gallery is where the viewer was left.
    expect(await thumb(2).getAttribute('aria-pressed')).toBe('true');

    // A tap on the picture opens it too; the close button closes it.
    await page.getByRole('img', { name: `${made.console.name}, image 2 of 3` }).click();
    await expectVisible(viewer);
    await close.click();
    await expectHidden(viewer);
  });

  test('delivery charge and days for the chosen place, the ways to pay and the warranty', async ({ page }) => {
    await open(page, 'console');
    const info = page.getByRole('region', { name: 'Delivery and payment' });
    const estimate = info.getByTestId('delivery-estimate');
    const freeFrom = info.getByTestId('delivery-free-from');
    const { delivery } = options;
    expect(made.console.price).toBeGreaterThanOrEqual(delivery.freeFrom);
    expect(made.alone.price).toBeLessThan(delivery.freeFrom);
    // The console's price alone reaches the free-delivery amount: checkout charges nothing, so
    // the page says free, wherever the delivery goes.
    expect(await info.getByRole('radio', { name: 'Inside Kathmandu valley' }).isChecked()).toBe(true);
    expect(await estimate.textContent()).toBe(`Free delivery · arrives in ${days(delivery.valleyDays)}`);
    expect(await freeFrom.textContent()).toBe(`Free delivery on orders from ${rupees(delivery.freeFrom)}`);
    await info.getByText('Outside the valley', { exact: true }).click();
    await eventually(
      () => estimate.textContent(),
      (text) => text === `Free delivery · arrives in ${days(delivery.outsideDays)}`,
      'free delivery and the days outside the valley',
    );
    const methods = { cod: 'Cash on Delivery', esewa: 'eSewa', khalti: 'Khalti' } as const;
    expect(await info.getByTestId('payment-methods').textContent()).toBe(
      `Pay by ${options.methods.map((method) => methods[method.id]).join(' · ')}`,
    );
    expect(await info.getByTestId('product-warranty').textContent()).toBe(`Warranty: ${made.console.warranty}`);
    await expectNoSeriousViolations(page, 'product page with its delivery block (phone)');

    // A cheaper product: the place's charge (the pick is remembered), and from what amount it is free.
    await open(page, 'alone');
    expect(await info.getByRole('radio', { name: 'Outside the valley' }).isChecked()).toBe(true);
    expect(await estimate.textContent()).toBe(
      `Delivery ${rupees(delivery.outsideFee)} · arrives in ${days(delivery.outsideDays)}`,
    );
    expect(await freeFrom.textContent()).toBe(`Free delivery from ${rupees(delivery.freeFrom)}`);
    await info.getByText('Inside Kathmandu valley', { exact: true }).click();
    await eventually(
      () => estimate.textContent(),
      (text) => text === `Delivery ${rupees(delivery.valleyFee)} · arrives in ${days(delivery.valleyDays)}`,
      'the charge and days in the valley',
    );
    // A product without warranty says none.
    expect(await info.getByTestId('product-warranty').count()).toBe(0);

    // In Nepali.
    await open(page, 'handheld');
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: page.url() }]);
    await page.reload();
    const nepali = page.getByRole('region', { name: 'डेलिभरी र भुक्तानी' });
    await expectVisible(nepali.getByText('उपत्यका बाहिर', { exact: true }));
    expect(await nepali.getByTestId('delivery-estimate').textContent()).toContain('निःशुल्क डेलिभरी');
    expect(await nepali.getByTestId('delivery-estimate').textContent()).toContain('दिनमा आइपुग्छ');
  });

  test('related products of the same child category link to their pages; a product alone in its category has none', async ({
    page,
  }) => {
    await open(page, 'console');
    const related = page.getByRole('region', { name: 'You may also like' });
    await expectVisible(related);
    const names = await related.getByRole('heading', { level: 3 }).allTextContents();
    expect(names.sort()).toEqual([made.handheld.name, made.soldOut.name].sort());
    // The cards say the stock as the list's do: few left and sold out.
    const card = (name: string) => related.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await expectVisible(card(made.handheld.name).getByText('Only 3 left', { exact: true }));
    await expectVisible(card(made.soldOut.name).getByText('Out of stock', { exact: true }));
    await card(made.handheld.name).getByRole('link', { name: made.handheld.name }).last().click();
    await expectPath(page, `/products/${ids.handheld}`);
    await expectVisible(page.getByRole('heading', { name: made.handheld.name, level: 1 }));

    await open(page, 'alone');
    await expectVisible(page.getByTestId('buying-info'));
    expect(await page.getByRole('region', { name: 'You may also like' }).count()).toBe(0);
  });

  test('out of stock cannot be added and says so; three left says "Only 3 left"', async ({ page }) => {
    await open(page, 'soldOut');
    expect(await page.getByTestId('product-stock').textContent()).toBe('Out of stock');
    const soldOut = page.getByRole('button', { name: 'Sold out', exact: true });
    expect(await soldOut.count()).toBe(2);
    for (const button of await soldOut.all()) expect(await button.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Add to Cart/ }).count()).toBe(0);
    await expectNoSeriousViolations(page, 'product page, out of stock (phone)');

    await open(page, 'handheld');
    expect(await page.getByTestId('product-stock').textContent()).toBe('Only 3 left');
    expect(await pageButton(page).isDisabled()).toBe(false);
  });
});

describe('the product page on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('no bar at the bottom: the page has one Add to Cart', async ({ page }) => {
    await open(page, 'console');
    await expectVisible(pageButton(page));
    expect(await buyBar(page).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: /Add to Cart/ }).count()).toBe(1);
    await expectVisible(page.getByRole('region', { name: 'You may also like' }));
    await expectNoSeriousViolations(page, 'product page (desktop)');
  });
});
