import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SandboxPaymentsTable } from '../../../db/schema.js';

/** SQL of the payment sandbox (migration 010). Plain Kysely on both dialects. */

type Db = Kysely<Database>;
export type SandboxGateway = SandboxPaymentsTable['gateway'];
export type SandboxPaymentRow = Selectable<SandboxPaymentsTable>;
export type NewSandboxPayment = Omit<Insertable<SandboxPaymentsTable>, 'id'>;

/** Stores a new payment; undefined when the gateway already has one with this reference. */
export async function insertPayment(db: Db, payment: NewSandboxPayment): Promise<number | undefined> {
  const row = await db
    .insertInto('sandbox_payments')
    .values(payment)
    .onConflict((oc) => oc.columns(['gateway', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function findByReference(
  db: Db,
  gateway: SandboxGateway,
  reference: string,
): Promise<SandboxPaymentRow | undefined> {
  return db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('gateway', '=', gateway)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

export async function findById(db: Db, gateway: SandboxGateway, id: number): Promise<SandboxPaymentRow | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('gateway', '=', gateway).where('id', '=', id).executeTakeFirst();
}

/**
 * Moves a payment from one status to the next, only if it still has the first: of two clicks on
 * Pay (or Pay and Cancel in two tabs) one wins. True when this call made the change.
 */
export async function changeStatus(
  db: Db,
  id: number,
  change: { from: string; to: string; details: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payments')
    .set({ status: change.to, details: change.details, updated_at: change.now })
    .where('id', '=', id)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
