import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { insertSpecRows } from './support/db.js';
import { DESKTOP, PHONE, beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { expectPath, expectToast, expectVisible, settled } from './support/ui.js';

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
  // Brands through the shop's API: the first two laptops have one, the others none.
  for (const [index, brand] of [`Asus ${tag}`, `Dell ${tag}`].entries()) {
    expect((await api('POST', '/api/admin/brands', { token, body: { name: brand } })).status).toBe(201);
    const set = await api('PUT', `/api/products/${ids[index]}/specs`, { token, body: { brand } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
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

describe('comparing laptops on a phone', () => {
  test('Compare on the cards, a fifth refused, then the products side by side with their differences', async ({ page }) => {
    await page.goto(`/products?category=${encodeURIComponent(category)}`);
    for (const laptop of laptops.slice(0, 4)) await page.getByRole('button', { name: `Compare ${laptop.name}` }).click();
    await expect.poll(() => page.getByRole('button', { name: `Compare ${laptops[0]!.name}` }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: `Compare ${laptops[4]!.name}` }).click();
    await expectToast(page, 'You can compare up to 4 products. Remove one to add another.');
    expect(await page.getByRole('button', { name: `Compare ${laptops[4]!.name}` }).getAttribute('aria-pressed')).toBe('false');
    // Taken off again: three are compared.
    await page.getByRole('button', { name: `Compare ${laptops[3]!.name}` }).click();
    const bar = page.getByRole('complementary', { name: 'Products to compare' });
    await expectVisible(bar.getByText('3 of 4 chosen to compare'));

    await bar.getByRole('link', { name: 'Compare (3)' }).click();
    await expectPath(page, `/compare?ids=${ids.slice(0, 3).join(',')}`);
    await expectVisible(compareTable(page));
    const headers = await columns(page).allInnerTexts();
    expect(headers.slice(1).map((text) => text.split('\n').find((line) => line.includes(tag)))).toEqual(
      laptops.slice(0, 3).map((laptop) => laptop.name),
    );
    // Rows aligned by name; the same value is not marked, different ones are, and a gap reads as a dash.
    expect(await rowTexts(page, 'RAM')).toEqual(['RAM', '16 GB', '16 GB', '16 GB']);
    expect(await rowTexts(page, 'Processor')).toEqual(['Processor\nDiffers', 'Ryzen 7 7435HS', 'Core i7-13650HX', 'Core i5-12450HX']);
    // The dash is read out as "Not given".
    expect(await rowTexts(page, 'Display')).toEqual(['Display\nDiffers', '—\nNot given', '15.6" 165 Hz', '—\nNot given']);
    expect(await page.getByRole('rowheader', { name: 'Display Differs' }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'Not given' }).count()).toBe(5); // Display and Storage two each, a brand
    expect(await rowTexts(page, 'Brand')).toEqual(['Brand\nDiffers', `Asus ${tag}`, `Dell ${tag}`, '—\nNot given']);
    expect(await rowTexts(page, 'Price')).toEqual(['Price\nDiffers', 'Rs. 95,000', 'Rs. 1,20,000', 'Rs. 1,05,000']);

    // Two products fill the phone's width beside the names; the third is reached by scrolling, the names stay.
    await settled(page);
    const second = (await columns(page).nth(2).boundingBox())!;
    const third = (await columns(page).nth(3).boundingBox())!;
    expect(second.x + second.width).toBeLessThanOrEqual(PHONE.width);
    expect(third.x).toBeGreaterThanOrEqual(PHONE.width - 24);
    const names = page.getByRole('rowheader', { name: /^RAM/ });
    const namesBefore = (await names.boundingBox())!.x;
    await compareTable(page).evaluate((region) => region.scrollBy({ left: 400 }));
    await expect.poll(async () => (await columns(page).nth(3).boundingBox())!.x).toBeLessThan(PHONE.width - 100);
    expect((await names.boundingBox())!.x).toBe(namesBefore);
    // Only the table scrolls sideways, never the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolations(page, 'compare page (phone)');

    // Removed here, removed from the device's list too.
    await page.getByRole('button', { name: `Remove ${laptops[1]!.name} from the comparison` }).click();
    await expectPath(page, `/compare?ids=${ids[0]},${ids[2]}`);
    expect(await rowTexts(page, 'Processor')).toEqual(['Processor\nDiffers', 'Ryzen 7 7435HS', 'Core i5-12450HX']);
    expect(await page.getByRole('rowheader', { name: /^Display/ }).count()).toBe(0);
    await page.goto('/compare');
    await expectVisible(page.getByRole('link', { name: laptops[2]!.name }));
    expect(await columns(page).count()).toBe(3);
  });
});

describe('comparing and reading specifications on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('in Nepali: the compare page and the product page’s Specifications', async ({ page }) => {
    await inNepali(page);
    await page.goto(`/compare?ids=${ids.slice(0, 4).join(',')}`);
    await expectVisible(page.getByRole('heading', { name: 'सामानहरूको तुलना' }));
    expect(await columns(page).count()).toBe(5);
    expect(await rowTexts(page, 'Processor')).toEqual(['Processor\nफरक छ', 'Ryzen 7 7435HS', 'Core i7-13650HX', 'Core i5-12450HX', '—\nउल्लेख छैन']);
    expect(await page.getByRole('cell', { name: 'उल्लेख छैन' }).count()).toBeGreaterThan(0);
    await settled(page);
    await expectNoSeriousViolations(page, 'compare page (desktop, Nepali)');

    await page.getByRole('link', { name: laptops[1]!.name }).click();
    await expectPath(page, `/products/${ids[1]}`);
    await expectVisible(page.getByText(`Dell ${tag}`, { exact: true }));
    const specs = page.getByRole('table', { name: 'स्पेसिफिकेसन' });
    await expectVisible(specs);
    expect(await specs.getByRole('row').allInnerTexts()).toEqual(['RAM\t16 GB', 'Processor\tCore i7-13650HX', 'Display\t15.6" 165 Hz']);
    // On the device's list already? Not from a link: the toggle adds it, and the link counts it.
    const toggle = page.getByRole('button', { name: `तुलना: ${laptops[1]!.name}` });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expectVisible(page.getByRole('link', { name: 'तुलना गर्नुहोस् (१)' }));
    await settled(page);
    await expectNoSeriousViolations(page, 'product page with specifications (desktop, Nepali)');
  });

  test('a product without specifications shows no table', async ({ page }) => {
    await page.goto(`/products/${ids[3]}`);
    await expectVisible(page.getByRole('heading', { name: laptops[3]!.name }));
    expect(await page.getByRole('heading', { name: 'Specifications' }).count()).toBe(0);
  });
});

describe('the filter drawer’s brands and specifications', () => {
  test('ticking a brand and a value narrows the list, kept in the address, in Nepali too', async ({ page }) => {
    await page.goto(`/products?category=${encodeURIComponent(category)}`);
    await page.getByRole('button', { name: /^Filter by/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter by' });
    const brands = drawer.getByRole('group', { name: 'Brand' });
    await expectVisible(brands.getByRole('checkbox', { name: `Asus ${tag} (1)` }));
    await expectVisible(drawer.getByRole('group', { name: 'RAM' }).getByRole('checkbox', { name: '16 GB (3)' }));
    await settled(page);
    await expectNoSeriousViolations(page, 'filter drawer with facets');

    await drawer.getByRole('group', { name: 'Processor' }).getByRole('checkbox', { name: 'Core i7-13650HX (1)' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('spec.Processor')).toBe('Core i7-13650HX');
    await brands.getByRole('checkbox', { name: `Dell ${tag} (1)` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('brand')).toBe(`Dell ${tag}`);
    await drawer.getByRole('button', { name: 'Done' }).click();
    const list = page.getByRole('region', { name: /^(Products|सामानहरू)$/ });
    await expect.poll(() => list.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([laptops[1]!.name]);
    await expectVisible(page.getByRole('button', { name: `Remove filter Brand: Dell ${tag}` }));
    await expectVisible(page.getByRole('button', { name: 'Remove filter Processor: Core i7-13650HX' }));

    // The same address in Nepali: the same list, the groups and counts in Nepali.
    await inNepali(page);
    await page.reload();
    await expect.poll(() => list.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([laptops[1]!.name]);
    await page.getByRole('button', { name: /^फिल्टर/ }).click();
    const brandsNe = page.getByRole('dialog').getByRole('group', { name: 'ब्रान्ड' });
    await expectVisible(brandsNe.getByRole('checkbox', { name: `Dell ${tag} (१)` }));
    expect(await brandsNe.getByRole('checkbox', { name: `Dell ${tag} (१)` }).isChecked()).toBe(true);
  });
});
