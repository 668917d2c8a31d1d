import { z } from 'zod';
import { queryWholeNumber } from './query-params.js';
import { typedPhone } from './typed-numbers.js';

/**
 * Texts to shoppers' phones, shared by the server and the web app:
 *   GET /api/admin/sms?page=          (admin, permission 'sms') → SmsLog: the texts, newest first, and today's count
 *   POST /api/admin/sms/test {to, text} (admin, 'sms') → 202 {message}: a test text through the gateway
 *   GET /api/users/:userId/sms        (shopper) → {sms: SmsSettings}
 *   PUT /api/users/:userId/sms        (shopper) SmsSettings → {sms}
 */

export const SMS_KINDS = ['code', 'order', 'test'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
export const SMS_STATUSES = ['queued', 'retrying', 'sent', 'invalid', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** A text longer than this many segments is cut (its end replaced by an ellipsis); see fitSms. */
export const SMS_MAX_SEGMENTS = 4;
/** What an admin may type as a test text: four Unicode segments. */
export const SMS_TEST_TEXT_MAX = 4 * 67;

/**
 * A Nepali mobile number as its 10 digits (97… or 98…), whatever way it was typed (Nepali digits,
 * +977, spaces), or undefined for anything else: a landline, a foreign number, 9 or 11 digits.
 */
export function nepaliMobile(value: string): string | undefined {
  const phone = typedPhone(value);
  return /^9[78]\d{8}$/.test(phone) ? phone : undefined;
}

/** 9841234567 → 98*****567: enough for the admin to tell numbers apart, not to read them. */
export function maskPhone(phone: string): string {
  return phone.length < 6 ? '*'.repeat(phone.length) : `${phone.slice(0, 2)}${'*'.repeat(phone.length - 5)}${phone.slice(-3)}`;
}

// The GSM 03.38 alphabet: its basic table takes one septet a character, its extension table two.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('\f^{}\\[~]|€');

export interface SmsSize {
  encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number;
  segments: number;
}

/**
 * How a text travels: GSM-7 when every character is in the GSM alphabet (160 in one segment, 153 in
 * each of several), else UCS-2 (70, or 67 each): one Devanagari letter makes the whole text Unicode.
 */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm7', units: septets, segments: segmentsOf(septets, 160, 153) };
  return { encoding: 'ucs2', units: text.length, segments: segmentsOf(text.length, 70, 67) };
}

function segmentsOf(units: number, single: number, each: number): number {
  if (units === 0) return 0;
  return units <= single ? 1 : Math.ceil(units / each);
}

/**
 * The text as it is sent: at most SMS_MAX_SEGMENTS segments. A longer one keeps its beginning,
 * cut between whole characters, and ends in '...' (GSM-7) or '…' (Unicode) so the reader sees it
 * was cut; the shop's own texts are written well inside the limit, so this is a guard.
 */
export function fitSms(text: string): { text: string } & SmsSize {
  const size = smsSize(text);
  if (size.segments <= SMS_MAX_SEGMENTS) return { text, ...size };
  const ellipsis = size.encoding === 'gsm7' ? '...' : '…';
  const chars = [...text];
  let keep = Math.min(chars.length, size.encoding === 'gsm7' ? 153 * SMS_MAX_SEGMENTS : 67 * SMS_MAX_SEGMENTS);
  for (;;) {
    const cut = chars.slice(0, keep).join('').trimEnd() + ellipsis;
    const fitted = smsSize(cut);
    if (fitted.segments <= SMS_MAX_SEGMENTS && fitted.encoding === size.encoding) return { text: cut, ...fitted };
    keep -= 1;
  }
}

export const SMS_MESSAGES = {
  testQueued: 'Test text queued',
  notMobile: 'Enter a Nepali mobile number: 10 digits starting with 97 or 98',
  textRequired: 'Write the text to send',
  textTooLong: `The text can be at most ${SMS_TEST_TEXT_MAX} characters`,
  refusedDailyCap: "Today's SMS limit is reached",
  refusedNumberLimit: 'This number has had as many texts as it may have for now: at most 3 an hour and 10 a day',
  ownSettingsOnly: 'You can only change your own text settings',
} as const;

export const smsTestSchema = z.object({
  to: z.string({ error: SMS_MESSAGES.notMobile }).max(40, SMS_MESSAGES.notMobile).refine((value) => nepaliMobile(value) !== undefined, SMS_MESSAGES.notMobile),
  text: z
    .string({ error: SMS_MESSAGES.textRequired })
    .trim()
    .min(1, SMS_MESSAGES.textRequired)
    .max(SMS_TEST_TEXT_MAX, SMS_MESSAGES.textTooLong),
});
export type SmsTestInput = z.infer<typeof smsTestSchema>;

export const SMS_LOG_PAGE_SIZE = 25;
export const smsLogQuerySchema = z.object({ page: queryWholeNumber('page', 999_999) });

export const smsLogEntrySchema = z.object({
  id: z.number(),
  phone: z.string(),
  kind: z.string(),
  segments: z.number(),
  encoding: z.enum(['gsm7', 'ucs2']),
  status: z.enum(SMS_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SmsLogEntry = z.infer<typeof smsLogEntrySchema>;

export const smsLogSchema = z.object({
  texts: z.array(smsLogEntrySchema),
  page: z.number(),
  totalPages: z.number(),
  /** Today (a Nepal day): texts queued, the shop's daily limit, and whether it was reached. */
  today: z.object({ day: z.string(), count: z.number(), limit: z.number(), capReached: z.boolean() }),
  /** Where texts go: a gateway's name, or 'outbox' (DATA_DIR/outbox/sms). */
  provider: z.enum(['aakash', 'sparrow', 'outbox']),
});
export type SmsLog = z.infer<typeof smsLogSchema>;

/** Which texts the shopper wants (on unless turned off). */
export const smsSettingsSchema = z.object({
  orderUpdates: z.boolean({ error: 'orderUpdates must be true or false' }),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;
export const smsSettingsResponseSchema = z.object({ sms: smsSettingsSchema });
