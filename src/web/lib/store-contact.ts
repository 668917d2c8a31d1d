/**
 * The shop's phone numbers as links: a call, and a chat on WhatsApp or Viber, which
 * in Nepal are on mobiles only. Numbers come from STORE_PHONES as the owner writes them
 * ('+977-9801234567', '9801234567', '+977-1-4123456' for a landline).
 */

/** The national number (no +977, no leading 0, digits only). */
export function nationalNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('977') && digits.length > 10) return digits.slice(3);
  return digits.replace(/^0+/, '');
}

/** A Nepali mobile number: ten digits starting with 9 (a landline is 01-…, 061-… and so on). */
export const isMobile = (phone: string) => /^9\d{9}$/.test(nationalNumber(phone));

/** The first mobile among the shop's numbers: the one offered for calls and chats; undefined if none. */
export const chatNumber = (phones: readonly string[]) => phones.find(isMobile);

/** tel: with the country code, so it dials from a phone roaming abroad too. */
export const telHref = (phone: string) => `tel:+977${nationalNumber(phone)}`;

/** WhatsApp's click-to-chat link: the number in international form, digits only. */
export const whatsAppHref = (phone: string) => `https://wa.me/977${nationalNumber(phone)}`;

/** Viber's chat link: the number with its +, URL-encoded. */
export const viberHref = (phone: string) => `viber://chat?number=%2B977${nationalNumber(phone)}`;
