import { type Kysely, sql } from 'kysely';
import { serialId } from './helpers.js';

/**
 * The admin's audit log (ADR 0023): one row per admin write, written in the transaction of the
 * write itself (features/audit/service.ts recordAudit), and kept.
 * - admin_id: who (null: the command line, or the shop itself); no foreign key, so the history of an
 *   admin outlives any change to the admins table.
 * - action: what, as '<entity>.<verb>' ('product.update', 'order.status'; shared/audit.ts lists them).
 * - entity_type and entity_id: on what (the id as text: order ids are text, product ids numbers).
 * - summary: the entity's name when it happened ("Asus ROG Strix G16", "Laptops › Gaming Laptops"),
 *   so the panel can say what it was after a rename or an archive; the panel writes the sentence
 *   around it in its own language.
 * - changes: JSON text {field: [before, after]}, money in rupees; note: a reason given with it.
 * Indexes for the panel's filters, each ending in (created_at, id) for its newest-first pages: all
 * entries, one entity's history, one admin's writes, one action.
 *
 * Also: archived products (deleted_at set) listed for the admin newest first, restorable for 30 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('audit_log')
    .addColumn('id', id.type, id.build)
    .addColumn('admin_id', 'integer')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_entity')
    .on('audit_log')
    .columns(['entity_type', 'entity_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_admin').on('audit_log').columns(['admin_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_at', 'id']).execute();

  await db.schema
    .createIndex('products_archived')
    .on('products')
    .columns(['deleted_at', 'id'])
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_archived').execute();
  await db.schema.dropTable('audit_log').execute();
}
