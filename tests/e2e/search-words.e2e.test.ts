import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { adminToken, createCategoryTree, drawnPng, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { expectVisible } from './support/ui.js';

/**
 * A search with a typo shows what it searched for instead, and a search that finds nothing links
 * the nearest words and categories, in English and Nepali, on a phone and a desktop, axe clean.
 * SEARCH_SCREENSHOTS: a folder to keep screenshots in, for a person to look at.
 */

const SCREENSHOTS = process.env.SEARCH_SCREENSHOTS;
const tag = crypto.randomBytes(3).toString('hex');
// Letters only: the words a typo is corrected to are latin words.
const word = `quokkaphone${tag.replace(/[0-9]/g, 'x')}`;
const typo = word.replace('kk', 'k');
const category = `Quokka Gear ${tag}`;
const productName = `${word[0]!.toUpperCase()}${word.slice(1)} Pro`;

beforeAll(async () => {
  const token = await adminToken();
  await createCategoryTree(token, category, `Pouches ${tag}`, []);
  await uploadProduct(token, { name: productName, description: 'A phone for the search browser test.', price: 25000, category }, [
    { png: await drawnPng('hsl(200, 70%, 50%)', 640, 480), filename: 'product.png' },
  ]);
});

async function inNepali(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: false });
}

const texts = {
  en: { showing: 'Showing results for', nothing: `Nothing matched “${word.slice(0, 5)}zzzz”.`, words: 'Try searching for' },
  ne: { showing: 'का नतिजा देखाइँदै', nothing: `“${word.slice(0, 5)}zzzz” सँग मिल्ने केही भेटिएन।`, words: 'यसको सट्टा खोज्नुहोस्' },
};

function checks(size: string) {
  for (const language of ['en', 'ne'] as const) {
    test(`${language}: a typo shows what was searched for; nothing found links words and categories`, async ({ page }) => {
      if (language === 'ne') await inNepali(page);
      const text = texts[language];
      await page.goto(`/products?q=${typo}`);
      const notice = page.getByRole('status').filter({ hasText: text.showing });
      await expectVisible(notice);
      expect(await notice.textContent()).toContain(word);
      await expectVisible(page.getByRole('heading', { name: productName, exact: true }));
      await expectNoSeriousViolations(page, `/products?q=typo (${language}, ${size})`);
      await shot(page, `searched-for-${language}-${size}`);

      await page.goto(`/products?q=${word.slice(0, 5)}zzzz`);
      await expectVisible(page.getByText(text.nothing));
      await expectVisible(page.getByRole('heading', { name: text.words }));
      const categoryLink = page.getByRole('link', { name: category, exact: true });
      await expectVisible(categoryLink);
      expect(await categoryLink.getAttribute('href')).toContain('category=');
      await expectNoSeriousViolations(page, `/products?q=nothing (${language}, ${size})`);
      await shot(page, `suggestions-${language}-${size}`);

      await page.getByRole('link', { name: word, exact: true }).click();
      await expectVisible(page.getByRole('heading', { name: productName, exact: true }));
      expect(new URL(page.url()).searchParams.get('q')).toBe(word);
    });
  }
}

describe('search without dead ends on a phone', () => {
  checks('phone');
});

describe('search without dead ends on a desktop', () => {
  test.override({ viewport: DESKTOP });
  checks('desktop');
});
