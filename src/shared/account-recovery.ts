import { z } from 'zod';
import { emailField, newPasswordField, otpField, phoneField, publicUserSchema } from './accounts.js';
import { mobileField, PHONE_CODE_MESSAGES } from './phone-codes.js';

/**
 * "A way back in": a forgotten password reset by a code mailed to the account, and the
 * shopper's own changes of password, email and phone; the admin's own password change. The web
 * forms and the server validate with these schemas. None of these texts are the original shop's.
 *
 * - POST /api/users/forgot-password {email} or {phoneNumber} → 200 {message} whether or not an
 *   account uses it; a number is texted only when an account proved it
 * - POST /api/users/reset-password {email or phoneNumber, otp, password, confirmPassword} → 200
 *   {message}; every session of the account ends
 * - POST /api/users/change-password (shopper token) {currentPassword, password, confirmPassword}
 *   → 200 {message}; the shopper's other sessions end, this one stays
 * - POST /api/users/change-email (shopper token) {email, currentPassword} → 200 or 202 {message}:
 *   a code goes to the new address
 * - POST /api/users/confirm-email (shopper token) {otp} → 200 {message, user}; the old address is told
 * - POST /api/users/change-phone (shopper token) {phoneNumber, currentPassword} → 200 {message, user}
 * - POST /api/admin/change-password (admin token) {currentPassword, password, confirmPassword}
 *   → 200 {message}; the admin's other sessions end
 */

const currentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(200, 'Current password is too long');

const confirmPassword = z.string({ error: 'Confirm Password is required' }).min(1, 'Confirm Password is required');

/** The two new-password fields match (checked only once both are otherwise valid). */
function withMatchingPasswords<T extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && payload.issues.length === 0,
  });
}

/**
 * Whose password: an email, or a proved phone number. Without either, the email is asked for (as
 * before phone numbers were taken), and both at once are refused.
 */
const emailOrPhone = {
  email: emailField().optional(),
  phoneNumber: mobileField().optional(),
};
type EmailOrPhone = { email?: string | undefined; phoneNumber?: string | undefined };
function oneOfEmailOrPhone<T extends z.ZodType<EmailOrPhone>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    if (value.email === undefined && value.phoneNumber === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Email is required', path: ['email'] });
    } else if (value.email !== undefined && value.phoneNumber !== undefined) {
      ctx.addIssue({ code: 'custom', message: PHONE_CODE_MESSAGES.emailOrPhoneNotBoth, path: ['phoneNumber'] });
    }
  });
}

export const forgotPasswordSchema = oneOfEmailOrPhone(z.object(emailOrPhone));

export const resetPasswordSchema = oneOfEmailOrPhone(
  withMatchingPasswords(
    z.object({ ...emailOrPhone, otp: otpField(), password: newPasswordField('New password'), confirmPassword }),
  ),
);

export const changePasswordSchema = withMatchingPasswords(
  z.object({ currentPassword, password: newPasswordField('New password'), confirmPassword }),
);

export const changeEmailSchema = z.object({ email: emailField(), currentPassword });
export const confirmEmailSchema = z.object({ otp: otpField() });
export const changePhoneSchema = z.object({ phoneNumber: phoneField(), currentPassword });

export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export type ConfirmEmailInput = z.input<typeof confirmEmailSchema>;
export type ChangePhoneInput = z.input<typeof changePhoneSchema>;

export const userChangedResponseSchema = z.object({ message: z.string(), user: publicUserSchema });

export const RECOVERY_MESSAGES = {
  /** The same answer whether or not an account uses the address: it tells a stranger nothing. */
  resetCodeSent: 'If an account uses this email, we have sent it a code to reset the password.',
  passwordReset: 'Your password has been changed. Please log in with the new one.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  emailCodeSent: (email: string) => `We have sent a code to ${email}. Enter it to confirm the change.`,
  emailCodeQueued: (email: string) => `Your code to ${email} is on its way. It can take a few minutes to arrive.`,
  sameEmail: 'This is already your email',
  noEmailChange: 'No email change is waiting. Please ask for a new code.',
  emailChanged: 'Your email has been changed.',
  samePhone: 'This is already your phone number',
  /** The admin named by ADMIN_USERNAME: the server sets its password from ADMIN_PASSWORD at each start. */
  adminPasswordFromEnvironment: 'This admin’s password is set by ADMIN_PASSWORD on the server. Change it there.',
  phoneChanged: 'Your phone number has been changed.',
  tooManyResetRequests: (minutes: number) =>
    `Too many reset requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
