import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './helpers.js';

/**
 * Paying for orders (ADR 0015):
 * - orders: subtotal (the lines), delivery fee, the VAT inside the total, and a tax-invoice number
 *   from a gap-free counter. total_paisa is now subtotal + delivery. Existing orders: subtotal =
 *   total, no delivery fee, VAT worked out, numbers in the order they were placed.
 * - order_items: the VAT inside each line.
 * - order_status_history: kind 'status' (the admin's changes, as before) or 'payment' (paid,
 *   refund due, refunded, not paid in time), with a note; admin_id null when the shop did it.
 * - payment_attempts: one row per try at a gateway (eSewa transaction_uuid, Khalti pidx), so a
 *   "Try again" is a new reference and a late answer for an old one is still recognised.
 * - counters: named gap-free numbers (invoice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  const pg = isPostgres(db);
  const vat = (column: string) => sql.raw(`round(${column} * 13.0 / 113.0)`);

  await db.schema
    .alterTable('orders')
    .addColumn('subtotal_paisa', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('delivery_fee_paisa', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('vat_paisa', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('invoice_no', 'integer').execute();
  await sql`update orders set subtotal_paisa = total_paisa, vat_paisa = ${vat('total_paisa')}`.execute(db);
  await sql`
    update orders set invoice_no = (
      select count(*) from orders older
      where older.created_at < orders.created_at or (older.created_at = orders.created_at and older.id <= orders.id)
    )`.execute(db);
  await db.schema.createIndex('orders_invoice_no').on('orders').column('invoice_no').unique().execute();
  // The admin's payment filter.
  await db.schema.createIndex('orders_payment_status_created').on('orders').columns(['payment_status', 'created_at']).execute();

  await db.schema
    .alterTable('order_items')
    .addColumn('vat_paisa', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update order_items set vat_paisa = ${vat('unit_price_paisa * quantity')}`.execute(db);

  await db.schema
    .alterTable('order_status_history')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('status'))
    .execute();
  await db.schema.alterTable('order_status_history').addColumn('note', 'text').execute();

  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('amount_paisa', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('gateway_ref', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('payment_attempts_method_reference', ['method', 'reference'])
    .addCheckConstraint('payment_attempts_status_valid', sql`status in ('started', 'paid', 'failed', 'refund_due', 'refunded')`)
    .execute();
  await db.schema.createIndex('payment_attempts_order').on('payment_attempts').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into counters (name, value) select 'invoice', count(*) from orders`.execute(db);
  if (pg) await sql`analyze orders`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('counters').execute();
  await db.schema.dropTable('payment_attempts').execute();
  await db.schema.dropIndex('orders_payment_status_created').execute();
  await db.schema.dropIndex('orders_invoice_no').execute();
  for (const column of ['kind', 'note']) await db.schema.alterTable('order_status_history').dropColumn(column).execute();
  await db.schema.alterTable('order_items').dropColumn('vat_paisa').execute();
  for (const column of ['subtotal_paisa', 'delivery_fee_paisa', 'vat_paisa', 'invoice_no']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
