import type { Page } from 'playwright-core';
import { newShopperInput, registerShopperVerifiedBySms, registerVerifiedShopper, smsbox } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, describe, expect, test, workerShop } from './support/fixtures.js';
import { fillRegisterForm, loginViaUi } from './support/flows.js';
import { shot } from './support/shots.js';
import { expectPath, expectToast, expectVisible } from './support/ui.js';

/**
 * Phones in the browser (ADR 0047): registering and verifying with the texted code, logging in by
 * phone and a texted code, a forgotten password by phone, and a number proved from the Profile
 * tab. The e2e shop has no SMS gateway: its texts are files in DATA_DIR/outbox/sms.
 */

const inNepali = (page: Page) => page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);

async function logInByCode(
  page: Page,
  phoneNumber: string,
  labels: { byCode: string; phone: string; send: string; code: string; submit: string },
) {
  await page.goto('/login');
  await page.getByRole('button', { name: labels.byCode }).click();
  await page.getByLabel(labels.phone).fill(phoneNumber);
  await page.getByRole('button', { name: labels.send }).click();
  const code = await smsbox.codeFor(phoneNumber, 0, 'login code');
  await expectVisible(page.getByLabel(labels.code));
  return code;
}

describe('phone numbers and codes by SMS (phone)', () => {
  test('a new shopper registers and verifies with the texted code, and is logged in', async ({ page }) => {
    const shopper = newShopperInput({ firstName: 'Dawa', lastName: 'Lama' });
    await page.goto('/register');
    await fillRegisterForm(page, shopper);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectPath(page, '/otp-verification');
    await expectVisible(page.getByText('and texted another to your phone'));
    await shot(page, 'phone-otp-390-en');
    const code = await smsbox.codeFor(shopper.phoneNumber, 0);
    await page.getByLabel('Enter OTP').fill(code);
    await page.getByRole('button', { name: /^Verify/ }).click();
    await expectToast(page, 'User Registered Successfully!');
    await expectPath(page, '/account');
    // The texted code proved the number: nothing to verify, and it logs in.
    await expectVisible(page.getByText('Dawa Lama').first());
    expect(await page.getByRole('heading', { name: 'Verify your mobile number' }).count()).toBe(0);
  });

  test('logs in by phone and code, in English, with axe clean', async ({ page }) => {
    const shopper = await registerShopperVerifiedBySms();
    const code = await logInByCode(page, shopper.phoneNumber, {
      byCode: 'Log in with a code by SMS instead',
      phone: 'Phone Number',
      send: 'Text me a code',
      code: 'Code from the SMS',
      submit: 'Login',
    });
    await expectVisible(page.getByText('If this number belongs to an account, we have texted it a login code.'));
    await expectNoSeriousViolations(page, 'login by code');
    await shot(page, 'phone-login-code-390-en');
    await page.getByLabel('Code from the SMS').fill('12345a');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectVisible(page.getByText('OTP must be 6 digits'));
    await page.getByLabel('Code from the SMS').fill(code);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login Successful');
    await expectPath(page, '/account');
  });

  test('a number that was never proved gets no code, and the answer is the same', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in with a code by SMS instead' }).click();
    await page.getByLabel('Phone Number').fill(shopper.phoneNumber);
    await smsbox.codeFor(shopper.phoneNumber, 0); // the registration's text is written
    const since = smsbox.count(shopper.phoneNumber);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expectVisible(page.getByText('If this number belongs to an account, we have texted it a login code.'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smsbox.count(shopper.phoneNumber)).toBe(since);
  });

  test('a landline is refused in words before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in with a code by SMS instead' }).click();
    await page.getByLabel('Phone Number').fill('014412345');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expectVisible(page.getByText('Phone Number should be 10 digits'));
    await page.getByLabel('Phone Number').fill('0144123456');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expectVisible(page.getByText('Enter a Nepali mobile number: 10 digits starting with 97 or 98'));
  });

  test('the Profile tab verifies a number proved by nobody yet', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    await loginViaUi(page, shopper.email, shopper.password);
    await expectVisible(page.getByRole('heading', { name: 'Verify your mobile number' }));
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const code = await smsbox.codeFor(shopper.phoneNumber, 0, 'confirm this number');
    await page.getByLabel('Code from the SMS').fill(code);
    await page.getByRole('button', { name: 'Verify number' }).click();
    await expectToast(page, 'Your phone number has been verified.');
    await expect.poll(() => page.getByRole('heading', { name: 'Verify your mobile number' }).count()).toBe(0);
  });

  test('a forgotten password is reset with a code texted to the verified number', async ({ page }) => {
    const shopper = await registerShopperVerifiedBySms();
    await page.goto('/forgot-password');
    await page.getByLabel('Email or mobile number').fill(`+977 ${shopper.phoneNumber}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectVisible(
      page.getByText('If an account has verified this number, we have texted it a code to reset the password.'),
    );
    const code = await smsbox.codeFor(shopper.phoneNumber, 0, 'password reset code');
    await page.getByLabel('Enter OTP').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('Annapurna#8091');
    await page.getByLabel('Confirm new password').fill('Annapurna#8091');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Your password has been changed. Please log in with the new one.');
    await loginViaUi(page, shopper.phoneNumber, 'Annapurna#8091');
  });
});

describe('phone numbers and codes by SMS (Nepali)', () => {
  test('logs in by phone and code in Nepali', async ({ page }) => {
    await inNepali(page);
    const shopper = await registerShopperVerifiedBySms();
    const code = await logInByCode(page, shopper.phoneNumber, {
      byCode: 'बरु SMS मा आउने कोडबाट लगइन गर्नुहोस्',
      phone: 'फोन नम्बर',
      send: 'मलाई SMS मा कोड पठाउनुहोस्',
      code: 'SMS मा आएको कोड',
      submit: 'लगइन',
    });
    await expectNoSeriousViolations(page, 'login by code, Nepali');
    await shot(page, 'phone-login-code-390-ne');
    await page.getByLabel('SMS मा आएको कोड').fill(code.replace(/\d/g, (d) => String.fromCharCode(0x0966 + Number(d))));
    await page.getByRole('button', { name: 'लगइन', exact: true }).click();
    await expectPath(page, '/account');
  });
});

describe('phone numbers and codes by SMS (desktop)', () => {
  test.override({ viewport: DESKTOP });
  test('the login page by code, and the Profile tab’s number card, on a desktop', async ({ page }) => {
    const shopper = await registerVerifiedShopper();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in with a code by SMS instead' }).click();
    await expectNoSeriousViolations(page, 'login by code, desktop');
    await shot(page, 'phone-login-code-desktop-en');
    await loginViaUi(page, shopper.email, shopper.password);
    await expectVisible(page.getByRole('heading', { name: 'Verify your mobile number' }));
    await expectNoSeriousViolations(page, 'profile, number card');
    await shot(page, 'phone-profile-desktop-en', true);
    await inNepali(page);
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'आफ्नो मोबाइल नम्बर प्रमाणित गर्नुहोस्' }));
    await shot(page, 'phone-profile-desktop-ne', true);
  });
});
