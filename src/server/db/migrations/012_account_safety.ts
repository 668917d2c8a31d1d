import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Accounts a stranger cannot abuse (ADR 0017):
 * - users.id: random, not sequential, up to 2^48 (bigint on PostgreSQL); existing shoppers get new
 *   ids everywhere they are referenced, and their sessions end (a token names the old id).
 * - users.phone_number: unique among verified accounts only (an unverified account no longer holds
 *   a number for ever); a plain index still serves login by phone.
 * - account_codes: the codes of a password reset and of an email change (one live code per
 *   account and purpose; new_email for the change).
 * - otp_sends.source: who asked for a code, so a stranger cannot use up the owner's resends.
 * - backoff: failures per key with the time of the last one, for growing login delays.
 * - a removal job for every unverified account: 48 hours after it registered.
 */
const UNVERIFIED_ACCOUNT_TTL_MS = 48 * 60 * 60 * 1000;
const REMOVE_UNVERIFIED_JOB = 'accounts.remove-unverified';
const USER_ID_MIN = 2 ** 32;
const USER_ID_MAX = 2 ** 48;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await reshapeUsersOnPostgres(db);
  else await reshapeUsersOnSqlite(db);

  // Who asked for each code (`device:…` or `ip:…`): resend limits are per source as well as per account.
  await db.schema
    .alterTable('otp_sends')
    .addColumn('source', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('account_codes')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('new_email', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('account_codes_pk', ['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('backoff')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('last_at', 'text', (col) => col.notNull())
    .execute();

  await queueRemovalOfUnverified(db);
}

async function randomIdMap(db: Kysely<unknown>): Promise<Array<{ old: number; new: number }>> {
  const rows = await sql<{ id: number | string }>`select id from users`.execute(db);
  const taken = new Set<number>();
  return rows.rows.map((row) => {
    let next = crypto.randomInt(USER_ID_MIN, USER_ID_MAX);
    while (taken.has(next)) next = crypto.randomInt(USER_ID_MIN, USER_ID_MAX);
    taken.add(next);
    return { old: Number(row.id), new: next };
  });
}

/** The tables whose rows name a user; their foreign keys move with the ids. */
const USER_COLUMNS = [
  { table: 'otp_codes', column: 'user_id' },
  { table: 'otp_sends', column: 'user_id' },
  { table: 'cart_items', column: 'user_id' },
  { table: 'orders', column: 'user_id' },
] as const;

async function remapIds(db: Kysely<unknown>): Promise<void> {
  const map = await randomIdMap(db);
  await sql`create temporary table user_id_map (old_id bigint primary key, new_id bigint not null unique)`.execute(db);
  for (let i = 0; i < map.length; i += 500) {
    const chunk = map.slice(i, i + 500);
    await sql`insert into user_id_map (old_id, new_id) values ${sql.join(chunk.map((m) => sql`(${m.old}, ${m.new})`))}`.execute(
      db,
    );
  }
  for (const { table, column } of USER_COLUMNS) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = (select new_id from user_id_map where old_id = ${sql.ref(`${table}.${column}`)})`.execute(
      db,
    );
  }
  await sql`update users set id = (select new_id from user_id_map where old_id = users.id)`.execute(db);
  await sql`drop table user_id_map`.execute(db);
  // A shopper's token names the old id, so their sessions could not be refreshed anyway.
  await sql`delete from sessions where kind = 'user'`.execute(db);
}

async function reshapeUsersOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users alter column id drop identity if exists`.execute(db);
  await sql`alter table users alter column id type bigint`.execute(db);
  for (const { table, column } of USER_COLUMNS) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(db);
  }
  await sql`alter table sessions alter column subject_id type bigint`.execute(db);

  // Foreign keys are not deferrable: take them off while the ids move, and put them back as they were.
  const fks = await sql<{ table_name: string; name: string; definition: string }>`
    select conrelid::regclass::text as table_name, conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint where contype = 'f' and confrelid = 'users'::regclass`.execute(db);
  for (const fk of fks.rows) await sql`alter table ${sql.raw(fk.table_name)} drop constraint ${sql.ref(fk.name)}`.execute(db);
  await remapIds(db);
  for (const fk of fks.rows) {
    await sql`alter table ${sql.raw(fk.table_name)} add constraint ${sql.ref(fk.name)} ${sql.raw(fk.definition)}`.execute(db);
  }

  const phoneUnique = await sql<{ name: string }>`
    select con.conname as name from pg_constraint con
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any(con.conkey)
    where con.conrelid = 'users'::regclass and con.contype = 'u' and att.attname = 'phone_number'`.execute(db);
  for (const row of phoneUnique.rows) await sql`alter table users drop constraint ${sql.ref(row.name)}`.execute(db);
  await createPhoneIndexes(db);
}

/**
 * SQLite cannot drop a column's UNIQUE: the table is rebuilt (SQLite's own recipe), with foreign
 * keys off so dropping the old table takes no carts or codes with it. Its migrations run outside
 * a transaction, so this one opens its own.
 */
async function reshapeUsersOnSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin immediate`.execute(db);
  try {
    await sql`
      create table users_new (
        id integer primary key,
        first_name text not null,
        last_name text not null,
        email text not null unique,
        phone_number text not null,
        password_hash text not null,
        email_verified integer not null default 0,
        created_at text not null,
        updated_at text not null
      )`.execute(db);
    await sql`
      insert into users_new (id, first_name, last_name, email, phone_number, password_hash, email_verified, created_at, updated_at)
      select id, first_name, last_name, email, phone_number, password_hash, email_verified, created_at, updated_at from users`.execute(
      db,
    );
    await sql`drop table users`.execute(db);
    await sql`alter table users_new rename to users`.execute(db);
    await remapIds(db);
    await createPhoneIndexes(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`users rebuild left ${broken.rows.length} broken references`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function createPhoneIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_verified_phone')
    .on('users')
    .column('phone_number')
    .unique()
    .where(sql.ref('email_verified'), '=', 1)
    .execute();
  await db.schema.createIndex('users_phone').on('users').column('phone_number').execute();
  // The removal job and the takeover look for unverified accounts by age.
  await db.schema
    .createIndex('users_unverified_created')
    .on('users')
    .column('created_at')
    .where(sql.ref('email_verified'), '=', 0)
    .execute();
}

/** Accounts already waiting for verification get their removal job, due 48 hours after they registered. */
async function queueRemovalOfUnverified(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const rows = await sql<{
    id: number | string;
    created_at: string;
  }>`select id, created_at from users where email_verified = 0`.execute(db);
  for (const row of rows.rows) {
    const id = Number(row.id);
    const due = new Date(Date.parse(row.created_at) + UNVERIFIED_ACCOUNT_TTL_MS).toISOString();
    await sql`
      insert into jobs (kind, key, payload, summary, status, run_at, attempts, max_attempts, created_at, updated_at)
      values (${REMOVE_UNVERIFIED_JOB}, ${`remove-unverified:${id}`}, ${JSON.stringify({ userId: id })},
        ${`Remove account ${id} unless verified`}, 'queued', ${due}, 0, 10, ${now}, ${now})`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('012_account_safety cannot be undone: user ids were replaced');
}
