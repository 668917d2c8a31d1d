import { adminToken, api } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { shot } from './support/shots.js';
import { expectPath, expectVisible } from './support/ui.js';

/**
 * The owner adds a staff member with a role; the new account chooses its own password at the first
 * sign-in and then sees only what the role allows (desktop; English and Nepali).
 */
describe('staff roles in the admin panel (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('the owner creates a staff account; staff sees Orders and the catalogue to look at, nothing else', async ({
    page,
    browser,
  }) => {
    // A category for the staff member to look at (this shop starts without any).
    const made = await api('POST', '/api/category', {
      body: { name: `Look Only ${Date.now().toString(36)}` },
      token: await adminToken(),
    });
    expect(made.status).toBe(201);
    await adminLoginViaUi(page);
    // Login lands on the Dashboard with what waits in view.
    await expectVisible(page.getByText('Waiting for you'));
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('button', { name: 'Staff', exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: 'Staff', exact: true }));

    const username = `counter.${Date.now().toString(36)}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Role', { exact: true }).selectOption('staff');
    await page.getByRole('button', { name: 'Create account' }).click();
    const oneTime = page.getByTestId('one-time-password');
    await expectVisible(oneTime);
    const password = (await oneTime.innerText()).trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expectVisible(page.getByTestId(`staff-row-${username}`).getByText('Has not chosen a password yet'));
    await expectNoSeriousViolations(page, 'staff tab (desktop, en)');
    await shot(page, 'staff-desktop-en', true);

    await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: page.url() }]);
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'कर्मचारी', exact: true }));
    await expectNoSeriousViolations(page, 'staff tab (desktop, ne)');
    await shot(page, 'staff-desktop-ne', true);

    // The new staff member, in a browser of their own.
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: new URL(page.url()).origin });
    const staff = await context.newPage();
    await staff.goto('/admin/login');
    await staff.getByLabel('Username').fill(username);
    await staff.getByLabel('Password', { exact: true }).fill(password);
    await staff.getByRole('button', { name: 'Login', exact: true }).click();
    await expectPath(staff, '/admin');
    await expectVisible(staff.getByRole('heading', { name: 'Finish setting up your sign-in' }));
    await staff.getByRole('button', { name: 'Change password' }).first().click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByLabel('New password', { exact: true }).fill('counter password 2026');
    await dialog.getByLabel('Confirm new password').fill('counter password 2026');
    await dialog.getByRole('button', { name: 'Change password' }).click();

    const staffNav = staff.getByRole('navigation', { name: 'Admin sections' });
    await expectVisible(staffNav.getByRole('button', { name: 'Orders', exact: true }));
    const tabs = (await staffNav.getByRole('button').allInnerTexts()).map((text) => text.trim());
    expect(tabs).toEqual(['Categories', 'Products', 'Orders', 'Returns', 'Warranty', 'Logout']);
    // The orders are theirs to move on, but not to export.
    await staffNav.getByRole('button', { name: 'Orders', exact: true }).click();
    await expectVisible(staff.getByRole('heading', { name: 'Orders' }).first());
    expect(await staff.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    // The catalogue is there to look at: no adding, editing or deleting.
    await staffNav.getByRole('button', { name: 'Products', exact: true }).click();
    await expectVisible(staff.getByRole('heading', { name: 'Products' }).first());
    // Whole names only: a row's "History of …" button carries a product's name, which may hold any word.
    expect(
      await staff.getByRole('button', { name: /^(Upload New Product|Import CSV|Edit|Delete|Feature|Unfeature)$/ }).count(),
    ).toBe(0);
    // The Categories tab likewise: categories, brands and the search dictionary without their
    // Add, Delete, Rename or Save; a category's Specifications show its rules as text.
    await staffNav.getByRole('button', { name: 'Categories', exact: true }).click();
    await expectVisible(staff.getByRole('heading', { name: 'Categories', exact: true }));
    await expectVisible(staff.getByRole('button', { name: /^Specifications of / }).first());
    expect(
      await staff.getByRole('button', { name: /^(Add Category|Add brand|Save word|Delete|Rename|Remove .*)$/ }).count(),
    ).toBe(0);
    await staff.getByRole('button', { name: 'Manage Subcategories' }).first().click();
    expect(await staff.getByRole('button', { name: /^(Add Subcategory|Remove)$/ }).count()).toBe(0);
    await staff
      .getByRole('button', { name: /^Specifications of / })
      .first()
      .click();
    const specs = staff.getByRole('dialog');
    await expectVisible(specs.getByTestId('category-rules').getByText('Requires serial numbers when shipping'));
    expect(await specs.getByRole('button', { name: /Save|Add field|Edit|Delete/ }).count()).toBe(0);
    expect(await specs.getByRole('checkbox').count()).toBe(0);
    await specs.getByRole('button', { name: 'Close' }).click();
    await expectNoSeriousViolations(staff, 'admin panel as staff (desktop)');
    await shot(staff, 'staff-panel-as-staff-en', true);
    await context.close();
  });
});
