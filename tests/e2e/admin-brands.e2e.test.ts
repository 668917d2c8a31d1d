import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { LOCALE_COOKIE } from '../../src/shared/locale.js';
import { adminToken, api } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, allowConsoleErrors, describe, expect, test } from './support/fixtures.js';
import { expectToast, expectVisible, settled } from './support/ui.js';

/**
 * The Categories tab's Brands card: the list, adding a brand, renaming one in place (a taken
 * name said under the field), at 390 px and on a desktop, in English and Nepali, axe clean.
 */

const SCREENSHOTS = process.env.BRANDS_SCREENSHOTS; // a folder to keep screenshots in, for a person to look at

async function openBrands(page: Page, token: string, categoriesTab: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('pasal.adminToken', value), token);
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('button', { name: categoriesTab, exact: true }).first().click();
}

for (const [width, viewport] of [
  ['390 px', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`the Brands card (${width})`, () => {
    test.override({ viewport });

    test('lists, adds and renames brands; a taken name is refused under the field', async ({ page }) => {
      allowConsoleErrors(page, /status of 409/);
      const tag = crypto.randomBytes(3).toString('hex');
      const token = await adminToken();
      expect((await api('POST', '/api/admin/brands', { body: { name: `Lenovo ${tag}` }, token })).status).toBe(201);
      await openBrands(page, token, 'Categories');
      const card = page.getByRole('region', { name: 'Brands' }).or(page.locator('section', { hasText: 'Add brand' })).first();
      await expectVisible(card.getByText(`Lenovo ${tag}`));

      await card.getByLabel('Brand name').fill(`Asus ${tag}`);
      await card.getByRole('button', { name: 'Add brand' }).click();
      await expectToast(page, 'Brand added');
      await expectVisible(card.getByText(`Asus ${tag}`));

      await card.getByRole('button', { name: `Rename Asus ${tag}` }).click();
      const field = card.getByLabel(`New name of Asus ${tag}`);
      await field.fill(`lenovo ${tag}`);
      await card.getByRole('button', { name: 'Save' }).click();
      await expectVisible(card.getByText('A brand with this name already exists'));
      await settled(page);
      await expectNoSeriousViolations(page, `Admin brands, rename refused (${width})`);
      if (SCREENSHOTS) await card.screenshot({ path: `${SCREENSHOTS}/brands-refused-${width}.png` });
      await field.fill(`ASUS ROG ${tag}`);
      await card.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Brand renamed');
      await expectVisible(card.getByText(`ASUS ROG ${tag}`));
      const brands = await api<{ brands: { name: string }[] }>('GET', '/api/brands');
      expect(brands.body.brands.map((brand) => brand.name)).toContain(`ASUS ROG ${tag}`);
      await settled(page);
      await expectNoSeriousViolations(page, `Admin brands (${width})`);
      if (SCREENSHOTS) await card.screenshot({ path: `${SCREENSHOTS}/brands-en-${width}.png` });

      // In Nepali.
      await page.evaluate((name) => {
        document.cookie = `${name}=ne; Path=/`;
      }, LOCALE_COOKIE);
      await page.goto('/admin');
      await page.getByRole('button', { name: 'क्याटेगोरीहरू', exact: true }).first().click();
      const ne = page.locator('section', { hasText: 'ब्रान्ड थप्नुहोस्' }).first();
      await expectVisible(ne.getByRole('button', { name: `ASUS ROG ${tag} को नाम बदल्नुहोस्` }));
      await settled(page);
      await expectNoSeriousViolations(page, `Admin brands in Nepali (${width})`);
      if (SCREENSHOTS) await ne.screenshot({ path: `${SCREENSHOTS}/brands-ne-${width}.png` });
    });
  });
}
