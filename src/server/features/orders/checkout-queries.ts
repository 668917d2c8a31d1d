import { chunks, type Db, ID_CHUNK, type OrderRow } from './queries.js';

/** SQL of checkout: the shopper's cart as order lines, their open orders, and the new order's rows. */

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
