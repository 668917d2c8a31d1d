import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './support/axe.js';
import { describe, expect, test, workerShop } from './support/fixtures.js';
import { expectVisible } from './support/ui.js';

/**
 * The installable app at phone width, in English and Nepali: the manifest of the page's language,
 * no installability errors in Chromium, the service worker in control after the first load, the
 * offline page in the chosen language when the network is gone, and the "new version" prompt when
 * a newer worker waits. PWA_SCREENSHOTS=<folder> keeps screenshots for a person to look at.
 */
const SCREENSHOTS = process.env.PWA_SCREENSHOTS;

const TEXTS = {
  en: { name: 'Pasal', offline: 'You are offline', update: 'A new version of Pasal is available.', reload: 'Reload' },
  ne: { name: 'पसल', offline: 'तपाईं अफलाइन हुनुहुन्छ', update: 'पसलको नयाँ संस्करण आएको छ।', reload: 'फेरि लोड गर्नुहोस्' },
} as const;

/** Waits until the service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
}

describe('the installable app', () => {
  test.override({ serviceWorkers: 'allow' });
  for (const locale of ['en', 'ne'] as const) {
    test(`installs, works offline and offers a new version (${locale})`, async ({ page }) => {
      const texts = TEXTS[locale];
      if (locale === 'ne') {
        await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
      }
      await page.goto('/about');

      const cdp = await page.context().newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
        data?: string;
      };
      expect(manifest.url).toMatch(locale === 'ne' ? /\/manifest\.ne\.webmanifest$/ : /\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data ?? '{}') as {
        name: string;
        lang: string;
        display: string;
        icons: { sizes: string; purpose: string }[];
      };
      expect([data.name, data.lang, data.display]).toEqual([texts.name, locale, 'standalone']);
      expect(data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      );

      await controlled(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);

      // Kept: the shell and hashed files only; never an API answer or a page.
      await page.reload();
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(kept).toContain(locale === 'ne' ? '/offline.ne.html' : '/offline.html');
      expect(kept.some((url) => url.startsWith('/assets/'))).toBe(true);
      expect(kept.filter((url) => url.startsWith('/api/') || url === '/about')).toEqual([]);

      // No network: a page asked for shows the offline page, in the chosen language.
      await page.context().setOffline(true);
      await page.evaluate(() => window.location.assign('/products'));
      await expectVisible(page.getByRole('heading', { name: texts.offline }));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await expectNoSeriousViolations(page, `offline page (${locale}, phone)`);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/pwa-offline-${locale}-390.png` });

      // Back online, a newer worker (another script address is a new version) waits: the page offers it.
      await page.context().setOffline(false);
      await page.goto('/about');
      await controlled(page);
      await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next').then(() => undefined));
      const reload = page.getByRole('button', { name: texts.reload });
      await expectVisible(page.getByText(texts.update));
      await expectVisible(reload);
      await expectNoSeriousViolations(page, `update prompt (${locale}, phone)`);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/pwa-update-${locale}-390.png` });
      await Promise.all([page.waitForEvent('load'), reload.click()]);
      await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js?next'));
    });
  }
});
