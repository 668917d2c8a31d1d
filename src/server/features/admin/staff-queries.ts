import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const STAFF_COLUMNS = ['id', 'username', 'role', 'totp_required', 'totp_secret', 'must_change_password', 'created_at'] as const;

export type StaffRow = Awaited<ReturnType<typeof findStaff>> & object;

export function listStaff(db: Db) {
  return db.selectFrom('admins').select(STAFF_COLUMNS).where('removed_at', 'is', null).orderBy('username').execute();
}

export function findStaff(db: Db, id: number) {
  return db.selectFrom('admins').select(STAFF_COLUMNS).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
}

/** The same row locked for a change (PostgreSQL; SQLite's write transaction already holds the database). */
export function lockStaff(db: Db, id: number) {
  return db
    .selectFrom('admins')
    .select(STAFF_COLUMNS)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The owners, locked, so two owners demoting or removing each other at once cannot leave none:
 * the second waits for the first and then sees one owner left.
 */
export async function lockOwners(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('admins')
    .select('id')
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export function usernameTaken(db: Db, username: string) {
  return db.selectFrom('admins').select('id').where('username', '=', username).executeTakeFirst();
}

export async function insertStaff(
  db: Db,
  values: { username: string; role: string; passwordHash: string; totpRequired: boolean; now: string },
): Promise<number> {
  const row = await db
    .insertInto('admins')
    .values({
      username: values.username,
      role: values.role,
      password_hash: values.passwordHash,
      must_change_password: 1,
      totp_required: values.totpRequired ? 1 : 0,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStaff(db: Db, id: number, values: { role?: string; totpRequired?: boolean; now: string }) {
  await db
    .updateTable('admins')
    .set({
      ...(values.role !== undefined ? { role: values.role } : {}),
      ...(values.totpRequired !== undefined ? { totp_required: values.totpRequired ? 1 : 0 } : {}),
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

export async function markRemoved(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('admins')
    .set({ removed_at: now, updated_at: now, totp_secret: null, totp_pending: null })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', id).execute();
}
