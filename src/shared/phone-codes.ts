import { z } from 'zod';
import { otpField, phoneField } from './accounts.js';
import { SMS_MESSAGES } from './sms.js';

/**
 * Codes by text message and login by phone (ADR 0047). The web forms and the server validate with
 * these schemas.
 *
 * - POST /api/users/login-code {phoneNumber} → 200 {message}, the same whether or not the number
 *   belongs to an account; a proved number is texted a 6-digit code
 * - POST /api/users/login-code/verify {phoneNumber, code} → 200 {message, token}, as login answers
 * - POST /api/users/phone-code (shopper token) → 200 {message}: a code texted to the account's number
 * - POST /api/users/verify-phone (shopper token) {otp} → 200 {message, user}: the number is proved
 */

/** Ten digits beginning 97 or 98: the only numbers the shop texts. */
export const NEPALI_MOBILE_PATTERN = /^9[78]\d{8}$/;

/** A Nepali mobile number as typed (Nepali digits, +977, spaces): refused in words when it is not one. */
export const mobileField = () => phoneField().pipe(z.string().regex(NEPALI_MOBILE_PATTERN, SMS_MESSAGES.notMobile));

export const loginCodeSchema = z.object({ phoneNumber: mobileField() });
export const loginCodeVerifySchema = z.object({ phoneNumber: mobileField(), code: otpField() });
export const verifyPhoneSchema = z.object({ otp: otpField() });

export type LoginCodeInput = z.input<typeof loginCodeSchema>;
export type LoginCodeVerifyInput = z.input<typeof loginCodeVerifySchema>;
export type VerifyPhoneInput = z.input<typeof verifyPhoneSchema>;

export const PHONE_CODE_MESSAGES = {
  /** The same answer whether or not the number is an account's: it tells a stranger nothing. */
  loginCodeSent: 'If this number belongs to an account, we have texted it a login code.',
  phoneCodeSent: (masked: string) => `We have texted a code to ${masked}. Enter it to confirm your number.`,
  phoneVerified: 'Your phone number has been verified.',
  phoneAlreadyVerified: 'Your phone number is already verified',
  /** The sender refused (its limits for the number, or the shop's daily cap). */
  smsUnavailable: 'We cannot text this number now. Please try again later or use your email.',
  tooManyLoginCodes: (minutes: number) =>
    `Too many login codes for this number. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  emailOrPhoneNotBoth: 'Enter an email or a phone number, not both',
} as const;
