import crypto from 'node:crypto';
import { adminToken, api, drawnPng, uploadProduct } from './support/api.js';
import { DESKTOP, allowConsoleErrors, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { eventually, expectHidden, expectToast, expectVisible } from './support/ui.js';

/**
 * The product form as the owner uses it: every field of the products CSV (warranty, low-stock
 * alert), the warranty months counted from shipping, a price written in lakhs, the confirm dialog for a price change of more than half, and
 * Undo of that change from the product's History.
 */

const tag = crypto.randomBytes(3).toString('hex');

describe('the product form (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('fills warranty and low-stock alert, confirms a price cut to a tenth, and undoes it from History', async ({ page }) => {
    allowConsoleErrors(page, /status of 409/);
    const token = await adminToken();
    const category = `Form Laptops ${tag}`;
    expect((await api('POST', '/api/category', { body: { name: category }, token })).status).toBe(201);
    const product = await uploadProduct(token, { name: `Legion ${tag}`, description: 'A laptop', price: 139999, category }, [
      { png: await drawnPng('#0ea5e9', 200, 200), filename: 'p.png' },
    ]);

    await adminLoginViaUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search products by name or description' }).fill(`legion ${tag}`);
    const row = page.getByRole('row').filter({ hasText: product.name });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Product' });
    await expectVisible(form);

    await form.getByLabel('Low stock alert (optional)').fill('-1');
    await form.getByLabel('Warranty months (optional)').fill('0');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(form.getByText('Low stock alert must be a whole number of 0 or more'));
    await expectVisible(form.getByText('Warranty months must be a whole number from 1 to 120'));
    await form.getByLabel('Warranty months (optional)').fill('24');
    await form.getByLabel('Low stock alert (optional)').fill('2');
    await form.getByLabel('Warranty (optional)').fill('1 year official warranty');
    await form.getByLabel('Price (Rs.)').fill('13,999');
    await form.getByRole('button', { name: 'Save Changes' }).click();

    // The server asks: the dialog names both prices; "Fix the price" goes back to the form.
    const check = page.getByRole('dialog', { name: 'Change the price this much?' });
    await expectVisible(check.getByText(/from Rs\. 1,39,999 to Rs\. 13,999/));
    await check.getByRole('button', { name: 'Fix the price' }).click();
    await expectHidden(check);
    await expectVisible(form);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await check.getByRole('button', { name: 'Yes, save this price' }).click();
    await expectToast(page, 'Product updated');
    await expectHidden(form);

    const saved = await api<{ price: number; warranty: string | null; lowStockThreshold?: number }>(
      'GET',
      `/api/products/${product.id}`,
    );
    expect(saved.body).toMatchObject({ price: 13999, warranty: '1 year official warranty', lowStockThreshold: 2 });
    // The warranty months are saved beside the product, and the form shows them when opened again.
    const months = await api<{ warrantyMonths: number | null }>('GET', `/api/admin/couriers/products/${product.id}`, { token });
    expect(months.body.warrantyMonths).toBe(24);
    await row.getByRole('button', { name: 'Edit' }).click();
    await expectVisible(form);
    await eventually(
      () => form.getByLabel('Warranty months (optional)').inputValue(),
      (value) => value === '24',
      'the saved warranty months in the form',
    );
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(form);

    await row.getByRole('button', { name: `History of ${product.name}` }).click();
    const history = page.getByRole('dialog', { name: `History of “${product.name}”` });
    const edited = history.getByTestId('audit-entry').filter({ hasText: 'Edited product' });
    await edited.getByRole('button', { name: 'Undo this price or stock change' }).click();
    await expectToast(page, 'Change undone');
    await expectVisible(history.getByTestId('audit-entry').filter({ hasText: 'Undid a change' }));
    await eventually(
      async () => (await api<{ price: number }>('GET', `/api/products/${product.id}`)).body.price,
      (price) => price === 139999,
      'the price put back',
    );
  });
});
