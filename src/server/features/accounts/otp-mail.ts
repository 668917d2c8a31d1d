import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/escape-html.js';

/** What a code is for: verifying a new account, resetting a forgotten password, confirming a new email. */
export type CodePurpose = 'verify' | 'reset-password' | 'change-email';

const WORDING: Record<CodePurpose, { subject: string; intro: string; ignore: string }> = {
  verify: {
    subject: 'verification code',
    intro: 'verification code',
    ignore: 'nobody can use your address at {store} without this code.',
  },
  'reset-password': {
    subject: 'password reset code',
    intro: 'code to choose a new password',
    ignore: 'your password stays as it is unless this code is used.',
  },
  'change-email': {
    subject: 'code to confirm your new email',
    intro: 'code to make this your account’s email',
    ignore: 'nothing changes unless this code is used.',
  },
};

/**
 * A code mail. It holds no text the shopper typed (no name), so nothing user-controlled ends up
 * in the HTML; the store name is escaped all the same.
 */
export function otpMail(options: {
  to: string;
  storeName: string;
  code: string;
  validMinutes: number;
  purpose?: CodePurpose;
}): MailMessage {
  const { to, storeName, code, validMinutes } = options;
  const wording = WORDING[options.purpose ?? 'verify'];
  const ignore = `If you did not ask for it, you can ignore this email: ${wording.ignore.replace('{store}', storeName)}`;
  const text = [
    'Namaste,',
    '',
    `Your ${storeName} ${wording.intro} is:`,
    '',
    code,
    '',
    `It is valid for ${validMinutes} minutes and works once.`,
    ignore,
    '',
    `- ${storeName}`,
  ].join('\n');
  const store = escapeHtml(storeName);
  const html = `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5">
    <p>Namaste,</p>
    <p>Your ${store} ${escapeHtml(wording.intro)} is:</p>
    <p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; margin: 16px 0">${escapeHtml(code)}</p>
    <p>It is valid for ${validMinutes} minutes and works once.</p>
    <p style="color: #6b7280; font-size: 13px">${escapeHtml(ignore)}</p>
    <p>- ${store}</p>
  </body>
</html>`;
  return { to, subject: `Your ${storeName} ${wording.subject}`, text, html };
}

/** `sita.shrestha@example.com` → `s***a@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0] ?? ''}***` : `${local[0]}***${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}

/** Tells the old address that the account's email was changed (and where to, masked), or its password. */
export function accountChangedMail(options: {
  to: string;
  storeName: string;
  change: 'email' | 'password';
  newEmail?: string;
}): MailMessage {
  const { to, storeName } = options;
  const what =
    options.change === 'email'
      ? `the email of your ${storeName} account was changed to ${maskEmail(options.newEmail ?? '')}.`
      : `the password of your ${storeName} account was changed.`;
  const lines = [
    'Namaste,',
    '',
    `This is to let you know that ${what}`,
    '',
    `If this was not you, reply to this email or contact ${storeName} at once.`,
    '',
    `- ${storeName}`,
  ];
  const html = `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5">
    ${lines
      .filter((line) => line !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n    ')}
  </body>
</html>`;
  const subject = options.change === 'email' ? `Your ${storeName} email was changed` : `Your ${storeName} password was changed`;
  return { to, subject, text: lines.join('\n'), html };
}
