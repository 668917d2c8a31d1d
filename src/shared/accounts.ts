import { z } from 'zod';

/**
 * The account contract (SPEC §3, §5, §7). The web forms and the server validate with these
 * same schemas, so every validation message lives here once.
 */
export const REGISTER_SUCCESS_MESSAGE = 'User registered successfully. Please verify your email using the OTP sent.';
export const LOGIN_SUCCESS_MESSAGE = 'Login successful';
export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\d{10}$/;

/** A required text field: missing, non-string or blank all give the same message. */
const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const registerSchema = z
  .object({
    firstName: required('First Name is required').pipe(z.string().max(50, 'First Name is too long')),
    lastName: required('Last Name is required').pipe(z.string().max(50, 'Last Name is too long')),
    email: required('Email is required')
      .pipe(z.string().max(254, 'Email is too long').regex(EMAIL_PATTERN, 'Invalid email format'))
      .transform((email) => email.toLowerCase()),
    phoneNumber: required('Phone Number is required').pipe(z.string().regex(PHONE_PATTERN, 'Phone Number should be 10 digits')),
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(200, 'Password is too long'),
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
  emailOrPhone: required('Email or Phone Number is required').pipe(z.string().max(254, 'Email or Phone Number is too long')),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const userIdSchema = z.coerce
  .number({ error: 'userId must be a number' })
  .int('userId must be a whole number')
  .positive('userId must be positive')
  .max(2 ** 31 - 1, 'userId is out of range');

export const sendOtpSchema = z.object({ userId: userIdSchema });
export const verifyOtpSchema = z.object({
  userId: userIdSchema,
  otp: z
    .string({ error: 'OTP is required' })
    .trim()
    .min(1, 'OTP is required')
    .regex(/^\d{6}$/, 'OTP must be 6 digits'),
});

export const tokenBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(4096),
});

export const adminLoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export const publicUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const messageSchema = z.object({ message: z.string() });
