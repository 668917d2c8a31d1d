import type { Locale } from '../../../shared/locale.js';
import { formatPrice } from '../../../shared/money.js';
import { formatOrderId } from '../../../shared/orders.js';
import type { ReturnReason, ReturnStatus } from '../../../shared/returns.js';
import type { MailMessage } from '../../lib/mail.js';

/**
 * The mail telling a shopper that their return moved a step, in their language. Text only: the
 * shop's reason and the products' names are shown as typed, never as HTML.
 */
export interface ReturnMailOptions {
  to: string;
  storeName: string;
  locale: Locale;
  fullName: string;
  orderId: string;
  returnId: number;
  status: ReturnStatus;
  reason: ReturnReason;
  items: { name: string; quantity: number }[];
  refundPaisa: number;
  /** The shop's reason for a rejection. */
  decisionNote?: string | null;
}

const ENGLISH: Record<ReturnStatus, (refund: string) => string> = {
  requested: () => 'We have your request. The shop will look at it and write to you.',
  approved: () => 'Your return is approved. Please hand the items to our courier or bring them to the shop.',
  rejected: () => 'Sorry, your return was not accepted.',
  received: () => 'We have received the returned items and are checking them.',
  refund_due: (refund) => `Your refund of ${refund} is on its way.`,
  refunded: (refund) => `Your refund of ${refund} has been made.`,
  replaced: () => 'A replacement is on its way to you.',
};

const NEPALI: Record<ReturnStatus, (refund: string) => string> = {
  requested: () => 'तपाईंको अनुरोध पाइयो। पसलले हेरेर तपाईंलाई जानकारी दिनेछ।',
  approved: () => 'तपाईंको फिर्ता स्वीकृत भयो। कृपया सामान हाम्रो कुरियरलाई दिनुहोस् वा पसलमा ल्याउनुहोस्।',
  rejected: () => 'माफ गर्नुहोस्, तपाईंको फिर्ता स्वीकार गरिएन।',
  received: () => 'फिर्ता गरिएको सामान हामीले पायौं र जाँच्दै छौं।',
  refund_due: (refund) => `तपाईंको ${refund} फिर्ता हुँदै छ।`,
  refunded: (refund) => `तपाईंको ${refund} फिर्ता गरियो।`,
  replaced: () => 'तपाईंलाई बदलेको सामान पठाइँदै छ।',
};

export function returnStepMail(options: ReturnMailOptions): MailMessage {
  const { to, storeName, locale, status } = options;
  const order = formatOrderId(options.orderId);
  const refund = formatPrice(options.refundPaisa / 100, locale);
  const items = options.items.map((item) => `  ${item.quantity} × ${item.name}`);
  if (locale === 'ne') {
    return {
      to,
      subject: `${storeName}: अर्डर ${order} को फिर्ता #${options.returnId}`,
      text: [
        `नमस्ते ${options.fullName},`,
        '',
        `अर्डर ${order} को फिर्ता #${options.returnId}:`,
        NEPALI[status](refund),
        ...(options.decisionNote ? [`कारण: ${options.decisionNote}`] : []),
        '',
        'सामान:',
        ...items,
        '',
        `- ${storeName}`,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${storeName}: return #${options.returnId} of order ${order}`,
    text: [
      `Hello ${options.fullName},`,
      '',
      `Return #${options.returnId} of order ${order}:`,
      ENGLISH[status](refund),
      ...(options.decisionNote ? [`Reason: ${options.decisionNote}`] : []),
      '',
      'Items:',
      ...items,
      '',
      `- ${storeName}`,
    ].join('\n'),
  };
}
