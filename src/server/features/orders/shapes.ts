import { ORDER_MESSAGES, type Order, type OrderHistoryEntry } from '../../../shared/orders.js';
import { type PaymentMethodId, type PaymentStatus } from '../../../shared/payments.js';
import { notFound } from '../../lib/errors.js';
import { creditNoteNumber, invoiceNumber } from './invoices.js';
import * as q from './queries.js';

/** Orders as the API shows them, read from their rows. */

/** One order as the API shows it (404 when there is none), inside a transaction when given one. */
export async function readOrder(db: q.Db, orderId: string): Promise<Order> {
  const row = await q.orderRow(db, orderId);
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
  const [order] = await toOrders(db, [row]);
  return order!;
}

/** Orders with their lines, in the rows' order. */
export async function toOrders(db: q.Db, rows: q.OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await q.itemsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
}

/** One history row as the API shows it, with who made the change. */
export function toHistoryEntry(row: q.HistoryRow): OrderHistoryEntry {
  return {
    kind: row.kind,
    from: row.from_status,
    to: row.to_status,
    at: row.changed_at,
    by: row.admin_id !== null ? 'admin' : row.user_id !== null ? 'shopper' : 'shop',
    note: row.note,
  };
}

/** The API shape of an order row and its lines. */
export function toOrder(row: q.OrderRow, items: q.ItemRow[]): Order {
  return {
    id: row.id,
    number: row.number === null ? null : Number(row.number),
    status: row.status,
    totalAmount: row.total_paisa / 100,
    subtotal: row.subtotal_paisa / 100,
    discount: row.discount_paisa / 100,
    couponCode: row.coupon_code,
    deliveryFee: row.delivery_fee_paisa / 100,
    vatAmount: row.vat_paisa / 100,
    invoiceNumber: row.invoice_no === null ? null : invoiceNumber(row.invoice_no),
    invoiceDate: row.invoice_no === null ? null : row.invoice_at,
    invoiceVoid: row.invoice_void_at !== null,
    creditNoteNumber: row.credit_note_no === null ? null : creditNoteNumber(row.credit_note_no),
    creditNoteDate: row.credit_note_at,
    extraRefundDue: row.extra_refund_paisa / 100,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paymentMethod: row.payment_method as PaymentMethodId,
    paymentStatus: row.payment_status as PaymentStatus,
    paymentRef: row.payment_ref,
    testPayment: Number(row.test_payment) === 1,
    fullName: row.full_name,
    phone: row.phone,
    province: row.province,
    district: row.district,
    city: row.city,
    address: row.address,
    landmark: row.landmark,
    orderItems: items.map((item) => ({
      id: item.id,
      price: item.unit_price_paisa / 100,
      quantity: item.quantity,
      variantId: item.variant_id,
      variantLabel: item.variant_label,
      product: { id: item.product_id, name: item.product_name, category: item.category_name },
    })),
    user: {
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phoneNumber: row.phone_number,
    },
  };
}
