import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { LOCALE_COOKIE } from '../../src/shared/locale.js';
import { adminToken, api } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, allowConsoleErrors, describe, expect, test } from './support/fixtures.js';
import { expectHidden, expectToast, expectVisible, settled } from './support/ui.js';

/**
 * The Categories tab's Specifications dialog: a category's Nepali name, and adding, renaming and
 * refusing a duplicate specification field (the refusal said under the name), at 390 px and on
 * a desktop, in English and Nepali, axe clean.
 */

const SCREENSHOTS = process.env.SPECS_SCREENSHOTS; // a folder to keep screenshots in, for a person to look at

async function openCategories(page: Page, token: string, categoriesTab: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('pasal.adminToken', value), token);
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('button', { name: categoriesTab, exact: true }).first().click();
}

interface Tree {
  id: number;
  name: string;
  nameNe?: string;
}

for (const [width, viewport] of [
  ['390 px', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`the Specifications dialog (${width})`, () => {
    test.override({ viewport });

    test('sets the Nepali name; adds, renames and refuses a duplicate field', async ({ page }) => {
      allowConsoleErrors(page, /status of 400/);
      const tag = crypto.randomBytes(3).toString('hex');
      const category = `Laptops ${tag}`;
      const token = await adminToken();
      const made = await api<{ category: { id: number } }>('POST', '/api/category', { body: { name: category }, token });
      expect(made.status).toBe(201);
      const categoryId = made.body.category.id;

      await openCategories(page, token, 'Categories');
      await page.getByRole('button', { name: `Specifications of ${category}` }).click();
      const dialog = page.getByRole('dialog', { name: `Specifications: ${category}` });
      await expectVisible(dialog.getByText('No specification fields yet.'));

      // A number field with a unit, offered as a filter.
      await dialog.getByRole('button', { name: 'Add field' }).click();
      await dialog.getByLabel('Field name').fill('RAM');
      await dialog.getByLabel('Kind').selectOption({ label: 'Number' });
      await dialog.getByLabel('Unit (optional)').fill('GB');
      await dialog.getByLabel('Shoppers can filter the list by it').check();
      await dialog.getByRole('button', { name: 'Save field' }).click();
      await expectToast(page, 'Field added');
      await expectVisible(dialog.getByTestId('spec-field-list').getByText('Number (GB)'));

      // Renamed.
      await dialog.getByRole('button', { name: 'Edit RAM' }).click();
      await dialog.getByLabel('Field name').fill('Memory');
      await dialog.getByRole('button', { name: 'Save field' }).click();
      await expectToast(page, 'Field saved');
      await expectVisible(dialog.getByRole('button', { name: 'Edit Memory' }));
      const fields = await api<{ fields: { name: string; kind: string; unit: string | null; isFilter: boolean }[] }>(
        'GET',
        `/api/categories/${categoryId}/spec-fields`,
      );
      expect(fields.body.fields).toEqual([
        expect.objectContaining({ name: 'Memory', kind: 'number', unit: 'GB', isFilter: true }),
      ]);

      // A second field by the same name (another case) is refused under the name.
      await dialog.getByRole('button', { name: 'Add field' }).click();
      await dialog.getByLabel('Field name').fill('memory');
      await dialog.getByRole('button', { name: 'Save field' }).click();
      const nameField = dialog.getByLabel('Field name');
      await expectVisible(dialog.getByText('This category already has a field with this name'));
      expect(await nameField.getAttribute('aria-invalid')).toBe('true');
      await settled(page);
      await expectNoSeriousViolations(page, `Admin spec fields, duplicate refused (${width})`);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/specs-refused-en-${width}.png` });

      // Corrected, it is added; then deleted after a yes.
      await nameField.fill('Storage');
      await dialog.getByRole('button', { name: 'Save field' }).click();
      await expectToast(page, 'Field added');
      await dialog.getByRole('button', { name: 'Delete Storage' }).click();
      await dialog.getByRole('button', { name: 'Yes, delete' }).click();
      await expectToast(page, 'Field deleted');
      await expectHidden(dialog.getByRole('button', { name: 'Edit Storage' }));

      // The Nepali name.
      await dialog.getByLabel('Nepali name').fill(`ल्यापटप ${tag}`);
      await dialog.getByRole('button', { name: 'Save Nepali name' }).click();
      await expectToast(page, 'Nepali name saved');
      const tree = await api<Tree[]>('GET', '/api/category');
      expect(tree.body.find((node) => node.id === categoryId)?.nameNe).toBe(`ल्यापटप ${tag}`);

      // Shipping and returns: serials required, and the category's own 10-day window.
      await dialog.getByLabel('Requires serial numbers when shipping').check();
      await dialog.getByLabel('Return window').selectOption({ label: 'Its own window' });
      await dialog.getByLabel('Days after delivery').fill('0');
      await dialog.getByRole('button', { name: 'Save shipping and returns' }).click();
      await expectVisible(dialog.getByText('Days must be a whole number from 1 to 365'));
      await dialog.getByLabel('Days after delivery').fill('10');
      await dialog.getByRole('button', { name: 'Save shipping and returns' }).click();
      await expectToast(page, 'Shipping and returns saved');
      const serials = await api<{ serialRequired: boolean }>('GET', `/api/admin/couriers/categories/${categoryId}`, { token });
      expect(serials.body.serialRequired).toBe(true);
      const days = await api<{ returnDays: number | null }>('GET', `/api/admin/returns/categories/${categoryId}`, { token });
      expect(days.body.returnDays).toBe(10);
      await settled(page);
      await expectNoSeriousViolations(page, `Admin spec fields (${width})`);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/specs-en-${width}.png` });

      // In Nepali: the saved name in its field, and a duplicate refused in Nepali.
      await page.evaluate((name) => {
        document.cookie = `${name}=ne; Path=/`;
      }, LOCALE_COOKIE);
      await page.goto('/admin');
      await page.getByRole('button', { name: 'क्याटेगोरीहरू', exact: true }).first().click();
      await page.getByRole('button', { name: `${category} का विशेषताहरू` }).click();
      const ne = page.getByRole('dialog', { name: `विशेषताहरू: ${category}` });
      await expectVisible(ne.getByRole('button', { name: 'Memory सम्पादन गर्नुहोस्' }));
      expect(await ne.getByLabel('नेपाली नाम').inputValue()).toBe(`ल्यापटप ${tag}`);
      expect(await ne.getByLabel('पठाउँदा सिरियल नम्बर चाहिन्छ').isChecked()).toBe(true);
      expect(await ne.getByLabel('डेलिभरीपछिका दिन').inputValue()).toBe('10');
      await ne.getByRole('button', { name: 'फिल्ड थप्नुहोस्' }).click();
      await ne.getByLabel('फिल्डको नाम').fill('MEMORY');
      await ne.getByLabel('किसिम').selectOption({ label: 'सङ्ख्या' });
      await ne.getByRole('button', { name: 'फिल्ड सेभ गर्नुहोस्' }).click();
      await expectVisible(ne.getByText('यो क्याटेगोरीमा यो नामको फिल्ड पहिल्यै छ'));
      await settled(page);
      await expectNoSeriousViolations(page, `Admin spec fields in Nepali (${width})`);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/specs-ne-${width}.png` });
    });
  });
}
