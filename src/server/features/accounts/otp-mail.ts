import { type Locale, toNepaliDigits } from '../../../shared/locale.js';
import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/escape-html.js';

/**
 * The account mails: a code (verification, password reset, new email) and the notice that the
 * email or password was changed. Each is written in the account's language (mail-language.ts
 * says when that is decided): English in its original wording, or Nepali written for Nepali shoppers
 * rather than word for word. The code itself keeps its Latin digits: the shopper types it.
 */

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

/** The Nepali code mails, whole sentences ({store} is the shop's name). */
const NEPALI_WORDING: Record<CodePurpose, { subject: string; intro: string; ignore: string }> = {
  verify: {
    subject: 'तपाईंको {store} प्रमाणीकरण कोड',
    intro: 'तपाईंको {store} प्रमाणीकरण कोड यो हो:',
    ignore: 'यो कोडबिना {store} मा तपाईंको इमेल ठेगाना कसैले प्रयोग गर्न सक्दैन।',
  },
  'reset-password': {
    subject: 'तपाईंको {store} पासवर्ड रिसेट कोड',
    intro: '{store} मा नयाँ पासवर्ड राख्ने तपाईंको कोड यो हो:',
    ignore: 'यो कोड प्रयोग नभएसम्म तपाईंको पासवर्ड जस्ताको तस्तै रहन्छ।',
  },
  'change-email': {
    subject: 'तपाईंको नयाँ इमेल पुष्टि गर्ने {store} कोड',
    intro: 'यो इमेललाई तपाईंको {store} खाताको इमेल बनाउने कोड यो हो:',
    ignore: 'यो कोड प्रयोग नभएसम्म केही पनि परिवर्तन हुँदैन।',
  },
};

/** A Nepali mail says so (mail clients' fonts, screen readers); the English HTML stays as it was. */
const htmlLang = (locale: Locale) => (locale === 'ne' ? ' lang="ne"' : '');

interface CodeMailText {
  subject: string;
  greeting: string;
  intro: string;
  validity: string;
  ignore: string;
}

function codeMailText(storeName: string, purpose: CodePurpose, validMinutes: number, locale: Locale): CodeMailText {
  if (locale === 'ne') {
    const wording = NEPALI_WORDING[purpose];
    const store = (text: string) => text.replace('{store}', storeName);
    return {
      subject: store(wording.subject),
      greeting: 'नमस्ते,',
      intro: store(wording.intro),
      validity: `यो कोड ${toNepaliDigits(String(validMinutes))} मिनेटसम्म मान्य छ र एक पटक मात्र चल्छ।`,
      ignore: `तपाईंले यो कोड माग्नुभएको होइन भने यो इमेललाई बेवास्ता गर्न सक्नुहुन्छ: ${store(wording.ignore)}`,
    };
  }
  const wording = WORDING[purpose];
  return {
    subject: `Your ${storeName} ${wording.subject}`,
    greeting: 'Namaste,',
    intro: `Your ${storeName} ${wording.intro} is:`,
    validity: `It is valid for ${validMinutes} minutes and works once.`,
    ignore: `If you did not ask for it, you can ignore this email: ${wording.ignore.replace('{store}', storeName)}`,
  };
}

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
  /** The account's language; English when not given. */
  locale?: Locale;
}): MailMessage {
  const { to, storeName, code, validMinutes } = options;
  const locale = options.locale ?? 'en';
  const words = codeMailText(storeName, options.purpose ?? 'verify', validMinutes, locale);
  const text = [words.greeting, '', words.intro, '', code, '', words.validity, words.ignore, '', `- ${storeName}`].join('\n');
  const html = `<!doctype html>
<html${htmlLang(locale)}>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5">
    <p>${escapeHtml(words.greeting)}</p>
    <p>${escapeHtml(words.intro)}</p>
    <p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; margin: 16px 0">${escapeHtml(code)}</p>
    <p>${escapeHtml(words.validity)}</p>
    <p style="color: #6b7280; font-size: 13px">${escapeHtml(words.ignore)}</p>
    <p>- ${escapeHtml(storeName)}</p>
  </body>
</html>`;
  return { to, subject: words.subject, text, html };
}

/** `sita.shrestha@example.com` → `s***a@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0] ?? ''}***` : `${local[0]}***${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}

/** The notice of a changed email or password, in either language. */
function accountChangedText(
  storeName: string,
  change: 'email' | 'password',
  maskedEmail: string,
  locale: Locale,
): { subject: string; lines: string[] } {
  if (locale === 'ne') {
    const what =
      change === 'email'
        ? `तपाईंको ${storeName} खाताको इमेल ${maskedEmail} मा परिवर्तन गरिएको छ।`
        : `तपाईंको ${storeName} खाताको पासवर्ड परिवर्तन गरिएको छ।`;
    return {
      subject: change === 'email' ? `तपाईंको ${storeName} इमेल परिवर्तन भयो` : `तपाईंको ${storeName} पासवर्ड परिवर्तन भयो`,
      lines: [
        'नमस्ते,',
        '',
        `जानकारीका लागि: ${what}`,
        '',
        `यो परिवर्तन तपाईंले गर्नुभएको होइन भने तुरुन्तै यो इमेलको जवाफ दिनुहोस् वा ${storeName} लाई सम्पर्क गर्नुहोस्।`,
        '',
        `- ${storeName}`,
      ],
    };
  }
  const what =
    change === 'email'
      ? `the email of your ${storeName} account was changed to ${maskedEmail}.`
      : `the password of your ${storeName} account was changed.`;
  return {
    subject: change === 'email' ? `Your ${storeName} email was changed` : `Your ${storeName} password was changed`,
    lines: [
      'Namaste,',
      '',
      `This is to let you know that ${what}`,
      '',
      `If this was not you, reply to this email or contact ${storeName} at once.`,
      '',
      `- ${storeName}`,
    ],
  };
}

/** Tells the old address that the account's email was changed (and where to, masked), or its password. */
export function accountChangedMail(options: {
  to: string;
  storeName: string;
  change: 'email' | 'password';
  newEmail?: string;
  /** The account's language; English when not given. */
  locale?: Locale;
}): MailMessage {
  const { to, storeName } = options;
  const locale = options.locale ?? 'en';
  const { subject, lines } = accountChangedText(
    storeName,
    options.change,
    options.change === 'email' ? maskEmail(options.newEmail ?? '') : '',
    locale,
  );
  const html = `<!doctype html>
<html${htmlLang(locale)}>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #111827; line-height: 1.5">
    ${lines
      .filter((line) => line !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n    ')}
  </body>
</html>`;
  return { to, subject, text: lines.join('\n'), html };
}
