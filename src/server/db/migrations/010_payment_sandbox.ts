import { type Kysely, sql } from 'kysely';
import { serialId } from './helpers.js';

/**
 * The payment sandbox: a stand-in for eSewa and Khalti that speaks their protocols, for
 * demos and browser tests. One row per payment it was asked to take.
 * - gateway: 'esewa' or 'khalti'; reference: eSewa's transaction_uuid or Khalti's pidx, unique per gateway.
 * - status: in the gateway's own words (eSewa PENDING/COMPLETE/CANCELED, Khalti Initiated/Completed/
 *   User canceled/Expired).
 * - return_url: eSewa's success_url or Khalti's return_url; failure_url: eSewa's only.
 * - details: JSON text of the rest of the request and of the payment (transaction code, …).
 * The shop's own tables never point here: the shop knows the sandbox only through the protocols.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = serialId(db);
  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', id.type, id.build)
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('amount_paisa', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('return_url', 'text', (col) => col.notNull())
    .addColumn('failure_url', 'text')
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('sandbox_payments_gateway_valid', sql`gateway in ('esewa', 'khalti')`)
    .addUniqueConstraint('sandbox_payments_reference_unique', ['gateway', 'reference'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_payments').execute();
}
