import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export function findAdminByUsername(db: Db, username: string) {
  return db.selectFrom('admins').select(['id', 'username', 'password_hash']).where('username', '=', username).executeTakeFirst();
}

export function findAdminById(db: Db, id: number) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'role', 'must_change_password', 'totp_required', 'totp_secret'])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** The account a login names, with its second factor; a removed admin cannot log in. */
export function findAdminForLogin(db: Db, username: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'password_hash', 'totp_secret', 'totp_last_step'])
    .where('username', '=', username)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAdmin(db: Db, values: { username: string; passwordHash: string; now: string }): Promise<number> {
  const row = await db
    .insertInto('admins')
    .values({ username: values.username, password_hash: values.passwordHash, created_at: values.now, updated_at: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAdminPassword(db: Db, id: number, passwordHash: string, now: string): Promise<void> {
  // A one-time password given by the owner is done with once its admin chooses their own.
  await db
    .updateTable('admins')
    .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function findAdminWithPassword(db: Db, id: number) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'password_hash'])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}
