import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import type { ReturnStatus } from '../../../shared/returns.js';
import type { Database, ReturnsTable } from '../../db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** The order a return is of, as the return's rules need it. */
export interface ReturnOrder {
  id: string;
  user_id: number;
  status: string;
  payment_method: string;
  payment_status: string;
  full_name: string;
  updated_at: string;
}

const orderColumns = ['id', 'user_id', 'status', 'payment_method', 'payment_status', 'full_name', 'updated_at'] as const;

export function orderOf(db: Db, orderId: string): Promise<ReturnOrder | undefined> {
  return db.selectFrom('orders').select(orderColumns).where('id', '=', orderId).executeTakeFirst();
}

/** Locks the order's row until the transaction ends: every write of its returns takes it first. */
export function lockOrder(trx: Transaction<Database>, orderId: string): Promise<ReturnOrder | undefined> {
  // SQLite's compiler leaves FOR UPDATE out: there one transaction runs at a time (db/row-locks.ts).
  return trx.selectFrom('orders').select(orderColumns).where('id', '=', orderId).forUpdate().executeTakeFirst();
}

/** When the order was last marked delivered (its history), else its last change (orders written before history). */
export async function deliveredAt(db: Db, order: Pick<ReturnOrder, 'id' | 'status' | 'updated_at'>): Promise<string | null> {
  if (order.status !== 'delivered') return null;
  const row = await db
    .selectFrom('order_status_history')
    .select((eb) => eb.fn.max('changed_at').as('at'))
    .where('order_id', '=', order.id)
    .where('kind', '=', 'status')
    .where('to_status', '=', 'delivered')
    .executeTakeFirst();
  return row?.at ?? order.updated_at;
}

/** An order's lines with what a return needs: units left, price less the coupon's share, the category's window. */
export interface LineRow {
  id: number;
  product_id: number;
  product_name: string;
  variant_id: number | null;
  variant_label: string | null;
  quantity: number;
  returned_quantity: number;
  unit_price_paisa: number;
  discount_paisa: number;
  stock_reserved: number;
  return_days: number | null;
}

export async function linesOf(db: Db, orderId: string): Promise<LineRow[]> {
  const rows = await db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'i.id',
      'i.product_id',
      'i.product_name',
      'i.variant_id',
      'i.variant_label',
      'i.quantity',
      'i.returned_quantity',
      'i.unit_price_paisa',
      'i.discount_paisa',
      'i.stock_reserved',
      'c.return_days',
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    returned_quantity: Number(row.returned_quantity),
    unit_price_paisa: Number(row.unit_price_paisa),
    discount_paisa: Number(row.discount_paisa),
    stock_reserved: Number(row.stock_reserved),
    return_days: row.return_days === null ? null : Number(row.return_days),
  }));
}

/**
 * Holds `quantity` more units of the line for a return, only while the line's units not yet held
 * cover them: the database decides between parallel requests (false: not that many left).
 */
export async function holdUnits(trx: Db, orderItemId: number, quantity: number): Promise<boolean> {
  const result = await trx
    .updateTable('order_items')
    .set((eb) => ({ returned_quantity: eb('returned_quantity', '+', quantity) }))
    .where('id', '=', orderItemId)
    .where(sql<boolean>`returned_quantity + ${quantity} <= quantity`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a rejected return's units back to the line. */
export async function releaseUnits(trx: Db, orderItemId: number, quantity: number): Promise<void> {
  await trx
    .updateTable('order_items')
    .set((eb) => ({ returned_quantity: eb('returned_quantity', '-', quantity) }))
    .where('id', '=', orderItemId)
    .execute();
}

export async function insertReturn(
  trx: Db,
  values: Insertable<ReturnsTable>,
  items: { orderItemId: number; quantity: number }[],
): Promise<number> {
  const { id } = await trx.insertInto('returns').values(values).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('return_items')
    .values(items.map((item) => ({ return_id: id, order_item_id: item.orderItemId, quantity: item.quantity })))
    .execute();
  return Number(id);
}

/**
 * Moves a return from one of `from` to `to` (with the shop's note, when given); false when it was
 * not at one of those steps (a parallel click moved it first).
 */
export async function moveReturn(
  trx: Db,
  id: number,
  from: readonly ReturnStatus[],
  to: ReturnStatus,
  now: string,
  decisionNote?: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set({ status: to, updated_at: now, ...(decisionNote !== undefined ? { decision_note: decisionNote } : {}) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ReturnRow {
  id: number;
  order_id: string;
  user_id: number;
  status: ReturnStatus;
  reason: ReturnsTable['reason'];
  note: string;
  refund_paisa: number;
  decision_note: string | null;
  created_at: string;
  updated_at: string;
  full_name: string;
  email: string;
  payment_method: string;
}

function returnsQuery(db: Db) {
  return db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.order_id',
      'r.user_id',
      'r.status',
      'r.reason',
      'r.note',
      'r.refund_paisa',
      'r.decision_note',
      'r.created_at',
      'r.updated_at',
      'o.full_name',
      'u.email',
      'o.payment_method',
    ]);
}

const normalise = (row: Omit<ReturnRow, 'email'> & { email: string | null }): ReturnRow => ({
  ...row,
  email: row.email ?? '',
  id: Number(row.id),
  user_id: Number(row.user_id),
  refund_paisa: Number(row.refund_paisa),
});

export async function returnById(db: Db, id: number): Promise<ReturnRow | undefined> {
  const row = await returnsQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

export async function returnsOfOrder(db: Db, orderId: string): Promise<ReturnRow[]> {
  const rows = await returnsQuery(db).where('r.order_id', '=', orderId).orderBy('r.id').execute();
  return rows.map(normalise);
}

export async function returnPage(db: Db, status: ReturnStatus | undefined, limit: number, offset: number) {
  let query = returnsQuery(db);
  let count = db.selectFrom('returns').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (status) {
    query = query.where('r.status', '=', status);
    count = count.where('status', '=', status);
  }
  const [rows, total] = await Promise.all([
    query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normalise), total: Number(total.n) };
}

export interface ReturnItemRow {
  return_id: number;
  order_item_id: number;
  quantity: number;
  product_id: number;
  product_name: string;
  variant_id: number | null;
  variant_label: string | null;
  unit_price_paisa: number;
  stock_reserved: number;
}

export async function itemsOf(db: Db, returnIds: number[]): Promise<Map<number, ReturnItemRow[]>> {
  const byReturn = new Map<number, ReturnItemRow[]>();
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .selectFrom('return_items as ri')
    .innerJoin('order_items as i', 'i.id', 'ri.order_item_id')
    .select([
      'ri.return_id',
      'ri.order_item_id',
      'ri.quantity',
      'i.product_id',
      'i.product_name',
      'i.variant_id',
      'i.variant_label',
      'i.unit_price_paisa',
      'i.stock_reserved',
    ])
    .where('ri.return_id', 'in', returnIds)
    .orderBy('ri.return_id')
    .orderBy('ri.order_item_id')
    .execute();
  for (const raw of rows) {
    const row = {
      ...raw,
      return_id: Number(raw.return_id),
      order_item_id: Number(raw.order_item_id),
      quantity: Number(raw.quantity),
      unit_price_paisa: Number(raw.unit_price_paisa),
      stock_reserved: Number(raw.stock_reserved),
    };
    byReturn.set(row.return_id, [...(byReturn.get(row.return_id) ?? []), row]);
  }
  return byReturn;
}

export async function photosOf(db: Db, returnIds: number[]): Promise<Map<number, string[]>> {
  const photos = new Map<number, string[]>();
  if (returnIds.length === 0) return photos;
  const rows = await db
    .selectFrom('return_photos')
    .select(['return_id', 'base_name'])
    .where('return_id', 'in', returnIds)
    .orderBy('return_id')
    .orderBy('position')
    .execute();
  for (const row of rows) photos.set(Number(row.return_id), [...(photos.get(Number(row.return_id)) ?? []), row.base_name]);
  return photos;
}

/** Replaces the return's photos; answers the base names it had. */
export async function replacePhotos(db: Db, returnId: number, baseNames: string[]): Promise<string[]> {
  const before = (await photosOf(db, [returnId])).get(returnId) ?? [];
  await db.deleteFrom('return_photos').where('return_id', '=', returnId).execute();
  if (baseNames.length > 0) {
    await db
      .insertInto('return_photos')
      .values(baseNames.map((base_name, position) => ({ return_id: returnId, position, base_name })))
      .execute();
  }
  return before;
}

/** A live category's own return window (null: the shop's); undefined when there is no such category. */
export async function categoryReturnDays(db: Db, categoryId: number): Promise<{ days: number | null } | undefined> {
  const row = await db
    .selectFrom('categories')
    .select('return_days')
    .where('id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { days: row.return_days === null ? null : Number(row.return_days) } : undefined;
}

/** Sets a category's own return window; its name and the window it had, undefined when there is no such live category. */
export async function setCategoryReturnDays(trx: Db, categoryId: number, days: number | null) {
  const before = await trx
    .selectFrom('categories')
    .select(['name', 'return_days'])
    .where('id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await trx.updateTable('categories').set({ return_days: days }).where('id', '=', categoryId).execute();
  return { name: before.name, before: before.return_days === null ? null : Number(before.return_days) };
}
