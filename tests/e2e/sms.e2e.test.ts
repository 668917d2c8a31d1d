import type { Page } from 'playwright-core';
import { adminToken, api } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, describe, expect, test, workerShop } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad, openAccountTab } from './support/flows.js';
import { shot } from './support/shots.js';
import { expectToast, expectVisible } from './support/ui.js';

/**
 * The admin's SMS tab (today's count and the log of texts, numbers masked) and the shopper's
 * switch for order texts, at 390 px and on a desktop, in English and Nepali.
 */
type Language = 'en' | 'ne';
const words = {
  en: { tab: 'SMS', heading: 'SMS', today: /^Today: \d+ of 500 texts$/, sent: 'Sent', switch: 'Order updates by SMS', saved: 'SMS settings saved' },
  ne: { tab: 'एसएमएस', heading: 'एसएमएस', today: /^आज: ५०० मध्ये [०-९]+ SMS$/, sent: 'पठाइयो', switch: 'अर्डरका सूचना SMS मा', saved: 'SMS सेटिङ सेभ भयो' },
} as const;

async function inLanguage(page: Page, language: Language) {
  if (language === 'ne') await page.context().addCookies([{ name: 'pasal_lang', value: 'ne', url: workerShop().baseUrl }]);
}

let seeded = false;
/** Two test texts through the admin API (the shop has no gateway: they go to its outbox and show as sent). */
async function seed(): Promise<void> {
  if (seeded) return;
  seeded = true;
  const token = await adminToken();
  for (const [to, text] of [
    ['9841234567', 'Test from the admin'],
    ['9801112223', 'नमस्ते, यो पसलको परीक्षण SMS हो। '.repeat(3)],
  ]) {
    expect((await api('POST', '/api/admin/sms/test', { token, body: { to, text } })).status).toBe(202);
  }
}

async function adminLog(page: Page, language: Language, width: string): Promise<void> {
  const w = words[language];
  await seed();
  // The login form in English, then the panel in the language chosen.
  await adminLoginViaUi(page);
  if (language === 'ne') {
    await inLanguage(page, language);
    await page.reload();
  }
  await page.getByRole('button', { name: w.tab, exact: true }).click();
  await expectVisible(page.getByRole('heading', { name: w.heading, exact: true }));
  await expectVisible(page.getByTestId('sms-today'));
  expect(await page.getByTestId('sms-today').textContent()).toMatch(w.today);
  const entries = page.getByRole('listitem').or(page.getByRole('row')).filter({ hasText: '98*****567' });
  await expectVisible(entries.first());
  expect(await page.getByText('9841234567').count()).toBe(0);
  await expectVisible(entries.first().getByText(w.sent, { exact: true }), 15_000);
  await shot(page, `sms-admin-${language}-${width}`, true);
  await expectNoSeriousViolations(page, `admin SMS (${language}, ${width})`);
}

async function accountSwitch(page: Page, language: Language, width: string): Promise<void> {
  const w = words[language];
  await inLanguage(page, language);
  await loggedInBeforeLoad(page);
  if (language === 'en') await openAccountTab(page, 'Account');
  else await page.goto('/account');
  const toggle = page.getByRole('checkbox', { name: w.switch });
  await expectVisible(toggle);
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  expect(await toggle.isChecked()).toBe(true);
  await toggle.uncheck();
  await expectToast(page, w.saved);
  await toggle.scrollIntoViewIfNeeded();
  await shot(page, `sms-account-${language}-${width}`);
  await page.reload();
  await expect.poll(() => page.getByRole('checkbox', { name: w.switch }).isChecked()).toBe(false);
  await expectNoSeriousViolations(page, `account SMS switch (${language}, ${width})`);
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`SMS in the admin panel and the Account tab (${name})`, () => {
    test.override({ viewport });
    for (const language of ['en', 'ne'] as const) {
      test(`the admin's SMS log (${language})`, async ({ page }) => adminLog(page, language, String(viewport.width)));
      test(`the Account tab's order-texts switch (${language})`, async ({ page }) => accountSwitch(page, language, String(viewport.width)));
    }
  });
}
