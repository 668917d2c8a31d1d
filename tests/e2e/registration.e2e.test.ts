import { api, mailbox, newShopperInput, registerVerifiedShopper } from './support/api.js';
import { allowConsoleErrors, describe, expect, test } from './support/fixtures.js';
import { fillRegisterForm, profileDetail } from './support/flows.js';
import { eventually, expectHidden, expectPath, expectToast, expectVisible } from './support/ui.js';

const REQUIRED_MESSAGES = [
  'First Name is required',
  'Last Name is required',
  'Email is required',
  'Phone Number is required',
  'Password is required',
  'Confirm Password is required',
];

describe('registration (phone)', () => {
  test('a new shopper registers, verifies the mailed code, is logged in at once and sees a verified account', async ({
    page,
  }) => {
    const shopper = newShopperInput({ firstName: 'Pemba', lastName: 'Sherpa' });
    await page.goto('/register');
    await fillRegisterForm(page, shopper);
    const since = await mailbox.count();
    await page.getByRole('button', { name: 'Register' }).click();

    await expectPath(page, '/otp-verification');
    await expectVisible(page.getByRole('heading', { name: 'Verify OTP' }));
    const verify = page.getByRole('button', { name: /^Verify/ });
    expect(await verify.isDisabled()).toBe(true);
    const otp = await mailbox.otpFor(shopper.email, since);
    await page.getByLabel('Enter OTP').fill(otp);
    expect(await verify.isEnabled()).toBe(true);
    await verify.click();

    await expectToast(page, 'User Registered Successfully!');
    // The browser that registered is logged in at once (no page to go back to: the dashboard).
    await expectPath(page, '/account');
    await expectVisible(page.getByText('Pemba Sherpa').first());
    await eventually(
      () => profileDetail(page, 'Verified').textContent(),
      (text) => text?.trim() === 'Yes',
      'Verified Yes',
    );
    expect((await profileDetail(page, 'Email').textContent())?.trim()).toBe(shopper.email);
    expect((await profileDetail(page, 'Phone Number').textContent())?.trim()).toBe(shopper.phoneNumber);
    // A verified shopper is not offered another code.
    expect(await page.getByRole('button', { name: 'Send OTP' }).count()).toBe(0);
  });

  test('every required field says so, and nothing is sent', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/users/register')) sent.push(request.url());
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of REQUIRED_MESSAGES) await expectVisible(page.getByText(message, { exact: true }));
    expect(sent).toEqual([]);
    await expectPath(page, '/register');
  });

  test('a bad email, a short phone number and different passwords each get their message; editing a field clears its error', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/users/register')) sent.push(request.url());
    });
    await page.goto('/register');
    await fillRegisterForm(page, {
      firstName: 'Ram',
      lastName: 'Karki',
      email: 'ram.karki-at-example.com',
      phoneNumber: '98412345',
      password: 'Everest#8848',
      confirmPassword: 'Everest#8849',
    });
    const register = page.getByRole('button', { name: 'Register' });
    await register.click();
    await expectVisible(page.getByText('Invalid email format', { exact: true }));
    await expectVisible(page.getByText('Phone Number should be 10 digits', { exact: true }));
    for (const message of REQUIRED_MESSAGES) expect(await page.getByText(message, { exact: true }).count()).toBe(0);

    // Editing a field clears its own error and leaves the others.
    await page.getByLabel('Email', { exact: true }).fill('ram.karki@example.com');
    await expectHidden(page.getByText('Invalid email format', { exact: true }));
    await expectVisible(page.getByText('Phone Number should be 10 digits', { exact: true }));
    await page.getByLabel('Phone Number').fill('984123456');
    await expectHidden(page.getByText('Phone Number should be 10 digits', { exact: true }));

    // Letters are not digits.
    await page.getByLabel('Phone Number').fill('98abcdefgh');
    await register.click();
    await expectVisible(page.getByText('Phone Number should be 10 digits', { exact: true }));
    await page.getByLabel('Phone Number').fill('9841234567');

    // The passwords must match.
    await register.click();
    await expectVisible(page.getByText('Passwords do not match', { exact: true }));
    await page.getByLabel('Confirm Password').fill('Everest#8848');
    await expectHidden(page.getByText('Passwords do not match', { exact: true }));
    expect(sent).toEqual([]);
  });

  test('an empty field error clears as soon as the field is typed in', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectVisible(page.getByText('First Name is required', { exact: true }));
    await page.getByLabel('First Name').fill('S');
    await expectHidden(page.getByText('First Name is required', { exact: true }));
    await expectVisible(page.getByText('Last Name is required', { exact: true }));
  });

  test('an email already registered gets the server message as a toast', async ({ page }) => {
    allowConsoleErrors(page, /status of 409/);
    // A verified account's email: one held only by an unverified account is taken over (ADR 0017).
    const existing = await registerVerifiedShopper();
    const again = newShopperInput({ email: existing.email });
    const expected = await api('POST', '/api/users/register', { body: newShopperInput({ email: existing.email }) });
    expect(expected.status).toBe(409);
    expect(typeof expected.body.message).toBe('string');

    await page.goto('/register');
    await fillRegisterForm(page, again);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectToast(page, expected.body.message as string);
    await expectPath(page, '/register');
  });
});
