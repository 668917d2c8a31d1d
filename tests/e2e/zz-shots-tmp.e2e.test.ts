import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { insertSpecRows } from './support/db.js';
import { PHONE, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import fs from 'node:fs';
import { expectVisible, settled } from './support/ui.js';

/**
 * Comparing products: 'Compare' on the list's cards (at most four, remembered on the device), the
 * compare bar, and /compare with the products side by side, rows aligned by specification name and
 * the differing ones marked in words; on a phone two columns and a names column that stays while
 * the table scrolls sideways. The product page's Specifications table. English and Nepali, axe clean.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Compare Laptops ${tag}`;
const laptops: { name: string; price: number; specs: Record<string, string> }[] = [
  { name: `Asus TUF ${tag}`, price: 95000, specs: { RAM: '16 GB', Processor: 'Ryzen 7 7435HS', Storage: '512 GB SSD' } },
  { name: `Dell G15 ${tag}`, price: 120000, specs: { RAM: '16 GB', Processor: 'Core i7-13650HX', Display: '15.6" 165 Hz' } },
  { name: `Lenovo LOQ ${tag}`, price: 105000, specs: { RAM: '16 GB', Processor: 'Core i5-12450HX' } },
  { name: `HP Victus ${tag}`, price: 99000, specs: {} },
  { name: `Acer Nitro ${tag}`, price: 89000, specs: {} },
];
const ids: number[] = [];

beforeAll(async () => {
  const token = await adminToken();
  const created = await api<{ category: { id: number } }>('POST', '/api/category', { token, body: { name: category } });
  expect(created.status).toBe(201);
  for (const [index, laptop] of laptops.entries()) {
    const picture = { png: await drawnPng(`hsl(${index * 70}, 60%, 55%)`, 400, 400), filename: 'p.png' };
    const product = await uploadProduct(
      token,
      { name: laptop.name, description: `${laptop.name}, a laptop of the compare test.`, price: laptop.price, stock: 8, category },
      [picture],
    );
    ids.push(product.id);
  }
  insertSpecRows(
    created.body.category.id,
    laptops.map((laptop, index) => ({ productId: ids[index]!, values: laptop.specs })),
  );
});

/** The table's head row: the names column, then a column per product. */
const columns = (page: Page) => compareTable(page).locator('thead th');
const inNepali = (page: Page) => page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
const compareTable = (page: Page) => page.getByRole('region', { name: /side by side|छेउछाउ/ });
/** The texts of a row, its name first (the name cell's own words, e.g. 'Processor Differs'). */
const rowTexts = (page: Page, name: string) =>
  page
    .locator('tr', { has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })
    .locator('th, td')
    .allInnerTexts();


const WIDE = { width: 1280, height: 900 };
for (const [label, viewport] of [['390', PHONE], ['1280', WIDE]] as const) {
  for (const lang of ['en', 'ne'] as const) {
    describe(`shots ${label} ${lang}`, () => {
      test.override({ viewport });
      test('shoot', async ({ page }) => {
        if (lang === 'ne') await inNepali(page);
        await page.goto(`/compare?ids=${ids.slice(0, 4).join(',')}`);
        await expectVisible(compareTable(page));
        await settled(page);
        await page.screenshot({ path: `/tmp/shots-compare/compare-${label}-${lang}.png`, fullPage: true });
        await page.goto(`/products/${ids[1]}`);
        await expectVisible(page.getByRole('heading', { name: laptops[1]!.name }));
        await page.getByRole('button', { name: lang === 'en' ? `Compare ${laptops[1]!.name}` : `तुलना: ${laptops[1]!.name}` }).click();
        await settled(page);
        await page.screenshot({ path: `/tmp/shots-compare/product-${label}-${lang}.png`, fullPage: true });
        await page.goto(`/products?category=${encodeURIComponent(category)}`);
        await settled(page);
        await page.screenshot({ path: `/tmp/shots-compare/list-${label}-${lang}.png`, fullPage: false });
        expect(fs.existsSync(`/tmp/shots-compare/compare-${label}-${lang}.png`)).toBe(true);
      });
    });
  }
}
