import { type Kysely, sql } from 'kysely';

/**
 * Staff with roles, two-factor sign-in, and orders numbered to say over the phone (ADR 0048).
 *
 * - admins.role: 'owner', 'manager' or 'staff'; every admin before this is an owner (the one
 *   account did everything). What a role may do is a set of permission names in code
 *   (src/shared/staff-roles.ts), so a new permission never needs a migration.
 * - admins.must_change_password: 1 for an account made by the owner with a one-time password;
 *   the account can only change its password until it does.
 * - admins.removed_at: a removed admin keeps its row, so the audit log still names who did what;
 *   it cannot log in and its sessions are ended.
 * - admins.totp_*: the authenticator secret once confirmed (totp_secret), the one offered and not
 *   yet confirmed (totp_pending), whether the owner requires it (totp_required), and the last
 *   30-second step a code was accepted for, so one code signs in once.
 * - admin_recovery_codes: one-time codes for a lost phone, stored as SHA-256 hashes.
 * - orders.number: a short sequential number (#1001, #1002 …) from the 'order' counter, taken in
 *   the checkout's transaction; existing orders get theirs in the order they were placed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('owner'))
    .execute();
  await db.schema
    .alterTable('admins')
    .addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('admins').addColumn('removed_at', 'text').execute();
  await db.schema.alterTable('admins').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('admins').addColumn('totp_pending', 'text').execute();
  await db.schema
    .alterTable('admins')
    .addColumn('totp_required', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('admins').addColumn('totp_last_step', 'bigint').execute();

  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('admin_recovery_codes_pk', ['admin_id', 'code_hash'])
    .execute();

  await db.schema.alterTable('orders').addColumn('number', 'integer').execute();
  // Placed order first; the random id breaks a tie the same way on both databases.
  await sql`update orders set number = 1000 + (
      select count(*) from orders o2
      where o2.created_at < orders.created_at or (o2.created_at = orders.created_at and o2.id <= orders.id))`.execute(db);
  await db.schema.createIndex('orders_number').on('orders').column('number').unique().execute();
  await sql`insert into counters (name, value) select 'order', coalesce(max(number), 1000) from orders`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from counters where name = 'order'`.execute(db);
  await db.schema.dropIndex('orders_number').execute();
  await db.schema.alterTable('orders').dropColumn('number').execute();
  await db.schema.dropTable('admin_recovery_codes').execute();
  for (const column of [
    'totp_last_step',
    'totp_required',
    'totp_pending',
    'totp_secret',
    'removed_at',
    'must_change_password',
    'role',
  ])
    await db.schema.alterTable('admins').dropColumn(column).execute();
}
