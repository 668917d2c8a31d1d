import type { Locale } from '../../../shared/locale.js';
import { formatOrderId } from '../../../shared/orders.js';
import type { ClaimStatus } from '../../../shared/warranty.js';
import type { MailMessage } from '../../lib/mail.js';

/**
 * What a shopper is told when their warranty claim moves a step, in their language: a mail (text
 * only: the shop's note and the product's name shown as typed, never as HTML) and a short text.
 */
export interface ClaimStepOptions {
  to: string;
  storeName: string;
  locale: Locale;
  fullName: string;
  orderId: string;
  claimId: number;
  status: ClaimStatus;
  name: string;
  serial: string;
  /** The shop's note on this step (a rejection's reason). */
  note?: string | null;
}

const ENGLISH: Record<ClaimStatus, string> = {
  opened: 'We have your warranty claim. Please bring the unit to the shop or hand it to our courier.',
  received: 'We have received the unit and are checking it.',
  at_service_centre: 'The unit is at the service centre for repair.',
  repaired: 'The service centre has repaired the unit.',
  replaced: 'The service centre has replaced the unit.',
  returned_to_shopper: 'The unit is on its way back to you.',
  rejected: 'Sorry, your warranty claim was not accepted.',
};

const NEPALI: Record<ClaimStatus, string> = {
  opened: 'तपाईंको वारेन्टी दाबी पाइयो। कृपया सामान पसलमा ल्याउनुहोस् वा हाम्रो कुरियरलाई दिनुहोस्।',
  received: 'हामीले सामान पायौं र जाँच्दै छौं।',
  at_service_centre: 'सामान मर्मतका लागि सर्भिस सेन्टरमा छ।',
  repaired: 'सर्भिस सेन्टरले सामान मर्मत गर्‍यो।',
  replaced: 'सर्भिस सेन्टरले सामान बदलिदियो।',
  returned_to_shopper: 'सामान तपाईंकहाँ फर्किंदै छ।',
  rejected: 'माफ गर्नुहोस्, तपाईंको वारेन्टी दाबी स्वीकार गरिएन।',
};

export function claimStepMail(options: ClaimStepOptions): MailMessage {
  const { to, storeName, locale, status, claimId } = options;
  const order = formatOrderId(options.orderId);
  const unit = options.serial ? `${options.name} (${options.serial})` : options.name;
  if (locale === 'ne') {
    return {
      to,
      subject: `${storeName}: अर्डर ${order} को वारेन्टी दाबी #${claimId}`,
      text: [
        `नमस्ते ${options.fullName},`,
        '',
        `अर्डर ${order} को वारेन्टी दाबी #${claimId}: ${unit}`,
        NEPALI[status],
        ...(options.note ? [`टिप्पणी: ${options.note}`] : []),
        '',
        `- ${storeName}`,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${storeName}: warranty claim #${claimId} of order ${order}`,
    text: [
      `Hello ${options.fullName},`,
      '',
      `Warranty claim #${claimId} of order ${order}: ${unit}`,
      ENGLISH[status],
      ...(options.note ? [`Note: ${options.note}`] : []),
      '',
      `- ${storeName}`,
    ].join('\n'),
  };
}

const TEXT_EN: Record<ClaimStatus, string> = {
  opened: 'opened',
  received: 'received by the shop',
  at_service_centre: 'at the service centre',
  repaired: 'repaired',
  replaced: 'replaced',
  returned_to_shopper: 'on its way back to you',
  rejected: 'not accepted',
};

const TEXT_NE: Record<ClaimStatus, string> = {
  opened: 'खोलियो',
  received: 'पसलले पायो',
  at_service_centre: 'सर्भिस सेन्टरमा छ',
  repaired: 'मर्मत भयो',
  replaced: 'बदलियो',
  returned_to_shopper: 'तपाईंकहाँ फर्किंदै छ',
  rejected: 'स्वीकार गरिएन',
};

/** The step as one short text (one segment in English). */
export function claimStepText(
  options: Pick<ClaimStepOptions, 'storeName' | 'locale' | 'orderId' | 'claimId' | 'status'>,
): string {
  const order = formatOrderId(options.orderId);
  return options.locale === 'ne'
    ? `${options.storeName}: अर्डर ${order} को वारेन्टी दाबी #${options.claimId} ${TEXT_NE[options.status]}।`
    : `${options.storeName}: warranty claim #${options.claimId} of order ${order}: ${TEXT_EN[options.status]}.`;
}
