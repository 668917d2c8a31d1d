import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { type Shopper, adminToken, api, drawnPng, placeCodOrder, rawHtml, uploadProduct } from './support/api.js';
import { axeAudit } from './support/axe.js';
import { DESKTOP, PHONE, beforeAll, describe, expect, workerShop, test } from './support/fixtures.js';
import { loggedInBeforeLoad } from './support/flows.js';
import { eventually, expectVisible, settled } from './support/ui.js';

/**
 * Nepali and English: the switch in the header and in the menu, the choice kept for the
 * next visit (the server's first paint already in it) and on a shopper's account, a first visit that
 * follows the browser's languages, prices in Nepali digits, and axe on the pages in Nepali at phone
 * and desktop width, logged out, as a shopper and as the admin.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Language Test ${tag}`;
const product = { id: 0, name: `Gaming Laptop ${tag}`, price: 164900 };

/** How long a page on an emulated slow phone may take to hydrate and answer a tap. */
const SLOW_PHONE_TIMEOUT = 45_000;
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The page in Nepali from its first load, as a returning visitor who chose it. */
async function rememberNepali(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
}

beforeAll(async () => {
  const token = await adminToken();
  expect((await api('POST', '/api/category', { token, body: { name: category } })).status).toBe(201);
  product.id = (
    await uploadProduct(
      token,
      { name: product.name, description: `${product.name}: checked by the language test.`, price: product.price, category },
      [{ png: await drawnPng('#22c55e'), filename: 'front.png' }],
    )
  ).id;
});

describe('the language switch', () => {
  test('puts the page in Nepali at once, keeps it for the next visit, and goes back from the menu', async ({ page }) => {
    await page.goto('/');
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('button', { name: 'Language: नेपाली' }).click();
    await eventually(
      () => htmlLang(page),
      (lang) => lang === 'ne',
      '<html lang="ne">',
    );
    await expectVisible(page.getByRole('button', { name: 'मेनु खोल्नुहोस्' }));
    await expectVisible(page.getByRole('button', { name: 'भाषा: English' }));
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);

    // The next visit's HTML, before any script runs, is Nepali already: no flash of English.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'pasal_lang')?.value).toBe('ne');
    const html = await fetch(new URL('/', workerShop().baseUrl), { headers: { cookie: 'pasal_lang=ne' } }).then((res) =>
      res.text(),
    );
    expect(html).toContain('<html lang="ne">');
    expect(html).toContain('aria-label="मेनु खोल्नुहोस्"');
    expect(html).not.toContain('aria-label="Open menu"');
    expect(html).toMatch(/<link rel="alternate" hreflang="ne" href="[^"]*\/\?lang=ne">/);
    // English visitors still get the page as it always was.
    expect(await rawHtml('/')).toContain('aria-label="Open menu"');

    await page.reload();
    expect(await htmlLang(page)).toBe('ne');
    await page.getByRole('button', { name: 'मेनु खोल्नुहोस्' }).click();
    const menu = page.getByRole('dialog', { name: 'मेनु' });
    await expectVisible(menu);
    await menu.getByRole('button', { name: 'भाषा: English' }).click();
    await eventually(
      () => htmlLang(page),
      (lang) => lang === 'en',
      '<html lang="en">',
    );
    await expectVisible(page.getByRole('button', { name: 'Open menu' }));
  });

  test('a first visit follows the browser’s languages', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: workerShop().baseUrl, viewport: PHONE, locale: 'ne-NP' });
    try {
      const page = await context.newPage();
      await page.goto('/about');
      expect(await htmlLang(page)).toBe('ne');
      await expectVisible(page.locator('main').getByText('हाम्रो बारेमा', { exact: true }));
      await expectVisible(page.getByRole('heading', { level: 1 }));
    } finally {
      await context.close();
    }
  });

  test('a tap on the switch while a slow phone is still taking the page over', async ({ page }) => {
    // Hydration sliced over many tasks (a phone six times slower than this machine): the tap lands
    // while parts of the page are still the server's HTML. React must hydrate them in the language
    // the server wrote them in and switch after, not report a mismatch (error #418) and redo them.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    for (const path of ['/', `/products/${product.id}`]) {
      await page.context().clearCookies();
      // Not page.goto, which waits for <html data-ready>: the tap comes as soon as the switch is seen.
      await page.evaluate((to) => window.location.assign(to), new URL(path, workerShop().baseUrl).href);
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('button', { name: 'Language: नेपाली' }).click();
      // Six times slower, and sharing the machine with the other worker's browser: the page takes
      // several times the usual wait to finish taking over and switch.
      await eventually(
        () => htmlLang(page),
        (lang) => lang === 'ne',
        '<html lang="ne">',
        SLOW_PHONE_TIMEOUT,
      );
      await expectVisible(page.getByRole('button', { name: 'भाषा: English' }), SLOW_PHONE_TIMEOUT);
      if (path !== '/') await expectVisible(page.getByRole('button', { name: 'कार्टमा थप्नुहोस्', exact: true }));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('prices in Nepali digits, and a shopper’s choice kept on the account for the mails', async ({ page }) => {
    const shopper: Shopper = await loggedInBeforeLoad(page);
    await page.goto(`/products/${product.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/users/language') && res.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Language: नेपाली' }).click();
    expect((await saved).status()).toBe(200);
    await expectVisible(page.getByText('रू १,६४,९००').first());
    await expectVisible(page.getByRole('button', { name: 'कार्टमा थप्नुहोस्', exact: true }));

    const login = await api<{ token: string }>('POST', '/api/users/login', {
      body: { emailOrPhone: shopper.email, password: shopper.password },
    });
    const account = await api<{ user: { language: string } }>('GET', `/api/users/findUser/${shopper.userId}`, {
      token: login.body.token,
    });
    expect(account.body.user.language).toBe('ne');
  });
});

for (const [width, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`axe in Nepali (${width})`, () => {
    test.override({ viewport });

    test('the public pages and drawers, logged out', async ({ page }) => {
      await rememberNepali(page);
      const audit = axeAudit(page);
      for (const path of [
        '/',
        '/about',
        '/privacy-policy',
        '/terms-and-conditions',
        '/products',
        `/products/${product.id}`,
        '/login',
        '/register',
        '/forgot-password',
        '/admin/login',
        '/no-such-page',
      ]) {
        await page.goto(path);
        expect(await htmlLang(page)).toBe('ne');
        await expectVisible(page.getByRole('heading', { level: 1 }).first());
        await settled(page);
        await audit.check(`${path} in Nepali (${width})`);
      }
      await page.goto('/');
      await page.getByRole('button', { name: 'मेनु खोल्नुहोस्' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'मेनु' }));
      await settled(page);
      await audit.check(`Home, menu open, in Nepali (${width})`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'कार्ट खोल्नुहोस्' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'किनमेल कार्ट' }));
      await settled(page);
      await audit.check(`Home, cart open, in Nepali (${width})`);
      audit.expectClean();
    });

    test('a shopper’s account and orders, and the admin panel', async ({ page }) => {
      await rememberNepali(page);
      const audit = axeAudit(page);
      const shopper = await loggedInBeforeLoad(page);
      await placeCodOrder(shopper, [[product, 1]], {
        province: 'Bagmati',
        district: 'Kathmandu',
        city: 'Kathmandu',
        address: 'Thamel, ward 26',
        landmark: 'Near the Garden of Dreams',
      });
      await page.goto('/account');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'मेरो खाता' }).first());
      await settled(page);
      await audit.check(`Account in Nepali (${width})`);

      // The admin's session as the login page leaves it (its form is checked in English by admin.e2e).
      const token = await adminToken();
      await page.evaluate((value) => window.localStorage.setItem('pasal.adminToken', value), token);
      await page.goto('/admin');
      expect(await htmlLang(page)).toBe('ne');
      await expectVisible(page.getByRole('button', { name: 'अर्डरहरू', exact: true }));
      await page.getByRole('button', { name: 'अर्डरहरू', exact: true }).click();
      await settled(page);
      await audit.check(`Admin orders in Nepali (${width})`);
      await page.getByRole('button', { name: 'सामानहरू', exact: true }).click();
      await settled(page);
      await audit.check(`Admin products in Nepali (${width})`);
      await page.getByRole('button', { name: 'नयाँ सामान अपलोड गर्नुहोस्' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'नयाँ सामान अपलोड गर्नुहोस्' }));
      await settled(page);
      await audit.check(`Admin product form dialog in Nepali (${width})`);
      await page.keyboard.press('Escape');
      audit.expectClean();
    });
  });
}
