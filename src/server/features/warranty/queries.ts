import type { Insertable, Kysely, Transaction } from 'kysely';
import { type ClaimStatus, OPEN_CLAIM_STATUSES } from '../../../shared/warranty.js';
import type { Database, WarrantyClaimsTable } from '../../db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** Warranty claims as plain queries (ADR 0055). */

export interface ClaimOrder {
  id: string;
  user_id: number;
  status: string;
  updated_at: string;
  phone: string;
}

const orderColumns = ['id', 'user_id', 'status', 'updated_at', 'phone'] as const;

export async function orderOf(db: Db, orderId: string): Promise<ClaimOrder | undefined> {
  const row = await db.selectFrom('orders').select(orderColumns).where('id', '=', orderId).executeTakeFirst();
  return row && { ...row, user_id: Number(row.user_id) };
}

/** Locks the order's row until the transaction ends: every write of its claims takes it first. */
export async function lockOrder(trx: Transaction<Database>, orderId: string): Promise<ClaimOrder | undefined> {
  // SQLite's compiler leaves FOR UPDATE out: there one transaction runs at a time (db/row-locks.ts).
  const row = await trx.selectFrom('orders').select(orderColumns).where('id', '=', orderId).forUpdate().executeTakeFirst();
  return row && { ...row, user_id: Number(row.user_id) };
}

/** An order's lines with what a claim needs: the category's return window, the product's warranty months now. */
export async function linesOf(db: Db, orderId: string) {
  const rows = await db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['i.id', 'i.product_name', 'i.variant_label', 'c.return_days', 'p.warranty_months'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    product_name: row.product_name,
    variant_label: row.variant_label,
    return_days: row.return_days === null ? null : Number(row.return_days),
    warranty_months: row.warranty_months === null ? null : Number(row.warranty_months),
  }));
}
export type ClaimLine = Awaited<ReturnType<typeof linesOf>>[number];

/** The units shipped with serials, per line, with the warranty months each kept at shipping. */
export async function serialsOf(db: Db, orderId: string): Promise<Map<number, { serial: string; months: number | null }[]>> {
  const rows = await db
    .selectFrom('order_item_serials')
    .select(['order_item_id', 'serial', 'warranty_months'])
    .where('order_id', '=', orderId)
    .orderBy('order_item_id')
    .orderBy('position')
    .execute();
  const byLine = new Map<number, { serial: string; months: number | null }[]>();
  for (const row of rows) {
    const line = Number(row.order_item_id);
    const months = row.warranty_months === null ? null : Number(row.warranty_months);
    byLine.set(line, [...(byLine.get(line) ?? []), { serial: row.serial, months }]);
  }
  return byLine;
}

export async function insertClaim(trx: Db, values: Insertable<WarrantyClaimsTable>): Promise<number> {
  const { id } = await trx.insertInto('warranty_claims').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Whether the unit (line and serial) has a claim still open. */
export async function hasOpenClaim(db: Db, orderItemId: number, serial: string): Promise<boolean> {
  const row = await db
    .selectFrom('warranty_claims')
    .select('id')
    .where('order_item_id', '=', orderItemId)
    .where('serial', '=', serial)
    .where('status', 'in', OPEN_CLAIM_STATUSES)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves a claim from `from` to `to` with the shop's note; false when it was no longer at `from`. */
export async function moveClaim(
  trx: Db,
  id: number,
  from: ClaimStatus,
  to: ClaimStatus,
  now: string,
  note: string | undefined,
): Promise<boolean> {
  const result = await trx
    .updateTable('warranty_claims')
    .set({ status: to, updated_at: now, ...(note !== undefined ? { note } : {}) })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function claimsQuery(db: Db) {
  return db
    .selectFrom('warranty_claims as w')
    .innerJoin('order_items as i', 'i.id', 'w.order_item_id')
    .innerJoin('orders as o', 'o.id', 'w.order_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.order_id',
      'w.order_item_id',
      'w.user_id',
      'w.serial',
      'w.issue',
      'w.status',
      'w.note',
      'w.warranty_ends',
      'w.created_at',
      'w.updated_at',
      'i.product_name',
      'i.variant_label',
      'o.full_name',
      'o.phone',
      'u.email',
      'u.phone_number',
    ]);
}
export type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimsQuery>['execute']>>[number];

const normalise = (row: ClaimRow): ClaimRow => ({
  ...row,
  id: Number(row.id),
  order_item_id: Number(row.order_item_id),
  user_id: Number(row.user_id),
});

export async function claimById(db: Db, id: number): Promise<ClaimRow | undefined> {
  const row = await claimsQuery(db).where('w.id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

export async function claimsOfOrder(db: Db, orderId: string): Promise<ClaimRow[]> {
  const rows = await claimsQuery(db).where('w.order_id', '=', orderId).orderBy('w.id').execute();
  return rows.map(normalise);
}

export async function claimPage(db: Db, status: ClaimStatus | undefined, limit: number, offset: number) {
  let query = claimsQuery(db);
  let count = db.selectFrom('warranty_claims').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (status) {
    query = query.where('w.status', '=', status);
    count = count.where('status', '=', status);
  }
  const [rows, total] = await Promise.all([
    query.orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').limit(limit).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normalise), total: Number(total.n) };
}
