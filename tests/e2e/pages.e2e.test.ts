import { DESKTOP, describe, expect, test } from './support/fixtures.js';
import { expectPath, expectVisible } from './support/ui.js';

describe('static pages (phone)', () => {
  test('About: story, mission, the three reasons and Join Now to /login', async ({ page }) => {
    await page.goto('/about');
    await expectVisible(page.getByRole('heading', { name: 'Our Story' }));
    await expectVisible(page.getByRole('heading', { name: 'Our Mission' }));
    const mission = page.getByRole('region', { name: 'Our Mission' }).getByRole('listitem');
    expect(await mission.count()).toBe(4);
    for (const reason of ['Cutting-Edge Products', 'Expert Support', 'Wide Range']) {
      await expectVisible(page.getByRole('heading', { name: reason }));
    }
    expect(await page.getByText(/2015/).count()).toBeGreaterThan(0);
    await expectVisible(page.getByRole('heading', { name: 'Join Our Gaming Community' }));
    await page.getByRole('link', { name: 'Join Now' }).click();
    await expectPath(page, '/login');
  });

  test('Privacy policy: effective date, under 16, the store contacts and Kathmandu courts', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expectVisible(page.getByRole('heading', { name: 'Privacy Policy', level: 1 }));
    await expectVisible(page.getByText(/2024\/06\/23/).first());
    await expectVisible(page.getByText(/under 16/).first());
    await expectVisible(page.locator('main').getByRole('link', { name: 'support@pasal.com.np' }).first());
    await expectVisible(page.getByText(/courts of Kathmandu/).first());
  });

  test('Terms: effective date, damage reported within a day, unused in original packaging, Kathmandu', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expectVisible(page.getByRole('heading', { name: /Terms/, level: 1 }));
    await expectVisible(page.getByText(/2024\/06\/23/).first());
    await expectVisible(page.getByText(/within (a|one) day/).first());
    await expectVisible(page.getByText(/unused and in its original packaging/).first());
    await expectVisible(page.getByText(/Kathmandu/).first());
    await expectVisible(page.locator('main').getByRole('link', { name: 'support@pasal.com.np' }).first());
  });

  test('an unknown address shows a not-found page inside the layout', async ({ page }) => {
    await page.goto('/no-such-page');
    await expectVisible(page.getByRole('navigation', { name: 'Main' }));
    await expectVisible(page.getByText(/not found/i).first());
  });
});

describe('footer (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('the current year, the contacts, and Terms and Privacy links to their own pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expectVisible(footer.getByText(new RegExp(`©\\s*${new Date().getFullYear()}`)));
    for (const section of ['Shop', 'Information', 'Quick Links', 'Contact']) {
      await expectVisible(footer.getByRole('heading', { name: section }));
    }
    await expectVisible(footer.getByRole('link', { name: 'support@pasal.com.np' }));
    expect(await footer.getByRole('link', { name: /^\+977/ }).count()).toBe(3);
    expect(await footer.getByRole('link', { name: /Facebook|Instagram|YouTube/ }).count()).toBe(3);

    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await expectPath(page, '/terms-and-conditions');
    await expectVisible(page.getByRole('heading', { name: /Terms/, level: 1 }));
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expectPath(page, '/privacy-policy');
    await expectVisible(page.getByRole('heading', { name: 'Privacy Policy', level: 1 }));
  });
});
