import type { Locale } from '../../../shared/locale.js';
import * as q from './queries.js';

/**
 * The language of a mail to a shopper: their account's, as it is when the mail's job is written
 * (the outbox, jobs/mail-job.ts), read by the request or job that makes the change causing the
 * mail (in its transaction where the account's row is read there anyway).
 *
 * Decided then, not read again when the worker sends it, because the job's payload is the
 * finished mail: a retry, or a second send after a crash, must be the same mail under the same
 * Message-ID, and a code mail is sealed with its code. A mail rendered at send time would need
 * the order as it stood at the change (a status mail describes that change, not a later one) and
 * the code kept in the job, and two sends of one Message-ID could differ in language. A shopper
 * who switches language in between gets the mail in the language they had when they acted (or
 * the shop did); every mail after the switch is in the new one.
 *
 * Mails to an address with no account use the request's language (lib/locale.ts apiLocale); the
 * shop sends none today (unknown-user-otp.ts mails nothing), and registration stores the
 * request's language on the new account before its first code mail is written.
 */
export async function mailLanguage(db: Parameters<typeof q.findLanguage>[0], userId: number): Promise<Locale> {
  // An account that is gone has nobody to read the mail; English is as good as any.
  return (await q.findLanguage(db, userId)) ?? 'en';
}
