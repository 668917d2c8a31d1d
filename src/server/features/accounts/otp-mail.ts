import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/escape-html.js';

/**
 * The verification-code mail. It holds no text the shopper typed (no name), so nothing
 * user-controlled ends up in the HTML; the store name is escaped all the same.
 */
export function otpMail(options: { to: string; storeName: string; code: string; validMinutes: number }): MailMessage {
  const { to, storeName, code, validMinutes } = options;
  const text = [
    'Namaste,',
    '',
    `Your ${storeName} verification code is:`,
    '',
    code,
    '',
    `It is valid for ${validMinutes} minutes and works once.`,
    `If you did not ask for it, you can ignore this email: nobody can use your address at ${storeName} without this code.`,
    '',
    `- ${storeName}`,
  ].join('\n');
  const store = escapeHtml(storeName);
  const html = `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5">
    <p>Namaste,</p>
    <p>Your ${store} verification code is:</p>
    <p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; margin: 16px 0">${escapeHtml(code)}</p>
    <p>It is valid for ${validMinutes} minutes and works once.</p>
    <p style="color: #6b7280; font-size: 13px">If you did not ask for it, you can ignore this email: nobody can use your address at ${store} without this code.</p>
    <p>- ${store}</p>
  </body>
</html>`;
  return { to, subject: `Your ${storeName} verification code`, text, html };
}
