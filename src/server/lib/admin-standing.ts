import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface AdminStanding {
  role: string;
  /** A one-time password not yet changed, or a two-factor sign-in required and not yet set up. */
  setupPending: boolean;
}

/** An admin still on the staff, as the access guard needs it (one primary-key read); undefined once removed. */
export async function adminStanding(db: Kysely<Database>, adminId: number): Promise<AdminStanding | undefined> {
  const row = await db
    .selectFrom('admins')
    .select(['role', 'must_change_password', 'totp_required', 'totp_secret'])
    .where('id', '=', adminId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    role: row.role,
    setupPending: row.must_change_password === 1 || (row.totp_required === 1 && row.totp_secret === null),
  };
}
