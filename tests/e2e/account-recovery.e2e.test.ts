import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { RECOVERY_MESSAGES } from '../../src/shared/account-recovery.js';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts.js';
import { api, mailbox, newShopperInput, registerVerifiedShopper, smsbox } from './support/api.js';
import { DESKTOP, allowConsoleErrors, describe, expect, workerShop, test } from './support/fixtures.js';
import { fillLoginForm, loggedInBeforeLoad, loginViaUi, profileDetail } from './support/flows.js';
import { eventually, expectHidden, expectPath, expectToast, expectVisible } from './support/ui.js';

/**
 * A way back in, in the browser: a forgotten password reset with a mailed code from
 * /login, and the Account tab's own changes of password, email and phone; the admin's own password.
 */

const NEW_PASSWORD = 'Machhapuchhre#6993';

/** Watches the page's calls to one API path (to prove a refused form sent nothing). */
function callsTo(page: Page, pathname: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) sent.push(request.method());
  });
  return sent;
}

describe('a forgotten password (phone)', () => {
  test('Forgot password? on /login mails a code; the code and a new password let the shopper back in, the old one no longer', async ({
    page,
  }) => {
    const shopper = await registerVerifiedShopper();
    await page.goto('/login');
    await page.getByLabel('Email or Phone Number').fill(shopper.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    await expectVisible(page.getByRole('heading', { name: 'Forgot your password?' }));
    // The email typed on the login form comes along.
    expect(await page.getByLabel('Email or mobile number').inputValue()).toBe(shopper.email);

    const since = await mailbox.count();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Reset your password' }));
    await expectVisible(page.getByText(RECOVERY_MESSAGES.resetCodeSent));
    // A new code only after the same wait as the OTP screen.
    await expectVisible(page.getByText(/^Resend available in \d+ seconds$/));
    expect(await page.getByRole('button', { name: 'Send a new code' }).count()).toBe(0);

    // The two new passwords must match; nothing is sent until they do.
    const resets = callsTo(page, '/api/users/reset-password');
    const otp = await mailbox.otpFor(shopper.email, since);
    await page.getByLabel('Enter OTP').fill(otp);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectVisible(page.getByText('Passwords do not match', { exact: true }));
    expect(resets).toEqual([]);

    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, RECOVERY_MESSAGES.passwordReset);
    await expectPath(page, '/login');

    await fillLoginForm(page, shopper.email, shopper.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectVisible(page.locator('form').getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.loginFailed }));
    await expectPath(page, '/login');

    await fillLoginForm(page, shopper.email, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login Successful');
    await expectPath(page, '/account');
  });

  test('a wrong code says so and keeps the shopper on the form', async ({ page }) => {
    allowConsoleErrors(page, /status of 400\b/);
    const shopper = await registerVerifiedShopper();
    await page.goto('/forgot-password');
    await page.getByLabel('Email or mobile number').fill(shopper.email);
    const since = await mailbox.count();
    await page.getByRole('button', { name: 'Send code' }).click();
    const otp = await mailbox.otpFor(shopper.email, since);
    const wrong = otp === '000000' ? '111111' : '000000';
    await page.getByLabel('Enter OTP').fill(wrong);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, /Invalid OTP\./);
    await expectPath(page, '/forgot-password');
    await expectVisible(page.getByRole('heading', { name: 'Reset your password' }));
  });
});

describe('sign-in and security in the Account tab (phone)', () => {
  test('a shopper changes the password (the current one asked), logs out and logs in with the new one', async ({ page }) => {
    allowConsoleErrors(page, /status of 400\b/);
    const shopper = await registerVerifiedShopper();
    await loginViaUi(page, shopper.email, shopper.password);
    const form = page.getByRole('region', { name: 'Change password' });
    await expectVisible(form);

    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    // Under the field it concerns, and in the error toast.
    await expectVisible(form.getByText(RECOVERY_MESSAGES.currentPasswordWrong, { exact: true }));
    await expectToast(page, RECOVERY_MESSAGES.currentPasswordWrong);

    await form.getByLabel('Current password').fill(shopper.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, RECOVERY_MESSAGES.passwordChanged);
    await eventually(
      () => form.getByLabel('Current password').inputValue(),
      (value) => value === '',
      'the form to be emptied',
    );

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await loginViaUi(page, shopper.email, NEW_PASSWORD);
  });

  test('a shopper changes the email with the code mailed to the new address; the profile shows it at once', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    const newEmail = newShopperInput().email;
    await loginViaUi(page, shopper.email, shopper.password);
    const form = page.getByRole('region', { name: 'Change email' });
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill(shopper.password);
    const since = await mailbox.count();
    await form.getByRole('button', { name: 'Send code' }).click();
    await expectVisible(form.getByText(newEmail).first());

    const otp = await mailbox.otpFor(newEmail, since);
    await form.getByLabel('OTP from the new email').fill(otp);
    await form.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, RECOVERY_MESSAGES.emailChanged);
    await eventually(
      async () => (await profileDetail(page, 'Email').textContent())?.trim(),
      (text) => text === newEmail,
      'the new email in the profile',
    );
    // The change is the server's too: after a reload, and for the next login.
    await page.reload();
    await eventually(
      async () => (await profileDetail(page, 'Email').textContent())?.trim(),
      (text) => text === newEmail,
      'the new email after a reload',
    );
    expect((await api('POST', '/api/users/login', { body: { emailOrPhone: newEmail, password: shopper.password } })).status).toBe(
      200,
    );
  });

  test('a shopper changes the phone number; a wrong one is refused before anything is sent', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    const newPhone = newShopperInput().phoneNumber;
    await loginViaUi(page, shopper.email, shopper.password);
    const form = page.getByRole('region', { name: 'Change phone number' });
    const changes = callsTo(page, '/api/users/change-phone');

    await form.getByLabel('New phone number').fill('98123');
    await form.getByLabel('Current password').fill(shopper.password);
    await form.getByRole('button', { name: 'Change phone number' }).click();
    await expectVisible(form.getByText('Phone Number should be 10 digits', { exact: true }));
    expect(changes).toEqual([]);

    await form.getByLabel('New phone number').fill(newPhone);
    await form.getByRole('button', { name: 'Change phone number' }).click();
    await expectToast(page, RECOVERY_MESSAGES.phoneChanged);
    await eventually(
      async () => (await profileDetail(page, 'Phone Number').textContent())?.trim(),
      (text) => text === newPhone,
      'the new phone number in the profile',
    );
    expect(changes).toEqual(['POST']);
    // The new number logs in once a texted code proves it.
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByLabel('Code from the SMS').fill(await smsbox.codeFor(newPhone, 0));
    await page.getByRole('button', { name: 'Verify number' }).click();
    await expectToast(page, 'Your phone number has been verified.');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await loginViaUi(page, newPhone, shopper.password);
  });
});

describe('sign-in and security when its code cannot be fetched (phone)', () => {
  test('the profile stays, the section says so, and its retry loads it', async ({ page }) => {
    allowConsoleErrors(
      page,
      /Sign-in and security could not be loaded/,
      /Failed to load resource: net::ERR_FAILED/,
      /Failed to fetch dynamically imported module/,
    );
    await loggedInBeforeLoad(page);
    const chunk = /\/assets\/SecuritySection-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.goto('/account');
    await expectVisible(page.getByRole('heading', { name: 'Profile' }));
    await expectVisible(page.getByText('We could not load this part of the page.'));
    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectVisible(page.getByRole('region', { name: 'Change password' }));
  });
});

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * An admin of its own for this test (`npm run admin -- create`, on the e2e server's database), so
 * the shared e2e admin's password, which the other files log in with, never changes.
 */
async function createAdmin(username: string, password: string): Promise<void> {
  await run(process.execPath, [path.join(root, 'dist/server/server/cli/admin.js'), 'create', username], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: workerShop().dataDir,
      ADMIN_PASSWORD: password,
    },
  });
}

async function adminLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectPath(page, '/admin');
}

describe("the admin's own password (desktop)", () => {
  test.override({ viewport: DESKTOP });

  test('the admin changes their password from the panel, stays signed in, and logs in again with the new one', async ({
    page,
  }) => {
    const admin = { username: `e2e-ops-${crypto.randomBytes(3).toString('hex')}`, password: 'first admin passphrase' };
    await createAdmin(admin.username, admin.password);
    await adminLogin(page, admin.username, admin.password);
    await expectVisible(page.getByText(`Signed in as ${admin.username}`));

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await expectVisible(dialog);
    const changes = callsTo(page, '/api/admin/change-password');
    await dialog.getByLabel('Current password').fill(admin.password);
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill('something else entirely');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(dialog.getByText('Passwords do not match', { exact: true }));
    expect(changes).toEqual([]);

    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, RECOVERY_MESSAGES.passwordChanged);
    await expectHidden(dialog);
    // This session stays: the panel still answers.
    await page.reload();
    await expectPath(page, '/admin');
    await expectVisible(page.getByText(`Signed in as ${admin.username}`));

    const old = await api('POST', '/api/admin/login', { body: { username: admin.username, password: admin.password } });
    expect(old.status).toBe(401);

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await adminLogin(page, admin.username, NEW_PASSWORD);
    await expectVisible(page.getByText(`Signed in as ${admin.username}`));
  });
});
