import type { Locale } from '../../../shared/locale.js';
import type { MailMessage } from '../../lib/mail.js';

/**
 * The mail telling a shopper that the shop answered their question, in their language. Text only:
 * the question and the answer are shown as typed, never as HTML.
 */
export function questionAnsweredMail(options: {
  to: string;
  firstName: string;
  storeName: string;
  productName: string;
  productUrl: string;
  question: string;
  answer: string;
  locale: Locale;
}): MailMessage {
  const { to, firstName, storeName, productName, productUrl, question, answer, locale } = options;
  if (locale === 'ne') {
    return {
      to,
      subject: `${storeName}: तपाईंको प्रश्नको उत्तर आयो`,
      text: [
        `नमस्ते ${firstName},`,
        '',
        `"${productName}" बारे तपाईंको प्रश्नको पसलले उत्तर दिएको छ।`,
        '',
        `प्रश्न: ${question}`,
        `उत्तर: ${answer}`,
        '',
        `सामान हेर्नुहोस्: ${productUrl}`,
        '',
        storeName,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${storeName}: your question was answered`,
    text: [
      `Hello ${firstName},`,
      '',
      `The shop has answered your question about "${productName}".`,
      '',
      `Question: ${question}`,
      `Answer: ${answer}`,
      '',
      `See the product: ${productUrl}`,
      '',
      storeName,
    ].join('\n'),
  };
}
