import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, placeCodOrder, registerVerifiedShopper, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { setOrderState } from './support/db.js';
import { DESKTOP, PHONE, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { eventually, expectHidden, expectToast, expectVisible, settled } from './support/ui.js';

/**
 * Safe hands and the audit log in the browser: Delete asks once, naming the product, so a
 * double click archives nothing; the archived product comes back from the Archived view; a price
 * change shows in the Activity tab and in the product's History; category deletes ask too (phone).
 */

const tag = crypto.randomBytes(3).toString('hex');

async function makeProduct(token: string, name: string, category: string, price = 32000) {
  return uploadProduct(token, { name, description: `${name}: a test product`, price, category }, [
    { png: await drawnPng('#0ea5e9', 200, 200), filename: 'p.png' },
  ]);
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** The Products tab, searched down to this test's products. */
async function productsTab(page: Page, search: string): Promise<void> {
  await sections(page).getByRole('button', { name: 'Products', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search products by name or description' }).fill(search);
  // The search applies once typing stops (the address then holds it), and the list stays dimmed
  // until its answer has come: colours and rows are read after that.
  await eventually(
    async () =>
      [...new URL(page.url()).searchParams.values()].includes(search) && (await page.locator('main .opacity-60').count()) === 0,
    (searched) => searched,
    'the products list answering the search',
  );
}

const productRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const status = async (id: number) => (await api('GET', `/api/products/${id}`)).status;

describe('deleting products safely (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('a double click on Delete asks once, naming the product, and archives nothing; a yes archives that one only', async ({
    page,
  }) => {
    const token = await adminToken();
    const category = `Safety ${tag}`;
    expect((await api('POST', '/api/category', { body: { name: category }, token })).status).toBe(201);
    const first = await makeProduct(token, `Double Click Alpha ${tag}`, category);
    const second = await makeProduct(token, `Double Click Beta ${tag}`, category);

    await adminLoginViaUi(page);
    await productsTab(page, `double click ${tag}`);
    await eventually(
      () => page.getByRole('row').count(),
      (count) => count === 3,
      'the header row and the two products',
    );
    const topName = (await page.getByRole('row').nth(1).getByRole('link').first().textContent())!.trim();
    const other = topName === first.name ? second : first;
    const top = topName === first.name ? first : second;

    // Edit is the row's main action: the filled (primary) button, Feature an outline one.
    const row = productRow(page, top.name);
    const editClass = await row.getByRole('button', { name: 'Edit' }).getAttribute('class');
    const featureClass = await row.getByRole('button', { name: 'Feature', exact: true }).getAttribute('class');
    expect(editClass).toContain('bg-amber-500');
    expect(featureClass).toContain('border');
    expect(featureClass).not.toContain('bg-amber-500');

    await row.getByRole('button', { name: 'Delete' }).dblclick();
    const dialog = page.getByRole('alertdialog');
    await expectVisible(dialog);
    expect(await dialog.count()).toBe(1);
    await expectVisible(dialog.getByRole('heading', { name: `Archive “${top.name}”?` }));
    await expectVisible(dialog.getByText('You can restore it from Archived for 30 days.', { exact: false }));
    // Focus is on the safe answer.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
    await expectNoSeriousViolations(page, 'admin products, archive dialog (desktop)');
    expect(await status(top.id)).toBe(200);
    expect(await status(other.id)).toBe(200);

    // Escape keeps it.
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    expect(await status(top.id)).toBe(200);

    // Asked again and answered yes: only that product goes; the next row is asked about on its own.
    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Archive product' }).click();
    await expectToast(page, 'Product deleted successfully');
    await expectHidden(row);
    expect(await status(top.id)).toBe(404);
    expect(await status(other.id)).toBe(200);
    await expectVisible(productRow(page, other.name));
    await expectHidden(dialog);
  });

  test('the Archived view lists a deleted product with until when it can come back, and Restore puts it back in the shop', async ({
    page,
  }) => {
    const token = await adminToken();
    const category = `Archive ${tag}`;
    expect((await api('POST', '/api/category', { body: { name: category }, token })).status).toBe(201);
    const product = await makeProduct(token, `Restorable Speaker ${tag}`, category, 4500);
    expect((await api('DELETE', `/api/products/${product.id}`, { token })).status).toBe(200);

    await adminLoginViaUi(page);
    await sections(page).getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('group', { name: 'Which products' }).getByRole('button', { name: 'Archived' }).click();
    const entry = page.getByRole('list', { name: 'Archived products, newest first' }).getByRole('listitem').filter({
      hasText: product.name,
    });
    await expectVisible(entry);
    await expectVisible(entry.getByText(/can be restored until \d{2}\/\d{2}\/\d{4}/));
    await expectNoSeriousViolations(page, 'admin products, Archived view (desktop)');

    await entry.getByRole('button', { name: `Restore ${product.name}` }).click();
    await expectToast(page, `“${product.name}” is back in the shop`);
    await expectHidden(entry);
    expect(await status(product.id)).toBe(200);
    const listed = await api<{ id: number }[]>(
      'GET',
      `/api/products?category=${encodeURIComponent(category.replace(/ /g, '-'))}`,
    );
    expect(listed.body.map((item) => item.id)).toEqual([product.id]);

    await page.getByRole('group', { name: 'Which products' }).getByRole('button', { name: 'In the shop' }).click();
    await page.getByRole('searchbox', { name: 'Search products by name or description' }).fill(`restorable ${tag}`);
    await expectVisible(productRow(page, product.name));
  });
});

describe('the audit log in the panel (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('a price change made in Edit shows in the Activity tab and in the product’s History, and the tab is remembered', async ({
    page,
  }) => {
    const token = await adminToken();
    const category = `Audit ${tag}`;
    expect((await api('POST', '/api/category', { body: { name: category }, token })).status).toBe(201);
    const product = await makeProduct(token, `Audited Monitor ${tag}`, category, 32000);

    await adminLoginViaUi(page);
    await productsTab(page, `audited ${tag}`);
    const row = productRow(page, product.name);
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Product' });
    await form.getByLabel('Price (Rs.)').fill('29999.50');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Product updated');
    await expectHidden(form);

    // The product's History, from its row.
    await row.getByRole('button', { name: `History of ${product.name}` }).click();
    const history = page.getByRole('dialog', { name: `History of “${product.name}”` });
    await expectVisible(history);
    const edited = history.getByTestId('audit-entry').filter({ hasText: 'Edited product' });
    await expectVisible(edited);
    await expectVisible(edited.getByText('Rs. 32,000 → Rs. 29,999.50', { exact: true }));
    await expectVisible(history.getByTestId('audit-entry').filter({ hasText: 'Uploaded product' }));
    await expectNoSeriousViolations(page, 'product History dialog (desktop)');
    await history.getByRole('button', { name: 'Close' }).last().click();
    await expectHidden(history);

    // The Activity tab: every change, newest first; filtered down to this product.
    await sections(page).getByRole('button', { name: 'Activity', exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: 'Activity', level: 2 }));
    await page.getByLabel('Product or order ID').fill(String(product.id));
    await page.getByLabel('What', { exact: true }).selectOption('product');
    const entries = page.getByRole('list', { name: 'Changes, newest first' }).getByTestId('audit-entry');
    await eventually(
      () => entries.count(),
      (count) => count === 2,
      'the upload and the edit of this product',
    );
    const newest = entries.first();
    await expectVisible(newest.getByText(`Edited product`, { exact: true }));
    await expectVisible(newest.getByText(`${product.name} (ID ${product.id})`, { exact: false }));
    await expectVisible(newest.getByText('Rs. 32,000 → Rs. 29,999.50', { exact: true }));
    await expectVisible(newest.getByText(/by e2e-admin/));
    await expectNoSeriousViolations(page, 'admin Activity tab (desktop)');

    // The panel opens on the tab it was left on.
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Activity', level: 2 }));
    expect(await sections(page).getByRole('button', { name: 'Activity', exact: true }).getAttribute('aria-current')).toBe('page');
  });
});

describe('marking a refund (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('Mark refunded asks once with the amount; Cancel leaves the refund due, a yes marks it and the Activity tab has it', async ({
    page,
  }) => {
    const token = await adminToken();
    const category = `Refund ${tag}`;
    expect((await api('POST', '/api/category', { body: { name: category }, token })).status).toBe(201);
    const product = await makeProduct(token, `Refunded Console ${tag}`, category, 207399);
    const shopper = await registerVerifiedShopper();
    const orderId = await placeCodOrder(shopper, [[{ id: product.id, price: 207399 }, 1]], {
      province: 'Bagmati',
      district: 'Lalitpur',
      city: 'Lalitpur',
      address: 'Jhamsikhel',
      landmark: 'Near the school',
    });
    // Paid by wallet, then cancelled: the money is due back.
    setOrderState(orderId, 'cancelled', 'refund_due');
    const paymentStatus = async () =>
      (await api<{ order: { paymentStatus: string } }>('GET', `/api/orders/${orderId}`, { token })).body.order.paymentStatus;

    await adminLoginViaUi(page);
    await sections(page).getByRole('button', { name: 'Orders', exact: true }).click();
    // The search has run before an order is opened (a new search closes the open order).
    const searched = page.waitForResponse((response) => response.url().includes(`q=${orderId}`));
    await page.getByLabel('Search orders').fill(orderId);
    await searched;
    await expectVisible(page.getByText('1–1 of 1 orders', { exact: true }));
    await page.getByRole('row').filter({ hasText: orderId }).getByRole('button', { name: 'View Items' }).click();
    // The open order, once its own fresh copy has come.
    const details = page.locator(`#admin-order-${orderId}`);
    await expectVisible(details.getByText('Refunded Console', { exact: false }).filter({ visible: true }).first());
    const mark = details.getByRole('button', { name: 'Mark refunded' });
    await mark.click();
    const dialog = page.getByRole('alertdialog', { name: `Mark order ${orderId} refunded?` });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText('Only once Rs. 2,07,399 has gone back to the customer.', { exact: false }));
    await expectNoSeriousViolations(page, 'admin orders, mark refunded dialog (desktop)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    expect(await paymentStatus()).toBe('refund_due');

    await mark.click();
    await dialog.getByRole('button', { name: 'Mark refunded' }).click();
    await expectToast(page, 'Marked as refunded');
    await expectHidden(dialog);
    expect(await paymentStatus()).toBe('refunded');

    await sections(page).getByRole('button', { name: 'Activity', exact: true }).click();
    await page.getByLabel('Product or order ID').fill(orderId);
    const entry = page.getByTestId('audit-entry').filter({ hasText: 'Marked order refunded' });
    await expectVisible(entry);
    await expectVisible(entry.getByText('Refund due → Refunded', { exact: true }));
    await expectVisible(entry.getByText('Rs. 2,07,399', { exact: true }));
  });
});

describe('asking before deleting on a phone', () => {
  test.override({ viewport: PHONE });

  test('deleting an empty category asks once, naming it; Cancel keeps it, a yes deletes it', async ({ page }) => {
    const token = await adminToken();
    const name = `Empty Shelf ${tag}`;
    expect((await api('POST', '/api/category', { body: { name }, token })).status).toBe(201);

    await adminLoginViaUi(page);
    await sections(page).getByRole('button', { name: 'Categories', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete the category “${name}”?` });
    await expectVisible(dialog);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
    await expectNoSeriousViolations(page, 'admin categories, delete dialog (phone)');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    const tree = async () => (await api<{ name: string }[]>('GET', '/api/category')).body.map((item) => item.name);
    expect(await tree()).toContain(name);

    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete category' }).click();
    await expectToast(page, 'Category removed successfully');
    await expectHidden(row);
    expect(await tree()).not.toContain(name);
  });

  test('the product dialog fits a phone and names the product', async ({ page }) => {
    const token = await adminToken();
    const category = `Phone Safety ${tag}`;
    expect((await api('POST', '/api/category', { body: { name: category }, token })).status).toBe(201);
    const product = await makeProduct(token, `Pocket Router ${tag}`, category);

    await adminLoginViaUi(page);
    await productsTab(page, `pocket router ${tag}`);
    const row = productRow(page, product.name);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Archive “${product.name}”?` });
    await expectVisible(dialog);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // The list behind is dimmed while its search is still being fetched: let it land before colours are read.
    await settled(page);
    await expectNoSeriousViolations(page, 'admin products, archive dialog (phone)');
    await dialog.getByRole('button', { name: 'Archive product' }).click();
    await expectToast(page, 'Product deleted successfully');
    expect(await status(product.id)).toBe(404);
  });
});
