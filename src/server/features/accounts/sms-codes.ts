import type { Kysely, Transaction } from 'kysely';
import { type Locale, toNepaliDigits } from '../../../shared/locale.js';
import { nepaliMobile } from '../../../shared/sms.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { SmsQueueResult } from '../sms/sender.js';

/**
 * Codes by text message: the one place the accounts feature hands a code to the shop's SMS sender
 * (features/sms/sender.ts). Only a Nepali mobile number is texted; the sender applies its limits
 * (per number, and the shop's daily cap) and may refuse. A refused text is not an error here: the
 * caller decides (the registration's code also went by mail; a login code answers the same either way).
 */

export type CodeSmsKind = 'verify' | 'login' | 'reset-password' | 'verify-phone';

export const isNepaliMobile = (phone: string) => nepaliMobile(phone) === phone;

const WORDS: Record<CodeSmsKind, { en: string; ne: string }> = {
  verify: { en: 'verification code', ne: 'प्रमाणीकरण कोड' },
  login: { en: 'login code', ne: 'लगइन कोड' },
  'reset-password': { en: 'password reset code', ne: 'पासवर्ड रिसेट कोड' },
  'verify-phone': { en: 'code to confirm this number', ne: 'यो नम्बर पुष्टि गर्ने कोड' },
};

/**
 * Short, one segment where it can be: the code first, so a phone's notification shows it. The code
 * keeps Latin digits (it is typed back); the minutes are written in the shopper's digits.
 */
export function codeSmsText(kind: CodeSmsKind, code: string, storeName: string, minutes: number, locale: Locale): string {
  if (locale === 'ne') {
    return `${code} तपाईंको ${storeName} ${WORDS[kind].ne} हो। ${toNepaliDigits(String(minutes))} मिनेट मान्य। कसैलाई नदिनुहोस्।`;
  }
  return `${code} is your ${storeName} ${WORDS[kind].en}. Valid ${minutes} minutes. Do not share it.`;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Texts a code, in the transaction that stores it (the text exists exactly when the code does). The
 * worker is woken once the transaction has committed, with a small delay so a rollback is not raced.
 */
export async function textCode(
  ctx: AppContext,
  db: Db,
  message: { to: string; kind: CodeSmsKind; code: string; locale: Locale; userId?: number; minutes: number },
): Promise<SmsQueueResult> {
  const text = codeSmsText(message.kind, message.code, ctx.config.store.name, message.minutes, message.locale);
  const result = await ctx.sms.queue(db, { to: message.to, kind: 'code', text, userId: message.userId });
  if (result.queued) setImmediate(() => ctx.jobs.wake());
  return result;
}
