import type { Locale } from '../../../shared/locale.js';
import type { MailMessage } from '../../lib/mail.js';

/**
 * The mail telling a review's author that the shop hid it, with the shop's reason, in the author's
 * language. Text only: the review's title and the reason are shown as typed, never as HTML.
 */
export function reviewHiddenMail(options: {
  to: string;
  storeName: string;
  productName: string;
  title: string;
  reason: string;
  locale: Locale;
}): MailMessage {
  const { to, storeName, productName, title, reason, locale } = options;
  if (locale === 'ne') {
    return {
      to,
      subject: `${storeName}: तपाईंको समीक्षा लुकाइयो`,
      text: [
        'नमस्ते,',
        '',
        `"${productName}" को तपाईंको समीक्षा "${title}" पसलले लुकाएको छ।`,
        `कारण: ${reason}`,
        '',
        'तपाईं आफ्नो समीक्षा सच्याएर फेरि पठाउन सक्नुहुन्छ; कुनै प्रश्न भए यो इमेलको जवाफ दिनुहोस्।',
        '',
        storeName,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${storeName}: your review was hidden`,
    text: [
      'Hello,',
      '',
      `Your review "${title}" of "${productName}" has been hidden by the shop.`,
      `Reason: ${reason}`,
      '',
      'You can edit your review; if you have a question, reply to this mail.',
      '',
      storeName,
    ].join('\n'),
  };
}
