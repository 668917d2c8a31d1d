import { type Kysely, sql } from 'kysely';
import { serialId } from './helpers.js';

/**
 * Serial numbers and couriers (ADR 0053).
 * - couriers: the owner's list (name, tracking URL with {tracking}); a removed one keeps its row
 *   (deleted_at) so the orders it carried still name it.
 * - order_shipments: one per shipped order: its courier and tracking number (replaced when the
 *   order is shipped again after being moved back).
 * - order_item_serials: one row per unit shipped (position 0 … quantity − 1), its serial or IMEI
 *   and the product's warranty months at shipping. Unique per order, so the same serial typed
 *   twice in one order is refused by the database too.
 * - categories.serial_required: 1 when the category's goods cannot ship without each unit's serial.
 * - products.warranty_months: the warranty's length in months; null when the product has none counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('couriers')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('tracking_url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createTable('order_shipments')
    .addColumn('order_id', 'text', (col) => col.primaryKey().references('orders.id'))
    .addColumn('courier_id', 'integer', (col) => col.notNull().references('couriers.id'))
    .addColumn('tracking_number', 'text', (col) => col.notNull())
    .addColumn('shipped_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('order_item_serials')
    .addColumn('order_item_id', 'integer', (col) => col.notNull().references('order_items.id'))
    .addColumn('position', 'integer', (col) => col.notNull().check(sql`position >= 0`))
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('serial', 'text', (col) => col.notNull())
    .addColumn('warranty_months', 'integer')
    .addPrimaryKeyConstraint('order_item_serials_pk', ['order_item_id', 'position'])
    .addUniqueConstraint('order_item_serials_once', ['order_id', 'serial'])
    .execute();
  await db.schema.createIndex('order_item_serials_serial').on('order_item_serials').column('serial').execute();
  await db.schema
    .alterTable('categories')
    .addColumn('serial_required', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('products').addColumn('warranty_months', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('warranty_months').execute();
  await db.schema.alterTable('categories').dropColumn('serial_required').execute();
  for (const table of ['order_item_serials', 'order_shipments', 'couriers']) await db.schema.dropTable(table).execute();
}
