import { type Kysely, sql } from 'kysely';
import { serialId } from './helpers.js';

/**
 * Returns of delivered goods (ADR 0049).
 * - returns: one request of a shopper for some units of one order; status checked to the
 *   steps shared/returns.ts names; refund_paisa what goes back when settled by refund;
 *   decision_note the shop's reason for a rejection.
 * - return_items: the units of each order line in the return (primary key: a line once).
 * - return_photos: up to 3 photos (position 0–2) stored by the image pipeline (base_name).
 * - order_items.returned_quantity: units of the line held by returns that were not rejected. The
 *   request adds to it with a conditional UPDATE (never beyond the line's quantity), so two
 *   parallel requests for the same units cannot both pass; a rejection gives them back.
 * - categories.return_days: null, the shop's RETURN_DAYS; 0, the category's goods are not
 *   returned; n, its own window in days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('returns')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('requested')
        .check(sql`status in ('requested', 'approved', 'rejected', 'received', 'refund_due', 'refunded', 'replaced')`),
    )
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('damaged', 'wrong_item', 'not_as_described', 'other')`),
    )
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('refund_paisa', 'integer', (col) => col.notNull())
    .addColumn('decision_note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('returns_order').on('returns').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('returns_status').on('returns').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('returns_created').on('returns').columns(['created_at', 'id']).execute();
  await db.schema
    .createTable('return_items')
    .addColumn('return_id', 'integer', (col) => col.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (col) => col.notNull().references('order_items.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('return_items_pk', ['return_id', 'order_item_id'])
    .execute();
  await db.schema
    .createTable('return_photos')
    .addColumn('return_id', 'integer', (col) => col.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('base_name', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('return_photos_pk', ['return_id', 'position'])
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('returned_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('categories').addColumn('return_days', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('return_days').execute();
  await db.schema.alterTable('order_items').dropColumn('returned_quantity').execute();
  for (const table of ['return_photos', 'return_items', 'returns']) await db.schema.dropTable(table).execute();
}
