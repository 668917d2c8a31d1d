import { type Kysely, sql } from 'kysely';
import { serialId } from './helpers.js';

/**
 * Warranty claims (ADR 0055).
 * - warranty_claims: one claim of a shopper for one unit of an order line: the unit's serial as
 *   recorded at shipping ('' for goods shipped without serials), the problem as the shopper wrote
 *   it, the step it is at (checked to the steps shared/warranty.ts names), the shop's last note,
 *   and the day the unit's warranty ends as it was when the claim was opened.
 * - warranty_claims_open: a unique index over the claims still open, so one unit (line and
 *   serial) never has two open claims, whatever runs in parallel; a closed claim (rejected or
 *   returned to the shopper) leaves the index and the unit may be claimed for again. Both SQLite
 *   and PostgreSQL keep partial unique indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('warranty_claims')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('order_item_id', 'integer', (col) => col.notNull().references('order_items.id'))
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('serial', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('issue', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('opened')
        .check(
          sql`status in ('opened', 'received', 'at_service_centre', 'repaired', 'replaced', 'returned_to_shopper', 'rejected')`,
        ),
    )
    .addColumn('note', 'text')
    .addColumn('warranty_ends', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('warranty_claims_open')
    .unique()
    .on('warranty_claims')
    .columns(['order_item_id', 'serial'])
    .where(sql.ref('status'), 'not in', [sql.lit('returned_to_shopper'), sql.lit('rejected')])
    .execute();
  await db.schema.createIndex('warranty_claims_order').on('warranty_claims').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('warranty_claims_status').on('warranty_claims').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('warranty_claims_created').on('warranty_claims').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('warranty_claims').execute();
}
