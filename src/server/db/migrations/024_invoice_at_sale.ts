import { type Kysely, sql } from 'kysely';

/**
 * Tax invoices issued at the sale, void invoices and credit notes, and refunds of payments an
 * order did not need (ADR 0026):
 * - orders.invoice_at: when the invoice number was issued (the payment received, or cash on
 *   delivery confirmed); orders numbered before keep their numbers, dated when they were placed.
 * - orders.invoice_void_at, credit_note_no, credit_note_at: a numbered order that is cancelled or
 *   refunded has its invoice voided and a credit note from a second gap-free series (counter
 *   'credit_note'). Orders cancelled before this migration with a number get theirs now, in
 *   invoice order, dated when they were last changed.
 * - orders.extra_refund_paisa: money received beyond the order's own payment (a second wallet's
 *   payment, one that came after the order was paid or refunded) and not yet given back; the
 *   index serves the Dashboard's and the Orders filter's "refund due".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('invoice_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('invoice_void_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('credit_note_no', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('credit_note_at', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('extra_refund_paisa', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  await sql`update orders set invoice_at = created_at where invoice_no is not null`.execute(db);
  await sql`
    update orders set
      invoice_void_at = updated_at,
      credit_note_at = updated_at,
      credit_note_no = (
        select count(*) from orders older
        where older.status = 'cancelled' and older.invoice_no is not null and older.invoice_no <= orders.invoice_no
      )
    where status = 'cancelled' and invoice_no is not null`.execute(db);
  // Payments beyond an order's own were recorded as attempts in refund_due (only those are).
  await sql`
    update orders set extra_refund_paisa = (
      select sum(a.amount_paisa) from payment_attempts a where a.order_id = orders.id and a.status = 'refund_due'
    )
    where exists (select 1 from payment_attempts a where a.order_id = orders.id and a.status = 'refund_due')`.execute(db);
  await db.schema.createIndex('orders_credit_note_no').on('orders').column('credit_note_no').unique().execute();
  await db.schema
    .createIndex('orders_extra_refund')
    .on('orders')
    .column('created_at')
    .where(sql.ref('extra_refund_paisa'), '>', 0)
    .execute();
  await sql`insert into counters (name, value)
    select 'credit_note', count(*) from orders where credit_note_no is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from counters where name = 'credit_note'`.execute(db);
  await db.schema.dropIndex('orders_extra_refund').execute();
  await db.schema.dropIndex('orders_credit_note_no').execute();
  for (const column of ['invoice_at', 'invoice_void_at', 'credit_note_no', 'credit_note_at', 'extra_refund_paisa']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
