import type { Page } from 'playwright-core';
import { mailbox } from './support/api.js';
import { insertFailedJob } from './support/db.js';
import { DESKTOP, PHONE, describe, expect, test } from './support/fixtures.js';
import { adminLoginViaUi } from './support/flows.js';
import { eventually, expectHidden, expectToast, expectVisible } from './support/ui.js';

/**
 * The admin sees the mail that failed for good, with its (masked) last error, and sends it
 * again. No client can make the shop's mail fail for good, so the failed job is written straight
 * into the e2e server's database; the retried mail then goes to the test SMTP server.
 */

/** A mail the worker gave up on after its 11 attempts. */
function failedMail(recipient: string, order: string) {
  const subject = `Your Pasal order ${order}`;
  const summary = `${recipient}: ${subject}`;
  insertFailedJob({
    kind: 'mail',
    summary,
    payload: { messageId: `<e2e-${order}@pasal.test>`, to: recipient, subject, text: 'Hello' },
    attempts: 11,
    maxAttempts: 11,
    lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  });
  return summary;
}

/** The job's card (phones) or table row (desktop): the other one is hidden, so out of the role tree. */
const jobEntry = (page: Page, summary: string) =>
  page.getByRole('listitem').or(page.getByRole('row')).filter({ hasText: summary });

async function retryFailedMail(page: Page, recipient: string, order: string): Promise<void> {
  const summary = failedMail(recipient, order);
  await adminLoginViaUi(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Mail & jobs' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Mail & jobs' }));
  const filter = page.getByRole('group', { name: 'Show jobs' });
  expect(await filter.getByRole('button', { name: 'Failed', exact: true }).getAttribute('aria-pressed')).toBe('true');

  const entry = jobEntry(page, summary);
  await expectVisible(entry);
  await expectVisible(entry.getByText('Email', { exact: true }));
  await expectVisible(entry.getByText('connect ECONNREFUSED 127.0.0.1:2525'));
  await expectVisible(entry.getByText('11 of 11'));

  await entry.getByRole('button', { name: /^Retry/ }).click();
  await expectToast(page, 'The job will run again shortly');
  await expectHidden(entry);
  await expectVisible(page.getByText('Nothing has failed. Every mail and job went through.'));

  // The worker sends it on its next poll: it shows under Sent, and the test SMTP server has it.
  await filter.getByRole('button', { name: 'Sent', exact: true }).click();
  await expectVisible(entry, 15_000);
  await expectVisible(entry.getByText('1 of 11'));
  expect(await entry.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
  await eventually(
    () => mailbox.messagesTo(recipient),
    (messages) => messages.some((mail) => mail.subject === `Your Pasal order ${order}`),
    `the retried mail to ${recipient}`,
  );
}

describe('admin Mail & jobs (phone)', () => {
  test.override({ viewport: PHONE });

  test('a mail that failed for good is shown with its error, retried, and sent', async ({ page }) => {
    await retryFailedMail(page, 'lost.mail@example.com', 'ORD-TEST');
  });
});

describe('admin Mail & jobs (desktop)', () => {
  test.override({ viewport: DESKTOP });

  test('a mail that failed for good is shown with its error, retried, and sent', async ({ page }) => {
    await retryFailedMail(page, 'lost.desk@example.com', 'ORD-TEST-DESK');
    // The tab is remembered.
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Mail & jobs' }));
  });
});
