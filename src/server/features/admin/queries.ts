import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export function findAdminByUsername(db: Db, username: string) {
  return db.selectFrom('admins').select(['id', 'username', 'password_hash']).where('username', '=', username).executeTakeFirst();
}

export function findAdminById(db: Db, id: number) {
  return db.selectFrom('admins').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
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
  await db.updateTable('admins').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
}

export function findAdminWithPassword(db: Db, id: number) {
  return db.selectFrom('admins').select(['id', 'username', 'password_hash']).where('id', '=', id).executeTakeFirst();
}
