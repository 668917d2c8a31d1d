import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction, sql } from 'kysely';
import type { Dialect } from '../../db/client.js';
import type { Database, OrdersTable } from '../../db/schema.js';

/** SQL of checkout and orders. */

export type Db = Kysely<Database> | Transaction<Database>;
type Status = OrdersTable['status'];

const ID_CHUNK = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Checkout

/**
 * The shopper, locked until the transaction ends on PostgreSQL: one shopper's checkouts (and
 * cart writes, which take the same lock) run one at a time, so a double submit sees the cart the
 * first one emptied. SQLite runs one write transaction at a time already.
 */
export function lockUser(trx: Transaction<Database>, dialect: Dialect, userId: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'email_verified', 'first_name', 'last_name', 'email', 'phone_number'])
    .where('id', '=', userId)
    .$if(dialect === 'postgres', (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
}

export async function orderIdByKey(db: Db, userId: number, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.id;
}

export interface CheckoutLine {
  cart_item_id: number;
  quantity: number;
  product_id: number;
  name: string;
  price_paisa: number;
  stock: number | null;
  deleted_at: string | null;
  category_name: string;
  /** The product's own limit of units per order; null: the shop's default. */
  max_per_order: number | null;
}

/** The shopper's cart with each product's current price, stock and category name, oldest line first. */
export async function checkoutLines(db: Db, userId: number): Promise<CheckoutLine[]> {
  const rows = await db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'ci.id as cart_item_id',
      'ci.quantity',
      'p.id as product_id',
      'p.name',
      'p.price_paisa',
      'p.stock',
      'p.deleted_at',
      'c.name as category_name',
      'p.max_per_order',
    ])
    .where('ci.user_id', '=', userId)
    .orderBy('ci.id')
    .execute();
  return rows.map((row) => ({ ...row, price_paisa: Number(row.price_paisa) }));
}

/**
 * The shopper's open orders: still pending and either awaiting an online payment or cash on
 * delivery the shop has not confirmed yet (payment unpaid). A pending order already paid online
 * is not open: its money is in, and only the shop's confirmation is missing.
 */
export async function countOpenOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('payment_status', 'in', ['awaiting_payment', 'unpaid'])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Takes `quantity` units of a product whose stock is tracked, only if that many are left.
 * On PostgreSQL a concurrent checkout of the same product waits for this row and then re-checks
 * `stock >= quantity` against the committed value, so stock never goes below zero.
 */
export async function takeStock(db: Db, productId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts units back into tracked stock (a product no longer tracked keeps null). */
export async function returnStock(db: Db, productId: number, quantity: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', productId)
    .where('stock', 'is not', null)
    .execute();
}

export async function productStock(db: Db, productId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return row?.stock;
}

/** A new order: the invoice and refund fields start empty (set by the sale, a cancel or a refund). */
export type NewOrder = Omit<
  OrderRow,
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone_number'
  | 'invoice_at'
  | 'invoice_void_at'
  | 'credit_note_no'
  | 'credit_note_at'
  | 'extra_refund_paisa'
  | 'test_payment'
> & {
  idempotency_key: string | null;
  /** 1 for a test payment (set when the sandbox takes the payment; a bulk load may give it). */
  test_payment?: number;
};

export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id: order.id,
      user_id: order.user_id,
      status: order.status,
      total_paisa: order.total_paisa,
      payment_method: order.payment_method,
      payment_status: order.payment_status,
      payment_ref: order.payment_ref,
      full_name: order.full_name,
      phone: order.phone,
      province: order.province,
      district: order.district,
      city: order.city,
      address: order.address,
      landmark: order.landmark,
      idempotency_key: order.idempotency_key,
      created_at: order.created_at,
      updated_at: order.updated_at,
      subtotal_paisa: order.subtotal_paisa,
      delivery_fee_paisa: order.delivery_fee_paisa,
      vat_paisa: order.vat_paisa,
      invoice_no: order.invoice_no,
      test_payment: order.test_payment ?? 0,
    })
    .execute();
}

/**
 * The next number of a gap-free series ('invoice': tax invoices, 'credit_note': credit notes). Taken
 * inside the transaction that locks the order it is for, after every other lock (orders, then this
 * counter), so the row is locked only until the commit that follows and a rollback gives it back.
 */
export async function nextNumber(db: Db, series: 'invoice' | 'credit_note'): Promise<number> {
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

export async function insertOrderItems(
  db: Db,
  items: {
    order_id: string;
    product_id: number;
    product_name: string;
    category_name: string;
    unit_price_paisa: number;
    quantity: number;
    stock_reserved: number;
    vat_paisa: number;
  }[],
): Promise<Map<number, number>> {
  // One line per product in an order (the cart has one line per product): product id → line id.
  const ids = new Map<number, number>();
  for (const part of chunks(items, 200)) {
    const rows = await db.insertInto('order_items').values(part).returning(['id', 'product_id']).execute();
    for (const row of rows) ids.set(row.product_id, row.id);
  }
  return ids;
}

export async function deleteCartLines(db: Db, userId: number, ids: number[]): Promise<void> {
  for (const part of chunks(ids, ID_CHUNK)) {
    await db.deleteFrom('cart_items').where('user_id', '=', userId).where('id', 'in', part).execute();
  }
}

// ---------------------------------------------------------------------------------------------
// Status changes

/** What a locked order row gives the status changes and the shop's deadlines. */
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

export function lockOrder(trx: Transaction<Database>, dialect: Dialect, orderId: string) {
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
    ])
    .where('id', '=', orderId)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The lines of an order for stock bookkeeping, by product id (the order every writer locks products in). */
export function stockLines(db: Db, orderId: string) {
  return db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'product_name', 'quantity', 'stock_reserved'])
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
    kind?: 'status' | 'payment';
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
  user_id: number;
  status: Status;
  total_paisa: number;
  subtotal_paisa: number;
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

function orderRowsQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.user_id',
      'o.status',
      'o.total_paisa',
      'o.subtotal_paisa',
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

const normalise = (row: OrderRow): OrderRow => ({
  ...row,
  total_paisa: Number(row.total_paisa),
  subtotal_paisa: Number(row.subtotal_paisa),
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
}

export async function itemsOf(db: Db, orderIds: string[]): Promise<Map<string, ItemRow[]>> {
  const result = new Map<string, ItemRow[]>();
  for (const part of chunks([...new Set(orderIds)], ID_CHUNK)) {
    const rows = await db
      .selectFrom('order_items')
      .select(['id', 'order_id', 'product_id', 'product_name', 'category_name', 'unit_price_paisa', 'quantity'])
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
  kind: 'status' | 'payment';
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

export interface OrderFilter {
  /** Lower-cased search text. */
  search?: string;
  /** The search text as an order id without hyphens or spaces, upper case (shared compactOrderId). */
  compactId?: string;
  /** ISO bounds on created_at: from inclusive, before exclusive. */
  from?: string;
  before?: string;
  status?: Status;
  paymentStatus?: string;
  paymentMethod?: string;
}

/** `%text%` for LIKE with its wildcards escaped (the query says ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type OrderEb = ExpressionBuilder<Database & { o: Database['orders']; u: Database['users'] }, 'o' | 'u'>;

function filterWhere(eb: OrderEb, filter: OrderFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.search !== undefined) {
    const pattern = containsPattern(filter.search);
    const like = (column: Expression<unknown>) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
    // An id read out in groups ('ORD-HAQ4-W5S9…', 'haq4 w5s9') is looked for in the ids without their hyphen.
    const idForm =
      filter.compactId === undefined ? [] : [sql<SqlBool>`replace(${eb.ref('o.id')}, '-', '') like ${`%${filter.compactId}%`}`];
    conditions.push(
      eb.or([
        ...idForm,
        like(eb.ref('o.id')),
        like(eb.ref('o.full_name')),
        like(sql`${eb.ref('u.first_name')} || ' ' || ${eb.ref('u.last_name')}`),
        like(eb.ref('u.email')),
        like(eb.ref('o.phone')),
        like(eb.ref('u.phone_number')),
      ]),
    );
  }
  if (filter.from !== undefined) conditions.push(eb('o.created_at', '>=', filter.from));
  if (filter.before !== undefined) conditions.push(eb('o.created_at', '<', filter.before));
  if (filter.status !== undefined) conditions.push(eb('o.status', '=', filter.status));
  if (filter.paymentStatus === 'refund_due') {
    // Money to give back: the order's own payment, or a payment beyond it (a second or late one).
    conditions.push(eb.or([eb('o.payment_status', '=', 'refund_due'), eb('o.extra_refund_paisa', '>', 0)]));
  } else if (filter.paymentStatus !== undefined) conditions.push(eb('o.payment_status', '=', filter.paymentStatus));
  if (filter.paymentMethod !== undefined) conditions.push(eb('o.payment_method', '=', filter.paymentMethod));
  return eb.and(conditions);
}

export async function allOrderRows(db: Db): Promise<OrderRow[]> {
  const rows = await orderRowsQuery(db).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute();
  return rows.map(normalise);
}

export async function orderPage(
  db: Db,
  filter: OrderFilter,
  sort: 'date_desc' | 'date_asc',
  limit: number,
  offset: number,
): Promise<OrderRow[]> {
  const direction = sort === 'date_asc' ? 'asc' : 'desc';
  const rows = await orderRowsQuery(db)
    .where((eb) => filterWhere(eb, filter))
    .orderBy('o.created_at', direction)
    .orderBy('o.id', direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(normalise);
}

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => filterWhere(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a keyset walk through the orders stopped: the last row's sort key. */
export interface OrderCursor {
  created_at: string;
  id: string;
}

/**
 * The next `limit` orders of a filter after `after`, in (created_at, id) order: the CSV export walks
 * them batch by batch, each batch its own short query, so neither memory nor a connection is held
 * for the whole walk (on SQLite a held connection would stop every other query).
 */
export async function orderBatchAfter(
  db: Db,
  filter: OrderFilter,
  sort: 'date_desc' | 'date_asc',
  after: OrderCursor | undefined,
  limit: number,
): Promise<OrderRow[]> {
  const direction = sort === 'date_asc' ? 'asc' : 'desc';
  const beyond = direction === 'asc' ? '>' : '<';
  const rows = await orderRowsQuery(db)
    .where((eb) => filterWhere(eb, filter))
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('o.created_at', beyond, after!.created_at),
          eb.and([eb('o.created_at', '=', after!.created_at), eb('o.id', beyond, after!.id)]),
        ]),
      ),
    )
    .orderBy('o.created_at', direction)
    .orderBy('o.id', direction)
    .limit(limit)
    .execute();
  return rows.map(normalise);
}
