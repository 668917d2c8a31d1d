/**
 * Account limits as plain numbers, apart from the zod schemas of accounts.ts (which re-exports
 * them): a page that needs only a number (the OTP resend countdown) does not download zod.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;
