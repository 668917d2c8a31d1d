import type { Kysely } from 'kysely';
import { serialId } from './helpers.js';

/**
 * Texts to shoppers' phones (ADR 0046).
 *
 * - sms_messages: one row per text the shop decided to send (a code, an order update), written
 *   with its job in one transaction. It keeps the number, kind, segments and outcome for the
 *   admin's log and is what the per-number limits count; never the text (a code stays out of it).
 * - sms_numbers: one row per number ever texted. Its row lock is what makes "3 codes an hour,
 *   10 a day" hold when requests for one number come in parallel (PostgreSQL); SQLite runs one
 *   transaction at a time anyway.
 * - sms_days: texts per Nepal day. The shop-wide cap is one conditional UPDATE (count < limit), so
 *   parallel sends in any number of processes never pass it; cap_told_at marks that the admin was
 *   told the cap was reached that day.
 * - sms_opt_outs: the kinds of text a shopper turned off (the Account tab's order updates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('sms_messages')
    .addColumn('id', id.type, id.build)
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('segments', 'integer', (col) => col.notNull())
    .addColumn('encoding', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('job_id', 'bigint')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('sms_messages_phone').on('sms_messages').columns(['phone', 'kind', 'created_at']).execute();
  await db.schema.createIndex('sms_messages_day').on('sms_messages').columns(['day', 'id']).execute();

  await db.schema
    .createTable('sms_numbers')
    .addColumn('phone', 'text', (col) => col.primaryKey())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sms_days')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('cap_told_at', 'text')
    .execute();

  await db.schema
    .createTable('sms_opt_outs')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('sms_opt_outs_pk', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sms_opt_outs', 'sms_days', 'sms_numbers', 'sms_messages']) await db.schema.dropTable(table).execute();
}
