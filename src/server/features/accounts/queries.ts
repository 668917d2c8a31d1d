import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Locale } from '../../../shared/locale.js';
import { newUserId } from './user-ids.js';

type Db = Kysely<Database> | Transaction<Database>;

const publicColumns = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'email_verified',
  'phone_verified_at',
  'language',
] as const;

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
}

/** The user row for an OTP send or verify, locked until the transaction ends (db/row-locks.ts). */
export function lockUserForOtp(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'phone_number', 'email_verified', 'language'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Login: the identifier is a lowercased email or a phone number; emails are stored lowercased.
 * A phone number logs in only to the one account that proved it by a texted code (ADR 0047):
 * anyone can type a stranger's number into a registration.
 */
export function findUserForLogin(db: Db, identifier: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) =>
      eb.or([
        eb('email', '=', identifier),
        eb.and([eb('phone_number', '=', identifier), eb('phone_verified_at', 'is not', null)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
}

/** The account that proved this number, if any (a number is unique among them). */
export function findUserByOwnedPhone(db: Db, phoneNumber: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone_number', 'email_verified', 'language'])
    .where('phone_number', '=', phoneNumber)
    .where('phone_verified_at', 'is not', null)
    .executeTakeFirst();
}

/**
 * What stands in a registration's way: a verified account with the email, or the account that
 * proved the phone number (409); or an unverified account holding the email, which the
 * registration takes over. A number typed into other accounts but never proved blocks nobody.
 */
export async function findRegistrationConflicts(db: Db, email: string, phoneNumber: string) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone_number', 'email_verified', 'phone_verified_at'])
    .where((eb) =>
      eb.or([eb('email', '=', email), eb.and([eb('phone_number', '=', phoneNumber), eb('phone_verified_at', 'is not', null)])]),
    )
    .execute();
  const verified = rows.filter((row) => Number(row.email_verified) === 1);
  return {
    email: verified.some((row) => row.email === email),
    phoneNumber: rows.some((row) => row.phone_number === phoneNumber && row.phone_verified_at !== null),
    unverifiedHolder: rows.find((row) => row.email === email && Number(row.email_verified) === 0)?.id,
  };
}

/**
 * Removes an unverified account with everything it holds (codes and cart by cascade, sessions by
 * hand). Answers false when the account is gone, verified meanwhile, or has orders.
 */
export async function removeUnverifiedUser(trx: Db, userId: number): Promise<boolean> {
  const removed = await trx
    .deleteFrom('users')
    .where('id', '=', userId)
    .where('email_verified', '=', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('orders').select('orders.id').where('orders.user_id', '=', userId))))
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await trx.deleteFrom('sessions').where('kind', '=', 'user').where('subject_id', '=', userId).execute();
  return true;
}

/**
 * The account made for a number at a guest's checkout and waiting for the number's proof: no
 * address, the number not proved yet (at most one per number, migration 048).
 */
export function findPendingPhoneAccount(db: Db, phoneNumber: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone_number', 'email_verified', 'language'])
    .where('phone_number', '=', phoneNumber)
    .where('email', 'is', null)
    .where('phone_verified_at', 'is', null)
    .executeTakeFirst();
}

/** A guest's account once its number is proved: the name given at checkout, and proved by the code. */
export async function provePendingPhoneAccount(
  trx: Db,
  userId: number,
  values: { firstName: string; lastName: string; now: string },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      first_name: values.firstName,
      last_name: values.lastName,
      email_verified: 1,
      phone_verified_at: values.now,
      updated_at: values.now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function insertUser(
  trx: Db,
  values: {
    firstName: string;
    lastName: string;
    email: string | null;
    phoneNumber: string;
    passwordHash: string;
    language: Locale;
    now: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({
      id: newUserId(),
      first_name: values.firstName,
      last_name: values.lastName,
      email: values.email,
      phone_number: values.phoneNumber,
      password_hash: values.passwordHash,
      email_verified: 0,
      language: values.language,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The account is verified, and by which proof: the mailed code or the texted one. */
export async function markVerified(trx: Db, userId: number, proof: 'email' | 'phone', now: string): Promise<void> {
  const when = proof === 'email' ? { email_verified_at: now } : { phone_verified_at: now };
  await trx
    .updateTable('users')
    .set({ email_verified: 1, ...when, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Stores a user's one live code, replacing (and so voiding) any earlier one. */
export async function replaceOtp(
  trx: Db,
  values: { userId: number; codeHash: string; smsCodeHash: string | null; expiresAt: string; now: string },
) {
  const row = {
    code_hash: values.codeHash,
    sms_code_hash: values.smsCodeHash,
    expires_at: values.expiresAt,
    attempts: 0,
    created_at: values.now,
  };
  await trx
    .insertInto('otp_codes')
    .values({ user_id: values.userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export function findOtp(trx: Db, userId: number) {
  return trx
    .selectFrom('otp_codes')
    .select(['code_hash', 'sms_code_hash', 'expires_at', 'attempts', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function countWrongOtpAttempt(trx: Db, userId: number): Promise<void> {
  await trx
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteOtp(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('otp_codes').where('user_id', '=', userId).execute();
}

/** A code sent for the user, and at whose asking (`device:…` or `ip:…`): the limits are per source. */
export async function recordOtpSend(trx: Db, userId: number, now: string, source: string): Promise<number> {
  const row = await trx
    .insertInto('otp_sends')
    .values({ user_id: userId, sent_at: now, source })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sends since `since`, oldest first, with who asked for them. */
export function otpSendsSince(trx: Db, userId: number, since: string) {
  return trx
    .selectFrom('otp_sends')
    .select(['sent_at', 'source'])
    .where('user_id', '=', userId)
    .where('sent_at', '>', since)
    .orderBy('sent_at', 'asc')
    .execute();
}

// --- A way back in (recovery.ts): codes for a password reset or an email change, and the changes themselves.

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone_number', 'email_verified', 'language'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The account's row with its password hash, locked until the transaction ends (db/row-locks.ts). */
export function lockUserForChange(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('users')
    .select([...publicColumns, 'password_hash'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findUserWithPassword(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select([...publicColumns, 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type CodePurpose = Database['account_codes']['purpose'];

/** Stores the account's one live code for the purpose, replacing (and voiding) an earlier one. */
export async function replaceAccountCode(
  trx: Db,
  values: {
    userId: number;
    purpose: CodePurpose;
    codeHash: string;
    newEmail: string | null;
    newPhone?: string | null;
    expiresAt: string;
    now: string;
  },
) {
  const row = {
    code_hash: values.codeHash,
    new_email: values.newEmail,
    new_phone: values.newPhone ?? null,
    expires_at: values.expiresAt,
    attempts: 0,
    created_at: values.now,
  };
  await trx
    .insertInto('account_codes')
    .values({ user_id: values.userId, purpose: values.purpose, ...row })
    .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(row))
    .execute();
}

export function findAccountCode(db: Db, userId: number, purpose: CodePurpose) {
  return db
    .selectFrom('account_codes')
    .select(['code_hash', 'new_email', 'new_phone', 'expires_at', 'attempts', 'created_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export async function countWrongAccountCode(trx: Db, userId: number, purpose: CodePurpose): Promise<void> {
  await trx
    .updateTable('account_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

export async function deleteAccountCode(trx: Db, userId: number, purpose: CodePurpose): Promise<void> {
  await trx.deleteFrom('account_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}

export async function updateUser(
  trx: Db,
  userId: number,
  changes: Partial<{
    password_hash: string;
    email: string;
    phone_number: string;
    email_verified: number;
    email_verified_at: string | null;
    phone_verified_at: string | null;
  }>,
  now: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** The account's language (shared/locale.ts), or undefined when the account is gone. */
export async function findLanguage(db: Db, userId: number): Promise<Locale | undefined> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language;
}

/** Sets the account's language; false when there is no such account. */
export async function setLanguage(db: Db, userId: number, language: Locale, now: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ language, updated_at: now }).where('id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
