import { type Kysely, sql } from 'kysely';

/**
 * A phone number belongs to an account only once it is proved by a texted code (ADR 0047).
 *
 * - users.email_verified_at / users.phone_verified_at: when each was proved (null: not yet).
 *   users.email_verified keeps its name and its meaning for the API ("the account is verified"):
 *   either proof sets it. Accounts verified before this migration proved their address, so their
 *   email_verified_at is their last change; no number was ever proved, so every phone_verified_at
 *   starts null and each shopper proves theirs once (the Profile tab asks).
 * - The number is unique among accounts that proved it (was: among verified accounts, which let a
 *   stranger who verified by mail hold someone else's number).
 * - otp_codes.sms_code_hash: the registration's texted code, beside the mailed one; either verifies.
 * - account_codes.new_phone: the number a phone code was texted to, so a code proves that number only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('phone_verified_at', 'text').execute();
  await sql`update users set email_verified_at = updated_at where email_verified = 1`.execute(db);
  await db.schema.dropIndex('users_verified_phone').execute();
  await db.schema
    .createIndex('users_owned_phone')
    .on('users')
    .column('phone_number')
    .unique()
    .where(sql.ref('phone_verified_at'), 'is not', null)
    .execute();
  await db.schema.alterTable('otp_codes').addColumn('sms_code_hash', 'text').execute();
  await db.schema.alterTable('account_codes').addColumn('new_phone', 'text').execute();
}
