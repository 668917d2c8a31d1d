import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Accounts made at checkout from a proved mobile number alone (ADR 0054): users.email may be
 * empty. Such an account has no address until its owner adds one in the Profile tab; every mail
 * to a shopper is skipped for it, and its codes go by text. An address stays unique where there is one.
 *
 * A number waiting for its first proof holds at most one account without an address: a partial
 * unique index, so two checkouts racing for the same new number make one account, not two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table users alter column email drop not null`.execute(db);
  else await dropEmailNotNullOnSqlite(db);
  await db.schema
    .createIndex('users_pending_phone')
    .on('users')
    .column('phone_number')
    .unique()
    .where(sql.ref('email'), 'is', null)
    .where(sql.ref('phone_verified_at'), 'is', null)
    .execute();
}

/**
 * SQLite cannot drop a NOT NULL: the table is rebuilt by SQLite's own recipe from its stored
 * definition, with only that word pair taken out, and its indexes and triggers made again. Foreign
 * keys are off meanwhile, so dropping the old table takes nothing that refers to it.
 */
async function dropEmailNotNullOnSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin immediate`.execute(db);
  try {
    const objects = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where tbl_name = 'users'`.execute(db);
    const table = objects.rows.find((row) => row.type === 'table')?.sql ?? '';
    const loosened = table.replace(/\bemail\s+text\s+not\s+null\b/i, 'email text');
    if (loosened === table) throw new Error('users.email: no NOT NULL found to drop');
    const renamed = loosened.replace(/^create\s+table\s+("?users"?)/i, 'create table users_new');
    const columns = (await sql<{ name: string }>`pragma table_info(users)`.execute(db)).rows.map((row) => sql.ref(row.name));
    await sql.raw(renamed).execute(db);
    await sql`insert into users_new (${sql.join(columns)}) select ${sql.join(columns)} from users`.execute(db);
    await sql`drop table users`.execute(db);
    await sql`alter table users_new rename to users`.execute(db);
    for (const row of objects.rows) {
      if ((row.type === 'index' || row.type === 'trigger') && row.sql) await sql.raw(row.sql).execute(db);
    }
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

export async function down(): Promise<void> {
  throw new Error('048_phone_only_accounts cannot be undone: accounts without an email may exist');
}
