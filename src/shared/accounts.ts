import { z } from 'zod';
import { adminMeSchema } from './staff-roles.js';
import { typedCode, typedEmailOrPhone, typedPhone } from './typed-numbers.js';
import { PASSWORD_MIN_LENGTH } from './account-limits.js';
import { LOCALES } from './locale.js';

/**
 * The account contract. The web forms and the server validate with these
 * same schemas, so every validation message lives here once.
 */
export const REGISTER_SUCCESS_MESSAGE = 'User registered successfully. Please verify your email using the OTP sent.';
export const LOGIN_SUCCESS_MESSAGE = 'Login successful';
export { OTP_LENGTH, OTP_RESEND_SECONDS, PASSWORD_MIN_LENGTH } from './account-limits.js';

/**
 * A plain `local@domain` mailbox and nothing else: no display name, comment, quotes,
 * angle brackets, control or invisible characters, so the address a mail goes to is exactly the
 * stored one (`victim@example.com(1)` or `a<victim@example.com>` would reach the victim's inbox as
 * another account). The local part is dot-atoms of RFC 5322's atext; the domain is ASCII labels.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL_PATTERN = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*@${LABEL}(?:\\.${LABEL})+$`);
const PHONE_PATTERN = /^\d{10}$/;
/** Control characters (NUL, newlines inside a name…) have no place in names or identifiers; PostgreSQL cannot even store NUL. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** A required text field: missing, non-string or blank all give the same message. */
const required = (message: string) => z.string({ error: message }).trim().min(1, message);
/** Text without control characters, at most `max` long. */
const plainText = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} is too long`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} contains invalid characters`);

/** A password being chosen (registration, reset, change): at least 8 characters. */
export const newPasswordField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, `${label} is too long`);

/** A plain `local@domain` address, lowercased: what registration and an email change accept. */
export const emailField = () =>
  required('Email is required')
    .pipe(z.string().max(254, 'Email is too long').regex(EMAIL_PATTERN, 'Invalid email format'))
    .transform((email) => email.toLowerCase());

export const phoneField = () =>
  required('Phone Number is required')
    .transform(typedPhone)
    .pipe(z.string().regex(PHONE_PATTERN, 'Phone Number should be 10 digits'));

export const registerSchema = z
  .object({
    firstName: required('First Name is required').pipe(plainText('First Name', 50)),
    lastName: required('Last Name is required').pipe(plainText('Last Name', 50)),
    email: emailField(),
    phoneNumber: phoneField(),
    password: newPasswordField('Password'),
    confirmPassword: z.string({ error: 'Confirm Password is required' }).min(1, 'Confirm Password is required'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    // Only compare once both fields are present, so a missing field shows its own message.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && payload.issues.length === 0,
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  emailOrPhone: required('Email or Phone Number is required')
    .pipe(plainText('Email or Phone Number', 254))
    .transform(typedEmailOrPhone),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * A user id given as a number or as a string of digits (`"12"`). Other types are refused rather
 * than coerced (`true` or `[5]` are not ids).
 */
export const userIdSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/)
        .transform(Number),
    ],
    { error: 'userId must be a number' },
  )
  .pipe(
    z
      .number()
      .int('userId must be a whole number')
      .positive('userId must be positive')
      .max(Number.MAX_SAFE_INTEGER, 'userId is out of range'),
  );

/** A six-digit code from a mail, in 0-9 or ०-९. */
export const otpField = () =>
  z
    .string({ error: 'OTP is required' })
    .trim()
    .min(1, 'OTP is required')
    .transform(typedCode)
    .pipe(z.string().regex(/^\d{6}$/, 'OTP must be 6 digits'));

export const sendOtpSchema = z.object({ userId: userIdSchema });
export const verifyOtpSchema = z.object({
  userId: userIdSchema,
  otp: otpField(),
  /**
   * The registration OTP screen asks to be logged in at once: the answer then carries a session
   * token, but only to the browser that registered (its device cookie for the account).
   */
  startSession: z.boolean().optional(),
});

export const tokenBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(4096),
});

export const adminLoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').pipe(plainText('Username', 100)),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  /** The authenticator app's code (or a recovery code), for an admin with two-factor sign-in. */
  code: z.string().trim().max(20).optional(),
});

export const publicUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** The account is verified (its email or its phone number was proved by a code). */
  emailVerified: z.boolean(),
  /** The phone number was proved by a texted code: only then does it log in or receive texts. */
  phoneVerified: z.boolean(),
  /** The language the shop's mails to the shopper are written in (the web's language switch sets it). */
  language: z.enum(LOCALES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const LANGUAGE_REQUIRED_MESSAGE = 'Language is required';
export const LANGUAGE_INVALID_MESSAGE = 'Language must be en or ne';

/** Body of PUT /api/users/language: the shopper's language, one of the shop's two. */
export const setLanguageSchema = z.object({
  language: z.enum(LOCALES, {
    error: (issue) => (issue.input === undefined ? LANGUAGE_REQUIRED_MESSAGE : LANGUAGE_INVALID_MESSAGE),
  }),
});

export const messageSchema = z.object({ message: z.string() });

// Response bodies of the account calls (the fields the client reads).
/** otpQueued: true when the mail server did not take the code at once (it is on its way from the outbox). */
export const registerResponseSchema = z.object({ message: z.string(), userId: z.number(), otpQueued: z.boolean().optional() });
export const otpQueuedResponseSchema = z.object({ message: z.string(), queued: z.literal(true) });
export const loginResponseSchema = z.object({ message: z.string(), token: z.string() });
/** token: a new session, when the registration screen asked for one from the browser that registered. */
export const verifyOtpResponseSchema = z.object({ message: z.string(), token: z.string().optional() });
export const refreshResponseSchema = z.object({ newToken: z.string() });
export const findUserResponseSchema = z.object({ user: publicUserSchema });
/** PUT /api/users/language answers the account as it now is. */
export const setLanguageResponseSchema = z.object({ user: publicUserSchema });
export const adminLoginResponseSchema = z.object({ message: z.string(), token: z.string() });
export const publicAdminSchema = z.object({ id: z.number(), username: z.string() });
export const adminMeResponseSchema = z.object({ admin: adminMeSchema });
/** Logout takes the token as a bearer header or in the body; both are optional in the schema. */
export const logoutBodySchema = z.object({ token: z.string().min(1, 'token is required').max(4096).optional() }).nullish();

/**
 * Every message the account and admin calls answer with, so the web client can compare
 * against the same texts. Functions take the number of seconds or minutes to wait.
 */
export const ACCOUNT_MESSAGES = {
  registered: REGISTER_SUCCESS_MESSAGE,
  loggedIn: LOGIN_SUCCESS_MESSAGE,
  emailTaken: 'Email is already registered',
  phoneTaken: 'Phone number is already registered',
  userNotFound: 'User not found',
  alreadyVerified: 'Email is already verified',
  otpSent: 'OTP sent successfully',
  /** The mail server did not take the code at once: it waits in the outbox and goes out when it can. */
  otpQueued: 'Your code is on its way. It can take a few minutes to arrive.',
  otpResendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP`,
  otpHourlyLimit: (minutes: number) => `Too many OTP requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  otpVerified: 'Email verified successfully',
  otpNone: 'No OTP has been requested. Please request a new one.',
  otpExpired: 'OTP has expired. Please request a new one.',
  otpWrong: (attemptsLeft: number) =>
    attemptsLeft > 0
      ? `Invalid OTP. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`
      : 'Invalid OTP. No attempts left; please request a new OTP.',
  otpLocked: 'Too many incorrect attempts. Please request a new OTP.',
  loginFailed: 'Invalid email/phone or password',
  adminLoginFailed: 'Invalid username or password',
  tooManyLogins: (minutes: number) =>
    `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyRegistrations: (minutes: number) =>
    `Too many sign-ups from here. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyOtpRequests: (minutes: number) =>
    `Too many code requests from here. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  signupBusy: 'We are busy right now. Please try again in a minute.',
  loggedOut: 'Logged out successfully',
  ownAccountOnly: 'You can only access your own account',
  adminOnly: 'Only an admin can do this',
  badUserId: 'User id must be a positive whole number',
  languageRequired: LANGUAGE_REQUIRED_MESSAGE,
  languageInvalid: LANGUAGE_INVALID_MESSAGE,
  // Sessions and tokens (401 unless said otherwise).
  authRequired: 'Authentication required',
  tokenInvalidOrExpired: 'Invalid or expired token',
  tokenInvalid: 'Invalid token',
  tokenReused: 'This token was already used. Please log in again.',
  sessionEnded: 'Session has ended. Please log in again.',
} as const;
