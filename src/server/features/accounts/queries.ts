import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/client.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const publicColumns = ['id', 'first_name', 'last_name', 'email', 'phone_number', 'email_verified'] as const;

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * The user row for an OTP send or verify, locked until the transaction ends on PostgreSQL
 * (SQLite runs one write transaction at a time, which serialises these already).
 */
export function lockUserForOtp(trx: Transaction<Database>, dialect: Dialect, id: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'email_verified'])
    .where('id', '=', id)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Login: the identifier is a lowercased email or a phone number; emails are stored lowercased. */
export function findUserForLogin(db: Db, identifier: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) => eb.or([eb('email', '=', identifier), eb('phone_number', '=', identifier)]))
    .executeTakeFirst();
}

export async function findRegistrationConflicts(db: Db, email: string, phoneNumber: string) {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'phone_number'])
    .where((eb) => eb.or([eb('email', '=', email), eb('phone_number', '=', phoneNumber)]))
    .execute();
  return {
    email: rows.some((row) => row.email === email),
    phoneNumber: rows.some((row) => row.phone_number === phoneNumber),
  };
}

export async function insertUser(
  trx: Db,
  values: { firstName: string; lastName: string; email: string; phoneNumber: string; passwordHash: string; now: string },
): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({
      first_name: values.firstName,
      last_name: values.lastName,
      email: values.email,
      phone_number: values.phoneNumber,
      password_hash: values.passwordHash,
      email_verified: 0,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailVerified(trx: Db, userId: number, now: string): Promise<void> {
  await trx.updateTable('users').set({ email_verified: 1, updated_at: now }).where('id', '=', userId).execute();
}

/** Stores a user's one live code, replacing (and so voiding) any earlier one. */
export async function replaceOtp(trx: Db, values: { userId: number; codeHash: string; expiresAt: string; now: string }) {
  await trx
    .insertInto('otp_codes')
    .values({
      user_id: values.userId,
      code_hash: values.codeHash,
      expires_at: values.expiresAt,
      attempts: 0,
      created_at: values.now,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ code_hash: values.codeHash, expires_at: values.expiresAt, attempts: 0, created_at: values.now }),
    )
    .execute();
}

export function findOtp(trx: Db, userId: number) {
  return trx
    .selectFrom('otp_codes')
    .select(['code_hash', 'expires_at', 'attempts'])
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

export async function recordOtpSend(trx: Db, userId: number, now: string): Promise<number> {
  const row = await trx
    .insertInto('otp_sends')
    .values({ user_id: userId, sent_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Send times since `since`, oldest first. */
export async function otpSendsSince(trx: Db, userId: number, since: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('otp_sends')
    .select('sent_at')
    .where('user_id', '=', userId)
    .where('sent_at', '>', since)
    .orderBy('sent_at', 'asc')
    .execute();
  return rows.map((row) => row.sent_at);
}
