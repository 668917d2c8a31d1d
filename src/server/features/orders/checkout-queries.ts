import { chunks, type Db, ID_CHUNK, type OrderRow } from './queries.js';
import { effectivePricePaisa } from '../../db/sale-price.js';

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
  /** The variant's price and stock when the line names one, else the product's. */
  price_paisa: number;
  stock: number | null;
  deleted_at: string | null;
  category_name: string;
  /** The product's top-level category (a coupon's scope names these). */
  category_id: number;
  /** The product's own limit of units per order; null: the shop's default. */
  max_per_order: number | null;
  /** The line's variant and its label now; null: the product sold as itself. */
  variant_id: number | null;
  variant_label: string | null;
  /**
   * False when the line cannot be sold as it is: its variant was archived (or is gone), or the
   * product has variants now and the line names none.
   */
  variant_live: boolean;
}

/**
 * The shopper's cart with each product's (or variant's) current price and stock and the category
 * name, oldest line first.
 */
export async function checkoutLines(db: Db, userId: number): Promise<CheckoutLine[]> {
  const rows = await db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('product_variants as v', (join) =>
      join.onRef('v.id', '=', 'ci.variant_id').onRef('v.product_id', '=', 'ci.product_id'),
    )
    .select([
      'ci.id as cart_item_id',
      'ci.quantity',
      'ci.variant_id as line_variant',
      'p.id as product_id',
      'p.name',
      effectivePricePaisa('p').as('price_paisa'),
      'p.stock',
      'p.deleted_at',
      'c.name as category_name',
      'p.category_id',
      'p.max_per_order',
      'p.variant_count',
      'v.id as variant_id',
      'v.label as variant_label',
      effectivePricePaisa('v').as('variant_price'),
      'v.stock as variant_stock',
      'v.archived_at as variant_archived_at',
    ])
    .where('ci.user_id', '=', userId)
    .orderBy('ci.id')
    .execute();
  return rows.map(({ line_variant, variant_count, variant_price, variant_stock, variant_archived_at, ...row }) => {
    const named = line_variant !== 0;
    const found = named && row.variant_id !== null;
    return {
      ...row,
      price_paisa: Number(found ? variant_price : row.price_paisa),
      stock: found ? variant_stock : named ? 0 : row.stock,
      variant_id: named ? line_variant : null,
      variant_label: found ? row.variant_label : null,
      variant_live: named ? found && variant_archived_at === null : Number(variant_count) === 0,
    };
  });
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
  | 'discount_paisa'
  | 'coupon_code'
  | 'number'
> & {
  /** The short number (checkout takes it from the 'order' counter); rows written otherwise may have none. */
  number?: number | null;
  idempotency_key: string | null;
  /** The coupon's discount and code (none when absent). */
  discount_paisa?: number;
  coupon_code?: string | null;
  /** 1 for a test payment (set when the sandbox takes the payment; a bulk load may give it). */
  test_payment?: number;
};

export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id: order.id,
      number: order.number ?? null,
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
      discount_paisa: order.discount_paisa ?? 0,
      coupon_code: order.coupon_code ?? null,
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
    /** The line's share of the coupon's discount; absent: none. */
    discount_paisa?: number;
    /** Absent or null: the product sold as itself. */
    variant_id?: number | null;
    variant_label?: string | null;
  }[],
): Promise<Map<string, number>> {
  // One line per product and variant in an order, as in the cart: lineKey → line id.
  const ids = new Map<string, number>();
  for (const part of chunks(items, 200)) {
    const rows = await db.insertInto('order_items').values(part).returning(['id', 'product_id', 'variant_id']).execute();
    for (const row of rows) ids.set(lineKey(row.product_id, row.variant_id), row.id);
  }
  return ids;
}

/** What tells an order's lines apart: the product and the variant (none for the product itself). */
export const lineKey = (productId: number, variantId: number | null): string => `${productId}:${variantId ?? 0}`;

export async function deleteCartLines(db: Db, userId: number, ids: number[]): Promise<void> {
  for (const part of chunks(ids, ID_CHUNK)) {
    await db.deleteFrom('cart_items').where('user_id', '=', userId).where('id', 'in', part).execute();
  }
}
