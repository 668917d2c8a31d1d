import { type Kysely, sql } from 'kysely';

/**
 * Who made a change in an order's history: order_status_history had admin_id, null for
 * both the shop itself (a payment check, a gateway's answer) and the shopper (paying on delivery
 * instead). Shoppers now cancel their own pending orders, and the admin and the shopper's timeline
 * must tell "cancelled by the customer" from "not paid in time": user_id is the shopper who made the
 * change; both null means the shop did. The one earlier change a shopper made, switching to cash on
 * delivery, is recognised by its note. Both dialects add a nullable column without rebuilding the table;
 * bigint, as users.id is on PostgreSQL since migration 012 (SQLite stores it as its integer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_status_history')
    .addColumn('user_id', 'bigint', (col) => col.references('users.id'))
    .execute();
  await sql`
    update order_status_history
    set user_id = (select orders.user_id from orders where orders.id = order_status_history.order_id)
    where admin_id is null and kind = 'payment' and note = 'The shopper chose to pay on delivery'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_status_history').dropColumn('user_id').execute();
}
