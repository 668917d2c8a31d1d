import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminToken, api, drawnPng, mailbox, uploadProduct } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { beforeAll, describe, expect, test, workerShop } from './support/fixtures.js';
import { adminLoginViaUi, loggedInBeforeLoad } from './support/flows.js';
import { expectToast, expectVisible, settled } from './support/ui.js';
import { shot } from './support/shots.js';

/**
 * Questions and answers in the browser: a logged-in shopper asks on the product page, the admin
 * answers (from the Questions tab on a desktop), the asker is mailed, and the answered question
 * shows on the page. At 390 px in Nepali and on a desktop in English, each page also shot in the
 * other language; axe on each state.
 */

const tag = crypto.randomBytes(3).toString('hex');
const category = `Questions ${tag}`;
const DESKTOP = { width: 1280, height: 900 };
let admin = '';

beforeAll(async () => {
  admin = await adminToken();
  expect((await api('POST', '/api/category', { token: admin, body: { name: category } })).status).toBe(201);
});

type Language = 'en' | 'ne';
const words = {
  en: {
    ask: 'Ask a question about this product',
    submit: 'Ask',
    sent: 'Thank you. The shop will answer your question soon.',
    heading: 'Questions and answers',
  },
  ne: {
    ask: 'यो सामानबारे प्रश्न सोध्नुहोस्',
    submit: 'सोध्नुहोस्',
    sent: 'धन्यवाद। पसलले छिट्टै तपाईंको प्रश्नको उत्तर दिनेछ।',
    heading: 'प्रश्न र उत्तर',
  },
} as const;

const setLanguage = (page: Page, language: Language) =>
  page.context().addCookies([{ name: 'pasal_lang', value: language, url: workerShop().baseUrl }]);

/** A product of its own, a logged-in shopper, and the question asked from the product page. */
async function askOnPage(page: Page, language: Language, name: string, question: string) {
  const product = await uploadProduct(
    admin,
    { name, description: 'A router for the questions test.', price: 4200, category, stock: 5 },
    [{ png: await drawnPng('#0f766e'), filename: 'router.png' }],
  );
  const shopper = await loggedInBeforeLoad(page);
  await setLanguage(page, language);
  await page.goto(`/products/${product.id}`);
  const form = page.locator('#questions form');
  // An empty question is refused under the field before anything is sent.
  await form.getByRole('button', { name: words[language].submit, exact: true }).click();
  await expectVisible(form.locator('[id$="question-error"]'));
  await form.getByLabel(words[language].ask, { exact: true }).fill(question);
  await form.getByRole('button', { name: words[language].submit, exact: true }).click();
  await expectToast(page, words[language].sent);
  return { product, shopper };
}

async function pendingQuestionId(productName: string): Promise<number> {
  const res = await api<{ questions: Array<{ id: number; productName: string }> }>(
    'GET',
    '/api/admin/questions?queue=unanswered',
    {
      token: admin,
    },
  );
  const found = res.body.questions.find((q) => q.productName === productName);
  expect(found).toBeDefined();
  return found!.id;
}

/** The answered question on the product page, shot and checked in both languages. */
async function seeAnswer(page: Page, productId: number, language: Language, width: string, question: string, answer: string) {
  for (const lang of [language, language === 'en' ? 'ne' : 'en'] as const) {
    await setLanguage(page, lang);
    await page.goto(`/products/${productId}`);
    const item = page.getByTestId('question-list').locator('li').filter({ hasText: question });
    await expectVisible(item.getByText(answer, { exact: false }));
    await settled(page);
    await page.locator('#questions').scrollIntoViewIfNeeded();
    await shot(page, `questions-product-${lang}-${width}`);
    await expectNoSeriousViolations(page, `a product's questions (${width}, ${lang})`);
  }
}

async function waitForMail(email: string, subject: RegExp) {
  for (let i = 0; i < 50; i += 1) {
    const found = (await mailbox.messagesTo(email)).find((m) => subject.test(m.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${email} matching ${subject}`);
}

describe('questions at 390 px', () => {
  test('in Nepali: a shopper asks, the shop answers, the answer shows on the page and is mailed', async ({ page }) => {
    const question = 'यो राउटर NTC फाइबरमा चल्छ? <3';
    const { product, shopper } = await askOnPage(page, 'ne', `Router NE ${tag}`, question);
    await page.locator('#questions').scrollIntoViewIfNeeded();
    await settled(page);
    await shot(page, 'questions-asked-ne-390');
    await expectNoSeriousViolations(page, 'a question asked (390, ne)');
    const id = await pendingQuestionId(`Router NE ${tag}`);
    expect(
      (await api('PUT', `/api/admin/questions/${id}/answer`, { token: admin, body: { answer: 'चल्छ, सबै फाइबरमा।' } })).status,
    ).toBe(200);
    await seeAnswer(page, product.id, 'ne', '390', question, 'चल्छ, सबै फाइबरमा।');
    // The account's language is the one it registered in (English, through the API).
    const mail = await waitForMail(shopper.email, /your question was answered/);
    expect(mail.text).toContain(`The shop has answered your question about "Router NE ${tag}"`);
  });
});

describe('questions on a desktop', () => {
  test.override({ viewport: DESKTOP });

  test('in English: the admin answers from the Questions tab', async ({ page }) => {
    const question = 'Does it have <b>two</b> antennas?';
    const { product } = await askOnPage(page, 'en', `Router EN ${tag}`, 'Does it have two antennas?');
    // Markup is refused, in words, under the field.
    const form = page.locator('#questions form');
    await form.getByLabel(words.en.ask, { exact: true }).fill(question);
    await form.getByRole('button', { name: 'Ask', exact: true }).click();
    await expectVisible(form.getByText('Question must be plain text, without HTML tags'));

    await setLanguage(page, 'en');
    await adminLoginViaUi(page);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('button', { name: 'Questions', exact: true })
      .click();
    const item = page.locator('li[data-testid^="admin-question-"]').filter({ hasText: `Router EN ${tag}` });
    await expectVisible(item);
    await item.getByRole('button', { name: 'Answer', exact: true }).click();
    await item.getByLabel("The shop's answer").fill('Yes, two external antennas.');
    await settled(page);
    await shot(page, 'questions-admin-en-1280');
    await expectNoSeriousViolations(page, 'the admin Questions tab (1280, en)');
    await item.getByRole('button', { name: 'Publish answer', exact: true }).click();
    await expectToast(page, 'Answer published; the shopper is mailed.');
    await page.getByRole('button', { name: 'Answered', exact: true }).click();
    await expectVisible(page.locator('li[data-testid^="admin-question-"]').filter({ hasText: 'Yes, two external antennas.' }));
    await setLanguage(page, 'ne');
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'प्रश्न', exact: true }));
    await settled(page);
    await shot(page, 'questions-admin-ne-1280');
    await expectNoSeriousViolations(page, 'the admin Questions tab (1280, ne)');

    await seeAnswer(page, product.id, 'en', '1280', 'Does it have two antennas?', 'Yes, two external antennas.');
  });
});
