import { api, registerVerifiedShopper } from './support/api.js';
import { DESKTOP, E2E_ADMIN, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi, loginViaUi } from './support/flows.js';
import { expectPath, expectToast, expectVisible } from './support/ui.js';

describe('admin login and guard (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('/admin without an admin token sends the visitor to /admin/login', async ({ page }) => {
    await page.goto('/admin');
    await expectPath(page, '/admin/login');
    await expectVisible(page.getByRole('heading', { name: 'Admin Login' }));
  });

  test('a shopper token does not open the admin panel', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    await loginViaUi(page, shopper.email, shopper.password);
    await page.goto('/admin');
    await expectPath(page, '/admin/login');
  });

  test('username and password are required', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectVisible(page.getByText('Username is required', { exact: true }));
    await expectVisible(page.getByText('Password is required', { exact: true }));
    await expectPath(page, '/admin/login');
  });

  test('a wrong password shows the server message in a toast', async ({ page }) => {
    const refused = await api('POST', '/api/admin/login', {
      body: { username: E2E_ADMIN.username, password: 'wrong passphrase' },
    });
    expect(refused.status).toBe(401);
    const message = refused.body.message as string;
    expect(message.length).toBeGreaterThan(0);
    expect(refused.body.token).toBeUndefined();

    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill('another wrong one');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, message);
    await expectPath(page, '/admin/login');
  });

  test('the admin logs in, sees the panel tabs, is kept away from the login page, and logs out', async ({ page }) => {
    await adminLoginViaUi(page);
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    for (const tab of ['Categories', 'Products', 'Orders'])
      await expectVisible(sections.getByRole('button', { name: tab, exact: true }));
    await expectVisible(sections.getByRole('button', { name: 'Logout' }));

    await page.goto('/admin/login');
    await expectPath(page, '/admin');
    await page.reload();
    await expectVisible(sections.getByRole('button', { name: 'Categories', exact: true }));

    await sections.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'You have been logged out');
    await expectPath(page, '/login');
    await page.goto('/admin');
    await expectPath(page, '/admin/login');
  });
});
