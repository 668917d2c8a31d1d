import type { Generated } from 'kysely';

/** A text the shop decided to send (migration 039): what the admin's log shows and the limits count. */
export interface SmsMessagesTable {
  id: Generated<number>;
  phone: string;
  kind: string;
  segments: number;
  /** 'gsm7' or 'ucs2' (Devanagari and anything else outside the GSM alphabet). */
  encoding: string;
  /** 'queued' until the provider took it ('sent') or called the number invalid ('invalid'). */
  status: string;
  user_id: number | null;
  job_id: number | null;
  /** The Nepal day it was queued (YYYY-MM-DD). */
  day: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One row per number texted (migration 039): locked while its limits are counted. */
export interface SmsNumbersTable {
  phone: string;
  updated_at: string;
}

/** Texts per Nepal day (migration 039): the shop-wide daily cap. */
export interface SmsDaysTable {
  day: string;
  count: number;
  cap_told_at: string | null;
}

/** Kinds of text a shopper turned off (migration 039). */
export interface SmsOptOutsTable {
  user_id: number;
  kind: string;
  created_at: string;
}
