import { type Shopper, mailbox, registerShopper } from './support/api.js';
import { backdateOtpSends } from './support/db.js';
import { beforeAll, describe, expect, test } from './support/fixtures.js';
import { loginViaUi, profileDetail } from './support/flows.js';
import { eventually, expectHidden, expectPath, expectToast, expectVisible } from './support/ui.js';

/**
 * The server accepts a new code only 60 s after the last one, and registration sent the first: the
 * test moves that send this far into the past rather than waiting.
 */
const RESEND_DELAY_MS = 61_000;

describe('the shopper dashboard (phone)', () => {
  let unverified: Shopper;

  beforeAll(async () => {
    unverified = await registerShopper({ firstName: 'Anish', lastName: 'Tamang' });
  });

  test('/account without a token sends the visitor to /login', async ({ page }) => {
    await page.goto('/account');
    await expectPath(page, '/login');
    await expectVisible(page.getByLabel('Email or Phone Number'));
  });

  test('a shopper who skipped verification can log in and sees Verified No', async ({ page }) => {
    await loginViaUi(page, unverified.email, unverified.password);
    await eventually(
      () => profileDetail(page, 'Verified').textContent(),
      (text) => text?.trim() === 'No',
      'Verified No',
    );
    await expectVisible(page.getByText('Anish Tamang').first());
    await expectVisible(page.getByRole('button', { name: 'Send OTP' }));
  });

  test('the chosen tab is remembered across a reload; on a phone the menu is a drawer that closes on choosing', async ({
    page,
  }) => {
    await loginViaUi(page, unverified.email, unverified.password);
    expect(await page.evaluate(() => localStorage.getItem('userActiveTab'))).toBeNull();
    await expectVisible(page.getByRole('heading', { name: 'Profile' }));

    await page.getByRole('button', { name: 'Open account menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'My Account' });
    await expectVisible(drawer);
    await drawer.getByRole('button', { name: 'Orders' }).click();
    await expectHidden(drawer);
    await expectVisible(page.getByRole('heading', { name: 'Your Orders' }));
    expect(await page.evaluate(() => localStorage.getItem('userActiveTab'))).toBe('orders');

    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Your Orders' }));
    expect(await page.getByRole('heading', { name: 'Profile' }).count()).toBe(0);

    // The overlay closes the drawer too.
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await expectVisible(drawer);
    await drawer.getByRole('button', { name: 'Favourites' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Favourites' }));
    expect(await page.evaluate(() => localStorage.getItem('userActiveTab'))).toBe('favourites');
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await expectVisible(drawer);
    await page.getByTestId('account-menu-overlay').click({ position: { x: 370, y: 400 } });
    await expectHidden(drawer);
  });

  test('logged in, the cart drawer says the cart is empty', async ({ page }) => {
    await loginViaUi(page, unverified.email, unverified.password);
    await page.getByRole('button', { name: 'Open cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expectVisible(cart.getByText('Your Cart is empty'));
    expect(await cart.getByText('Please login to view cart').count()).toBe(0);
    await page.getByTestId('cart-overlay').click({ position: { x: 10, y: 400 } });
    await expectHidden(cart);
  });

  test('Send OTP mails a code, counts down the resend, and Verify OTP makes the account verified', async ({ page }) => {
    await loginViaUi(page, unverified.email, unverified.password);
    await eventually(
      () => profileDetail(page, 'Verified').textContent(),
      (text) => text?.trim() === 'No',
      'Verified No',
    );

    backdateOtpSends(unverified.userId, RESEND_DELAY_MS);
    const since = await mailbox.count();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expectToast(page, 'OTP sent successfully!');

    const countdown = page.getByText(/^Resend available in \d+ seconds$/);
    await expectVisible(countdown);
    const first = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeGreaterThanOrEqual(55);
    expect(first).toBeLessThanOrEqual(60);
    expect(await page.getByRole('button', { name: 'Send Again' }).isDisabled()).toBe(true);
    const verify = page.getByRole('button', { name: 'Verify OTP' });
    expect(await verify.isDisabled()).toBe(true);
    // It ticks every second.
    await eventually(
      async () => Number((await countdown.textContent())?.match(/\d+/)?.[0]),
      (seconds) => seconds < first,
      'the countdown to tick',
      3_000,
    );

    const otp = await mailbox.otpFor(unverified.email, since);
    await page.getByLabel('Enter OTP').fill(otp);
    expect(await verify.isEnabled()).toBe(true);
    await verify.click();
    await expectToast(page, 'User Verified Successfully!');
    await eventually(
      () => profileDetail(page, 'Verified').textContent(),
      (text) => text?.trim() === 'Yes',
      'Verified Yes',
    );
    await expectHidden(page.getByRole('button', { name: 'Verify OTP' }));
  });
});
