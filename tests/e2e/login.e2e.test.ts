import { api, registerShopperVerifiedBySms, registerVerifiedShopper } from './support/api.js';
import { describe, expect, test } from './support/fixtures.js';
import { fillLoginForm, loginViaUi } from './support/flows.js';
import { expectPath, expectToast, expectVisible } from './support/ui.js';

describe('shopper login (phone)', () => {
  test('both fields are required', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/users/login')) sent.push(request.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectVisible(page.getByText('Email or Phone Number is required', { exact: true }));
    await expectVisible(page.getByText('Password is required', { exact: true }));
    expect(sent).toEqual([]);
  });

  test('a wrong password shows the server message in a red banner above the form', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    const refused = await api('POST', '/api/users/login', {
      body: { emailOrPhone: shopper.email, password: 'not the password' },
    });
    expect(refused.status).toBe(401);
    const message = refused.body.message as string;
    expect(message.length).toBeGreaterThan(0);

    await page.goto('/login');
    await fillLoginForm(page, shopper.email, 'still not the password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const banner = page.locator('form').getByRole('alert').filter({ hasText: message });
    await expectVisible(banner);
    // Red: whatever notation the CSS uses (Tailwind 4 writes oklch), a canvas turns it into RGB.
    const [r, g, b] = await banner.evaluate((element) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = getComputedStyle(element).color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    });
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    await expectPath(page, '/login');
  });

  test('a shopper can log in with the phone number once it is verified', async ({ page }) => {
    const shopper = await registerShopperVerifiedBySms();
    await loginViaUi(page, shopper.phoneNumber, shopper.password);
  });

  test('a logged-in shopper is sent from /login to /account, and logout says so', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    await loginViaUi(page, shopper.email, shopper.password);
    await page.goto('/login');
    await expectPath(page, '/account');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'You have been logged out');
    await expectPath(page, '/login');
    await expectVisible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }));
    await page.goto('/account');
    await expectPath(page, '/login');
  });
});
