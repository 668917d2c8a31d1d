import { z } from 'zod';
import { otpField } from './accounts.js';
import { CHECKOUT_MESSAGES, FULL_NAME_MAX } from './orders.js';
import { mobileField } from './phone-codes.js';

/**
 * Checkout without an account (ADR 0054): a guest gives a name and a mobile number, gets a texted
 * code, and the code opens a session.
 *
 * - POST /api/users/checkout-code {name, phoneNumber} → 200 {message}, the same for every number
 * - POST /api/users/checkout-code/verify {name, phoneNumber, code} → 200 {message, token}, as login:
 *   the account that proved the number, or one made now for it with the name (no email, no password)
 */
const nameField = () =>
  z
    .string({ error: CHECKOUT_MESSAGES.fullNameRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.fullNameRequired)
    .max(FULL_NAME_MAX, CHECKOUT_MESSAGES.fullNameTooLong);

export const guestCodeSchema = z.object({ name: nameField(), phoneNumber: mobileField() });
export const guestCodeVerifySchema = z.object({ name: nameField(), phoneNumber: mobileField(), code: otpField() });

export type GuestCodeInput = z.input<typeof guestCodeSchema>;
export type GuestCodeVerifyInput = z.input<typeof guestCodeVerifySchema>;

export const GUEST_CHECKOUT_MESSAGES = {
  /** Every number gets this answer: it tells nobody whether the number has an account. */
  codeSent: 'We have texted a code to this number. Enter it to go on with your order.',
} as const;

/** A name as typed, as the account's first and last name: the first word, and the rest. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}
