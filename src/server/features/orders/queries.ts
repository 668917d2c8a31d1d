import type { Kysely, Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.js';
import { catalogVersionMoves } from '../catalog/queries.js';
import { chunks } from '../../lib/chunks.js';

/** SQL of orders: stock, status changes, invoices and reads (checkout-queries.ts and list-queries.ts hold the rest). */

export type Db = Kysely<Database> | Transaction<Database>;
type Status = OrdersTable['status'];

export const ID_CHUNK = 500;

export { chunks };

// ---------------------------------------------------------------------------------------------
// Checkout

/**
 * The shopper, locked until the transaction ends: one shopper's checkouts (and cart writes, which
 * take the same lock) run one at a time, so a double submit sees the cart the first one emptied.
 * Where transactions already run one at a time the lock is left out (db/row-locks.ts).
 */
export function lockUser(trx: Transaction<Database>, userId: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'email_verified', 'first_name', 'last_name', 'email', 'phone_number'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/**
 * Takes `quantity` units of a product whose stock is tracked, only if that many are left.
 * On PostgreSQL a concurrent checkout of the same product waits for this row and then re-checks
 * `stock >= quantity` against the committed value, so stock never goes below zero.
 */
export async function takeStock(db: Db, productId: number, quantity: number): Promise<boolean> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .where('stock', '>=', quantity)
    .returning('stock')
    .executeTakeFirst();
  // Sold out: the database moves the catalogue version (sold-out products list last).
  if (row?.stock === 0) catalogVersionMoves(db);
  return row !== undefined;
}

/** Puts units back into tracked stock (a product no longer tracked keeps null). */
export async function returnStock(db: Db, productId: number, quantity: number): Promise<void> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .returning('stock')
    .executeTakeFirst();
  // Back in stock: the database moves the catalogue version.
  if (quantity > 0 && row?.stock === quantity) catalogVersionMoves(db);
}

export async function productStock(db: Db, productId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return row?.stock;
}

/**
 * The next number of a gap-free series ('invoice': tax invoices, 'credit_note': credit notes). Taken
 * inside the transaction that locks the order it is for, after every other lock (orders, then this
 * counter), so the row is locked only until the commit that follows and a rollback gives it back.
 */
export async function nextNumber(db: Db, series: 'invoice' | 'credit_note' | 'order'): Promise<number> {
  const row = await db
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', series)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Gives an order its tax-invoice number, once (false when it had one already). */
export async function setInvoice(db: Db, orderId: string, invoiceNo: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ invoice_no: invoiceNo, invoice_at: now })
    .where('id', '=', orderId)
    .where('invoice_no', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Voids an order's invoice with its credit note, once (false when it was void already or never issued). */
export async function voidInvoice(db: Db, orderId: string, creditNoteNo: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ invoice_void_at: now, credit_note_no: creditNoteNo, credit_note_at: now })
    .where('id', '=', orderId)
    .where('invoice_no', 'is not', null)
    .where('credit_note_no', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Status changes

/** What a locked order row gives the status changes and the shop's deadlines. */
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

export function lockOrder(trx: Transaction<Database>, orderId: string) {
  return trx
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'user_id',
      'payment_method',
      'payment_status',
      'total_paisa',
      'created_at',
      'invoice_no',
      'credit_note_no',
      'extra_refund_paisa',
      'district',
    ])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** The lines of an order for stock bookkeeping (stock.ts), by product id (the order every writer locks products in). */
export function stockLines(db: Db, orderId: string) {
  return db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'product_name', 'variant_id', 'variant_label', 'quantity', 'stock_reserved'])
    .where('order_id', '=', orderId)
    .orderBy('product_id')
    .orderBy('id')
    .execute();
}

export async function setReserved(db: Db, itemId: number, reserved: number): Promise<void> {
  await db.updateTable('order_items').set({ stock_reserved: reserved }).where('id', '=', itemId).execute();
}

export async function setStatus(db: Db, orderId: string, status: Status, now: string): Promise<void> {
  await db.updateTable('orders').set({ status, updated_at: now }).where('id', '=', orderId).execute();
}

/**
 * A status change (kind 'status') or a payment change (kind 'payment'), with who made it: the admin
 * (adminId), the shopper (userId), or the shop itself (neither).
 */
export async function recordStatusChange(
  db: Db,
  values: {
    orderId: string;
    adminId: number | null;
    userId?: number | null;
    from: string;
    to: string;
    at: string;
    kind?: 'status' | 'payment' | 'return' | 'warranty';
    note?: string;
  },
): Promise<void> {
  await db
    .insertInto('order_status_history')
    .values({
      order_id: values.orderId,
      admin_id: values.adminId,
      user_id: values.userId ?? null,
      from_status: values.from,
      to_status: values.to,
      changed_at: values.at,
      kind: values.kind ?? 'status',
      note: values.note ?? null,
    })
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Reads

export interface OrderRow {
  id: string;
  number: number | null;
  user_id: number;
  status: Status;
  total_paisa: number;
  subtotal_paisa: number;
  /** The coupon's discount off the items (0: none) and its code: total = subtotal − discount + delivery. */
  discount_paisa: number;
  coupon_code: string | null;
  delivery_fee_paisa: number;
  vat_paisa: number;
  invoice_no: number | null;
  invoice_at: string | null;
  invoice_void_at: string | null;
  credit_note_no: number | null;
  credit_note_at: string | null;
  extra_refund_paisa: number;
  payment_method: string;
  payment_status: string;
  payment_ref: string | null;
  test_payment: number;
  full_name: string;
  phone: string;
  province: string;
  district: string;
  city: string;
  address: string;
  landmark: string | null;
  created_at: string;
  updated_at: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

/** The orders with their shoppers' names, as every read of orders selects them. */
export function orderRowsQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.number',
      'o.user_id',
      'o.status',
      'o.total_paisa',
      'o.subtotal_paisa',
      'o.discount_paisa',
      'o.coupon_code',
      'o.delivery_fee_paisa',
      'o.vat_paisa',
      'o.invoice_no',
      'o.invoice_at',
      'o.invoice_void_at',
      'o.credit_note_no',
      'o.credit_note_at',
      'o.extra_refund_paisa',
      'o.payment_method',
      'o.payment_status',
      'o.payment_ref',
      'o.test_payment',
      'o.full_name',
      'o.phone',
      'o.province',
      'o.district',
      'o.city',
      'o.address',
      'o.landmark',
      'o.created_at',
      'o.updated_at',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
    ]);
}

/** Numbers as numbers (PostgreSQL answers bigints as text). */
export const normalise = (row: Omit<OrderRow, 'email'> & { email: string | null }): OrderRow => ({
  ...row,
  email: row.email ?? '',
  total_paisa: Number(row.total_paisa),
  subtotal_paisa: Number(row.subtotal_paisa),
  discount_paisa: Number(row.discount_paisa),
  delivery_fee_paisa: Number(row.delivery_fee_paisa),
  vat_paisa: Number(row.vat_paisa),
  extra_refund_paisa: Number(row.extra_refund_paisa),
});

export async function orderRow(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const row = await orderRowsQuery(db).where('o.id', '=', orderId).executeTakeFirst();
  return row && normalise(row);
}

/**
 * Whether the order is the shopper's: the one question every path of a shopper's own order asks
 * before it reads or changes it. A missing order is nobody's.
 */
export async function isShoppersOrder(db: Db, userId: number, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function userOrderRows(db: Db, userId: number): Promise<OrderRow[]> {
  const rows = await orderRowsQuery(db)
    .where('o.user_id', '=', userId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  return rows.map(normalise);
}

export interface ItemRow {
  id: number;
  order_id: string;
  product_id: number;
  product_name: string;
  category_name: string;
  unit_price_paisa: number;
  quantity: number;
  /** The variant sold and its label at the sale; null for a product sold as itself. */
  variant_id: number | null;
  variant_label: string | null;
}

export async function itemsOf(db: Db, orderIds: string[]): Promise<Map<string, ItemRow[]>> {
  const result = new Map<string, ItemRow[]>();
  for (const part of chunks([...new Set(orderIds)], ID_CHUNK)) {
    const rows = await db
      .selectFrom('order_items')
      .select([
        'id',
        'order_id',
        'product_id',
        'product_name',
        'category_name',
        'unit_price_paisa',
        'quantity',
        'variant_id',
        'variant_label',
      ])
      .where('order_id', 'in', part)
      .orderBy('order_id')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const list = result.get(row.order_id) ?? [];
      list.push({ ...row, unit_price_paisa: Number(row.unit_price_paisa) });
      result.set(row.order_id, list);
    }
  }
  return result;
}

export interface HistoryRow {
  order_id: string;
  kind: 'status' | 'payment' | 'return' | 'warranty';
  from_status: string;
  to_status: string;
  changed_at: string;
  admin_id: number | null;
  user_id: number | null;
  note: string | null;
}

/** Each order's history, oldest first (the index on order_id, id serves it). */
export async function historyOf(db: Db, orderIds: string[]): Promise<Map<string, HistoryRow[]>> {
  const result = new Map<string, HistoryRow[]>();
  for (const part of chunks([...new Set(orderIds)], ID_CHUNK)) {
    const rows = await db
      .selectFrom('order_status_history')
      .select(['order_id', 'kind', 'from_status', 'to_status', 'changed_at', 'admin_id', 'user_id', 'note'])
      .where('order_id', 'in', part)
      .orderBy('order_id')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const list = result.get(row.order_id) ?? [];
      list.push(row);
      result.set(row.order_id, list);
    }
  }
  return result;
}

/** Whether the shopper's own cancel is the order's newest status change (a repeated cancel answers it again). */
export async function cancelledByShopper(db: Db, orderId: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_status_history')
    .select(['to_status', 'user_id'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'status')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.to_status === 'cancelled' && row.user_id === userId;
}

/** Products still in the shop (not deleted) among these ids, with their first picture's base name (null: none). */
export async function liveProductPictures(db: Db, productIds: number[]): Promise<Map<number, string | null>> {
  const result = new Map<number, string | null>();
  for (const part of chunks([...new Set(productIds)], ID_CHUNK)) {
    const live = await db.selectFrom('products').select('id').where('id', 'in', part).where('deleted_at', 'is', null).execute();
    if (live.length === 0) continue;
    for (const row of live) result.set(row.id, null);
    const pictures = await db
      .selectFrom('product_images')
      .select(['product_id', 'base_name'])
      .where(
        'product_id',
        'in',
        live.map((row) => row.id),
      )
      .orderBy('product_id')
      .orderBy('position')
      .execute();
    for (const picture of pictures)
      if (result.get(picture.product_id) === null) result.set(picture.product_id, picture.base_name);
  }
  return result;
}

/** The first of each variant's own pictures (base names), for those that name any: a line's thumbnail. */
export async function variantPictures(db: Db, variantIds: number[]): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  for (const part of chunks([...new Set(variantIds)], ID_CHUNK)) {
    const rows = await db.selectFrom('product_variants').select(['id', 'images']).where('id', 'in', part).execute();
    for (const row of rows) {
      const bases: unknown = JSON.parse(row.images);
      if (Array.isArray(bases) && typeof bases[0] === 'string') result.set(row.id, bases[0]);
    }
  }
  return result;
}

/** The delivery fields of the shopper's newest order. */
export function lastAddress(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .select(['full_name', 'phone', 'province', 'district', 'city', 'address', 'landmark', 'payment_method'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
