/**
 * Numbers as people in Nepal type them: in Nepali (Devanagari) digits ०-९ as often as in 0-9, a
 * mobile number with the country code (+977, 977 or 00977) or with spaces and dashes between its
 * groups. The shared schemas turn them into the plain digits the shop stores, so the server and the
 * web app accept the same input and store one form of each number.
 */

const NEPALI_ZERO = '०'.charCodeAt(0);

/** Nepali digits as 0-9; everything else unchanged. */
export function asciiDigits(value: string): string {
  return value.replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - NEPALI_ZERO));
}

/**
 * A phone number as typed, as its 10 digits when it is one ('+977 ९८४१-२३४५६७' → '9841234567'): the
 * country code comes off only before exactly ten digits, so a ten-digit number that begins 977 stays
 * whole. Anything else comes back with only its digits made plain and its separators removed, for the
 * schema to refuse.
 */
export function typedPhone(value: string): string {
  const compact = asciiDigits(value.trim()).replace(/[\s\-().]/g, '');
  return /^(?:\+|00)?977(\d{10})$/.exec(compact)?.[1] ?? compact;
}

/** A code as typed ('१२३ ४५६' → '123456'): digits made plain, spaces removed. */
export function typedCode(value: string): string {
  return asciiDigits(value).replace(/\s/g, '');
}

/** What a login's "email or phone" field holds: an email as typed, a phone number as its 10 digits. */
export function typedEmailOrPhone(value: string): string {
  if (value.includes('@')) return value;
  const phone = typedPhone(value);
  return /^\d{10}$/.test(phone) ? phone : value;
}
