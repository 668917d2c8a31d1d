import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  type Shopper,
  adminToken,
  api,
  drawnPng,
  mailbox,
  newShopperInput,
  registerVerifiedShopper,
  uploadProduct,
} from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { E2E_STORE } from './support/constants.js';
import { DESKTOP, PHONE, beforeAll, describe, expect, workerShop, test } from './support/fixtures.js';
import { fillLoginForm, fillRegisterForm } from './support/flows.js';
import { expectPath, expectToast, expectVisible, toast } from './support/ui.js';

/**
 * "Back where they were" and "talk to the shop". A guest whose device cannot keep a cart (storage
 * refused, as in some private modes) and who taps Add to Cart gets the 'Please login' toast with a Log in link that remembers the page (/login?next=…); after logging in,
 * or registering and entering the mailed code (which now logs the shopper in at once), they are back
 * on that page. A `next` pointing at another site is never followed: the dashboard instead. The
 * product page and the footer offer a call, WhatsApp and Viber on the shop's mobile number; the
 * footer shows the opening hours and PAN the shop is configured with (global-setup.ts) and its
 * email whole, or broken only after the @ or before a dot, on a phone.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Return Test ${tag}`;
let product: { id: number; name: string };
let shopper: Shopper;

/** The default STORE_PHONES' mobile (the first one starting with 9), as the links carry it. */
const MOBILE = '9801234567';
const HREFS = {
  call: `tel:+977${MOBILE}`,
  whatsApp: `https://wa.me/977${MOBILE}`,
  viber: `viber://chat?number=%2B977${MOBILE}`,
};

beforeAll(async () => {
  const token = await adminToken();
  expect((await api('POST', '/api/category', { token, body: { name: category } })).status).toBe(201);
  const name = `Return Console ${tag}`;
  const created = await uploadProduct(
    token,
    { name, description: `${name}, tested by the return-to-page browser test.`, price: 45000, category },
    [{ png: await drawnPng('#6366f1'), filename: 'product.png' }],
  );
  product = { id: created.id, name };
  shopper = await registerVerifiedShopper();
});

const productPath = () => `/products/${product.id}`;
const loginToast = (page: Page) => toast(page, 'Please login');

/** The device refuses to store a guest's cart (the shop keeps its session there still). */
async function noDeviceCart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the storage as `this`
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key.startsWith('pasal.guestCart')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
  });
}

/** A guest on the product page taps Add to Cart: the toast, and its Log in link. */
async function guestAsksToAdd(page: Page): Promise<Locator> {
  await noDeviceCart(page);
  await page.goto(productPath());
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expectToast(page, 'Please login');
  const link = loginToast(page).getByRole('link', { name: 'Log in', exact: true });
  await expectVisible(link);
  expect(await link.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(productPath())}`);
  return link;
}

async function expectLoggedIn(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.localStorage.getItem('pasal.token'))).toBeTruthy();
}

/** Adds the product from its page, as a logged-in shopper now. */
async function addsNow(page: Page): Promise<void> {
  const added = page.waitForResponse((response) => response.url().endsWith('/api/cart/add-to-cart'));
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  expect((await added).status()).toBe(200);
  await expectToast(page, 'Product added to cart successfully!');
}

/** Registers from the page it is on (/register?…) and enters the mailed code. */
async function registersWithCode(page: Page): Promise<void> {
  const input = newShopperInput({ firstName: 'Nima', lastName: 'Lama' });
  await fillRegisterForm(page, input);
  const since = await mailbox.count();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expectPath(page, '/otp-verification');
  await page.getByLabel('Enter OTP').fill(await mailbox.otpFor(input.email, since));
  await page.getByRole('button', { name: /^Verify/ }).click();
  await expectToast(page, 'User Registered Successfully!');
}

describe('back where they were (phone)', () => {
  test('the guest’s Log in link leads to login and back to the product page', async ({ page }) => {
    const link = await guestAsksToAdd(page);
    await link.click();
    await expectPath(page, `/login?next=${encodeURIComponent(productPath())}`);
    await fillLoginForm(page, shopper.email, shopper.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login Successful');
    await expectPath(page, productPath());
    await addsNow(page);
  });

  test('the Log in link is reached from the keyboard (Alt+T, then Tab) and opens with Enter', async ({ page }) => {
    await guestAsksToAdd(page);
    // react-toastify: Alt+T moves focus to the toasts (and pauses them); the link is the next stop.
    await page.keyboard.press('Alt+KeyT');
    const link = loginToast(page).getByRole('link', { name: 'Log in', exact: true });
    for (let stops = 0; stops < 3 && !(await link.evaluate((el) => el === document.activeElement)); stops += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expectPath(page, `/login?next=${encodeURIComponent(productPath())}`);
  });

  test('in Nepali the toast’s link says लगइन and carries the page too', async ({ page }) => {
    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
    await noDeviceCart(page);
    await page.goto(productPath());
    await page.getByRole('button', { name: 'कार्टमा थप्नुहोस्', exact: true }).click();
    const link = toast(page, 'कृपया लगइन गर्नुहोस्').getByRole('link', { name: 'लगइन', exact: true });
    await expectVisible(link);
    expect(await link.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(productPath())}`);
  });

  test('register → code → logged in at once, back on the product page', async ({ page }) => {
    await (await guestAsksToAdd(page)).click();
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expectPath(page, `/register?next=${encodeURIComponent(productPath())}`);
    await registersWithCode(page);
    await expectPath(page, productPath());
    await expectLoggedIn(page);
    await expectVisible(page.getByRole('link', { name: 'Account' }).first());
    await addsNow(page);
  });

  test('a next to another site is never followed: login and registration end on /account', async ({ page }) => {
    const origin = new URL(workerShop().baseUrl).origin;
    // Logging in with next=//evil.example.
    await page.goto(`/login?next=${encodeURIComponent('//evil.example')}`);
    // The Sign up link does not pass it on either.
    expect(await page.getByRole('link', { name: 'Sign up', exact: true }).getAttribute('href')).toBe('/register');
    await fillLoginForm(page, shopper.email, shopper.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login Successful');
    await expectPath(page, '/account');
    expect(new URL(page.url()).origin).toBe(origin);

    // Already logged in, /login redirects: to /account, not to the other site.
    for (const next of ['https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await expectPath(page, '/account');
      expect(new URL(page.url()).origin).toBe(origin);
    }
  });

  test('registering from /register?next=https://evil.example ends on /account, logged in', async ({ page }) => {
    await page.goto(`/register?next=${encodeURIComponent('https://evil.example')}`);
    await registersWithCode(page);
    await expectPath(page, '/account');
    expect(new URL(page.url()).origin).toBe(new URL(workerShop().baseUrl).origin);
    await expectLoggedIn(page);
  });
});

/** The chat and call links, by their accessible names, with the hrefs they must carry. */
async function expectContactLinks(scope: Locator, names: { whatsApp: string; viber: string; call?: string }): Promise<void> {
  const whatsApp = scope.getByRole('link', { name: names.whatsApp, exact: true });
  const viber = scope.getByRole('link', { name: names.viber, exact: true });
  await expectVisible(whatsApp);
  expect(await whatsApp.getAttribute('href')).toBe(HREFS.whatsApp);
  expect(await whatsApp.getAttribute('rel')).toContain('noopener');
  expect(await viber.getAttribute('href')).toBe(HREFS.viber);
  if (names.call) expect(await scope.getByRole('link', { name: names.call, exact: true }).getAttribute('href')).toBe(HREFS.call);
}

/**
 * Where the email's text wraps: for each line after the first, the characters either side of the
 * break (read from each character's box).
 */
function emailBreaks(link: Locator): Promise<Array<[string, string]>> {
  return link.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const chars: Array<{ char: string; top: number }> = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        chars.push({ char: text[index]!, top: range.getBoundingClientRect().top });
      }
    }
    const breaks: Array<[string, string]> = [];
    for (let index = 1; index < chars.length; index += 1) {
      if (chars[index]!.top > chars[index - 1]!.top + 2) breaks.push([chars[index - 1]!.char, chars[index]!.char]);
    }
    return breaks;
  });
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`talk to the shop (${label})`, () => {
    test.override({ viewport });

    test('the product page offers a call, WhatsApp and Viber on the shop’s mobile', async ({ page }) => {
      await page.goto(productPath());
      const block = page.getByTestId('product-contact');
      await expectVisible(block);
      expect(await block.innerText()).toMatch(/Questions\?\s*Call 9801234567\s*·\s*WhatsApp\s*·\s*Viber/);
      await expectContactLinks(block, {
        call: `Call ${MOBILE}`,
        whatsApp: 'WhatsApp: chat with Pasal',
        viber: 'Viber: chat with Pasal',
      });
      // Under the Add to Cart button.
      const button = await page.getByRole('button', { name: 'Add to Cart', exact: true }).boundingBox();
      const box = await block.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
      await expectNoSeriousViolations(page, `product page with contact links (${label})`);
    });

    test('the footer: chat links, hours and PAN, SPEC’s contacts, and the email whole or broken at its @', async ({ page }) => {
      await page.goto('/about');
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await expectContactLinks(footer, { whatsApp: 'WhatsApp: chat with Pasal', viber: 'Viber: chat with Pasal' });
      // The footer's three phone numbers stay, each a tel: link.
      expect(await footer.getByRole('link', { name: /^\+977/ }).count()).toBe(3);
      await expectVisible(footer.getByText(`Open ${E2E_STORE.hours}`, { exact: true }));
      await expectVisible(footer.getByText(`PAN: ${E2E_STORE.pan}`, { exact: true }));

      const email = footer.getByRole('link', { name: 'support@pasal.com.np', exact: true });
      await expectVisible(email);
      expect(await email.getAttribute('href')).toBe('mailto:support@pasal.com.np');
      const breaks = await emailBreaks(email);
      // Only after the @ or before a dot; on a desktop, never.
      for (const [before, after] of breaks)
        expect(before === '@' || after === '.', `broke between ${before} and ${after}`).toBe(true);
      if (label === 'desktop') expect(breaks).toEqual([]);
      // Wholly on screen, nothing cut off.
      const box = await email.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(await email.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await expectNoSeriousViolations(page, `footer (${label})`);
    });

    test('in Nepali: the links’ names, the hours and the PAN', async ({ page }) => {
      await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
      await page.goto(productPath());
      await expectContactLinks(page.getByTestId('product-contact'), {
        call: `${MOBILE} मा फोन गर्नुहोस्`,
        whatsApp: 'WhatsApp: Pasal सँग कुरा गर्नुहोस्',
        viber: 'Viber: Pasal सँग कुरा गर्नुहोस्',
      });
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await expectContactLinks(footer, {
        whatsApp: 'WhatsApp: Pasal सँग कुरा गर्नुहोस्',
        viber: 'Viber: Pasal सँग कुरा गर्नुहोस्',
      });
      await expectVisible(footer.getByText(`खुल्ने समय: ${E2E_STORE.hours}`, { exact: true }));
      await expectVisible(footer.getByText(`प्यान नं.: ${E2E_STORE.pan}`, { exact: true }));
    });
  });
}
