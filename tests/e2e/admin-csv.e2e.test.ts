import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, placeCodOrder, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { expectToast, expectVisible } from './support/ui.js';

/**
 * Export and import: the Orders tab's Export CSV downloads the orders its filters select;
 * the Products panel's Import CSV previews a file with a row's error (Apply disabled), then applies a
 * clean one with an image from a ZIP. Phone (390 px) and desktop.
 */

const SCREENSHOTS = process.env.CSV_SCREENSHOTS; // a folder to keep screenshots in, for a person to look at

async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name, exact: true }).click();
}

async function exportOrders(page: Page, tag: string): Promise<void> {
  const token = await adminToken();
  await api('POST', '/api/category', { token, body: { name: 'CSV Gear' } }); // 409 when it is there already
  const product = await uploadProduct(
    token,
    { name: `CSV Mouse ${tag}`, description: 'A mouse', price: 1500, category: 'CSV Gear', stock: 50 },
    [{ png: await drawnPng('#aa3300'), filename: 'mouse.png' }],
  );
  const shopper = await registerVerifiedShopper({ firstName: 'सीता', lastName: `Export${tag}` });
  const delivery = { province: 'Bagmati', district: 'Lalitpur', city: 'ललितपुर', address: 'Jhamsikhel', landmark: '' };
  const orderId = await placeCodOrder(shopper, [[{ id: product.id, price: 1500 }, 2]], delivery);
  await placeCodOrder(shopper, [[{ id: product.id, price: 1500 }, 1]], delivery); // another order, filtered out below

  await adminLoginViaUi(page);
  await openSection(page, 'Orders');
  await page.getByLabel('Search orders').fill(orderId);
  await expectVisible(page.getByText(orderId, { exact: true }).filter({ visible: true }).first());
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pasal-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(bytes.toString('utf8').slice(1));
  expect(rows[0]![0]).toBe('Order ID');
  // The search's one order, not the other, with the Nepali names as they were typed.
  expect(rows.slice(1).map((cells) => cells[0])).toEqual([orderId]);
  expect(rows[1]![2]).toBe(`सीता Export${tag}`);
  expect(rows[1]![6]).toBe('ललितपुर');
  expect(rows[1]![rows[0]!.indexOf('Items')]).toBe(`2 × CSV Mouse ${tag}`);
}

async function importProducts(page: Page, tag: string, shot: string): Promise<void> {
  await adminLoginViaUi(page);
  await openSection(page, 'Products');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  await expectVisible(dialog);
  await expectNoSeriousViolations(page, 'the import dialog');

  // A file with a mistake: the preview names its row, column and message, and Apply stays off.
  const header = 'sku,name,description,category,price,stock,featured,images';
  const bad = `${header}\r\nCSV-${tag}-1,Keyboard ${tag},Mechanical,Accessories > Keyboards,abc,5,no,keys.png\r\n`;
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  const errors = dialog.getByTestId('import-errors');
  await expectVisible(errors.getByText('Row 2, price: Price must be a number'));
  await expectVisible(errors.getByText('Row 2, images: The image "keys.png" is not in the ZIP file'));
  expect(await dialog.getByRole('button', { name: 'Apply import' }).isDisabled()).toBe(true);
  await expectNoSeriousViolations(page, 'the import preview with errors');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-errors-${shot}.png`, fullPage: false });

  // The fixed file and its image: no errors, then applied in one go.
  const good = `\uFEFF${header}\r\nCSV-${tag}-1,Keyboard ${tag},Mechanical,Accessories > Keyboards,4500,5,no,keys.png\r\n`;
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  const zip = zipSync({ 'keys.png': await drawnPng('#2255aa') });
  await dialog
    .getByLabel('Images (ZIP, optional)')
    .setInputFiles({ name: 'images.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expectVisible(dialog.getByText('No errors: the file can be imported.'));
  await expectVisible(dialog.getByText('Accessories > Keyboards', { exact: true }).first());
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-clean-${shot}.png`, fullPage: false });
  await dialog.getByRole('button', { name: 'Apply import' }).click();
  await expectToast(page, 'Imported: 1 new, 0 updated');
  await expect.poll(() => dialog.count()).toBe(0);
  await expectVisible(page.getByRole('link', { name: `Keyboard ${tag}` }).first());

  // The Activity tab has the import: one entry, the file's name and its counts (a preview left none).
  await openSection(page, 'Activity');
  const entry = page.getByTestId('audit-entry').filter({ hasText: 'good.csv' }).first();
  await expectVisible(entry.getByText('Imported products from a CSV'));
  await expectVisible(entry.getByText('Products added'));
  expect(await page.getByTestId('audit-entry').filter({ hasText: 'bad.csv' }).count()).toBe(0);
  if (SCREENSHOTS) await entry.screenshot({ path: `${SCREENSHOTS}/import-activity-${shot}.png` });
}

describe('admin CSV export and import (phone)', () => {
  test.override({ viewport: PHONE });

  test('Export CSV downloads the orders the search selects', async ({ page }) => {
    await exportOrders(page, 'P');
  });

  test('Import CSV previews a row’s error, then applies a clean file', async ({ page }) => {
    await importProducts(page, 'p390', 'phone');
  });
});

describe('admin CSV export and import (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('Export CSV downloads the orders the search selects', async ({ page }) => {
    await exportOrders(page, 'D');
  });

  test('Import CSV previews a row’s error, then applies a clean file', async ({ page }) => {
    await importProducts(page, 'desk', 'desktop');
  });
});
