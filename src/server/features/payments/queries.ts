import type { Selectable } from 'kysely';
import type { Database, PaymentAttemptsTable } from '../../db/schema.js';
import type { Db } from '../orders/queries.js';

/** SQL of payment attempts and of an order's payment fields (migration 011). */

export type AttemptRow = Selectable<PaymentAttemptsTable>;

export async function insertAttempt(
  db: Db,
  attempt: { orderId: string; method: 'esewa' | 'khalti'; reference: string; amountPaisa: number; now: string },
): Promise<void> {
  await db
    .insertInto('payment_attempts')
    .values({
      order_id: attempt.orderId,
      method: attempt.method,
      reference: attempt.reference,
      amount_paisa: attempt.amountPaisa,
      status: 'started',
      gateway_ref: null,
      created_at: attempt.now,
      updated_at: attempt.now,
    })
    .execute();
}

export async function attemptByReference(db: Db, method: 'esewa' | 'khalti', reference: string): Promise<AttemptRow | undefined> {
  const row = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('method', '=', method)
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row && normalise(row);
}

/** An order's attempts, newest first. */
export async function attemptsOf(db: Db, orderId: string): Promise<AttemptRow[]> {
  const rows = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(normalise);
}

export async function countAttempts(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Settles an attempt once: false when it was no longer 'started' (a parallel callback got there first). */
export async function settleAttempt(
  db: Db,
  id: number,
  outcome: { status: 'paid' | 'failed' | 'refund_due'; gatewayRef: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_attempts')
    .set({ status: outcome.status, gateway_ref: outcome.gatewayRef, updated_at: outcome.now })
    .where('id', '=', id)
    .where('status', '=', 'started')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setPayment(
  db: Db,
  orderId: string,
  values: {
    paymentStatus: string;
    now: string;
    paymentRef?: string | null;
    paymentMethod?: string;
    /** The payment was taken by the sandbox: no money moved. */
    testPayment?: boolean;
  },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      payment_status: values.paymentStatus,
      updated_at: values.now,
      ...(values.testPayment ? { test_payment: 1 } : {}),
      ...(values.paymentRef === undefined ? {} : { payment_ref: values.paymentRef }),
      ...(values.paymentMethod === undefined ? {} : { payment_method: values.paymentMethod }),
    })
    .where('id', '=', orderId)
    .execute();
}

/** Adds money received beyond the order's own payment, to be given back. */
export async function addExtraRefund(db: Db, orderId: string, amountPaisa: number): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({ extra_refund_paisa: eb('extra_refund_paisa', '+', amountPaisa) }))
    .where('id', '=', orderId)
    .execute();
}

/** The extra money was given back: nothing more to refund, and its attempts say so. */
export async function settleExtraRefund(db: Db, orderId: string, now: string): Promise<void> {
  await db.updateTable('orders').set({ extra_refund_paisa: 0 }).where('id', '=', orderId).execute();
  await db
    .updateTable('payment_attempts')
    .set({ status: 'refunded', updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'refund_due')
    .execute();
}

function normalise(row: Selectable<Database['payment_attempts']>): AttemptRow {
  return { ...row, id: Number(row.id), amount_paisa: Number(row.amount_paisa) };
}
