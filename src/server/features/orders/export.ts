import { Readable } from 'node:stream';
import { ORDER_STATUS_LABELS, soldName } from '../../../shared/orders.js';
import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethodId,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
} from '../../../shared/payments.js';
import { CSV_BOM, csvLine, csvRupees, nepalDateTime } from '../../lib/csv.js';
import { creditNoteNumber, invoiceNumber } from './invoices.js';
import * as lq from './list-queries.js';
import * as q from './queries.js';

/**
 * The admin's orders as CSV (GET /api/admin/orders/export.csv): the Orders tab's filters,
 * streamed from the database in keyset batches of EXPORT_BATCH, each turned into text and handed on
 * before the next is read; the stream reads a batch only when the client has taken the last one, so
 * 100 000 orders pass through a few hundred kilobytes of memory.
 *
 * One line per order. "Customer name" and "Phone" are the delivery's (who receives the parcel, as
 * the invoice has them), "Email" the account's; dates are Nepal time; money is rupees. The tax
 * invoice's number and the credit note's that voided it come last, empty when there is none.
 */

export const EXPORT_BATCH = 500;

export const ORDER_EXPORT_HEADER = [
  'Order ID',
  'Date (Nepal time)',
  'Customer name',
  'Phone',
  'Email',
  'District',
  'City',
  'Status',
  'Payment method',
  'Payment status',
  // Yes when the payment sandbox took the payment: no money moved.
  'Test payment',
  'Subtotal (Rs.)',
  'Delivery (Rs.)',
  'VAT (Rs.)',
  'Total (Rs.)',
  'Items',
  'Invoice number',
  'Credit note number',
  // The coupon's discount off the items (Total = Subtotal − Discount + Delivery) and its code.
  'Discount (Rs.)',
  'Coupon code',
  // What a courier needs, after the columns earlier files had: the number said over the phone, the
  // whole address, and the cash to collect (the total for cash on delivery, else 0).
  'Order number',
  'Province',
  'Address',
  'Landmark',
  'COD amount (Rs.)',
] as const;

/** "2 × Asus ROG Strix; 1 × Galaxy S24 (256 GB / Black)": a variant's label after its product's name. */
function itemsSummary(items: q.ItemRow[] | undefined): string {
  return (items ?? []).map((item) => `${item.quantity} × ${soldName(item.product_name, item.variant_label)}`).join('; ');
}

function orderLine(order: q.OrderRow, items: q.ItemRow[] | undefined): string {
  return csvLine([
    order.id,
    nepalDateTime(order.created_at),
    order.full_name,
    order.phone,
    order.email,
    order.district,
    order.city,
    ORDER_STATUS_LABELS[order.status] ?? order.status,
    PAYMENT_METHOD_LABELS[order.payment_method as PaymentMethodId] ?? order.payment_method,
    PAYMENT_STATUS_LABELS[order.payment_status as PaymentStatus] ?? order.payment_status,
    Number(order.test_payment) === 1 ? 'Yes' : 'No',
    csvRupees(order.subtotal_paisa),
    csvRupees(order.delivery_fee_paisa),
    csvRupees(order.vat_paisa),
    csvRupees(order.total_paisa),
    itemsSummary(items),
    // Empty before the sale; a credit note means the invoice was voided.
    order.invoice_no === null ? '' : invoiceNumber(order.invoice_no),
    order.credit_note_no === null ? '' : creditNoteNumber(order.credit_note_no),
    csvRupees(order.discount_paisa),
    order.coupon_code ?? '',
    order.number === null ? '' : `#${order.number}`,
    order.province,
    order.address,
    order.landmark ?? '',
    csvRupees(order.payment_method === 'cod' && order.status !== 'cancelled' ? order.total_paisa : 0),
  ]);
}

async function* orderCsvText(
  db: q.Db,
  filter: lq.OrderFilter,
  sort: 'date_desc' | 'date_asc',
  batch: number,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(ORDER_EXPORT_HEADER);
  let after: lq.OrderCursor | undefined;
  for (;;) {
    const orders = await lq.orderBatchAfter(db, filter, sort, after, batch);
    if (orders.length === 0) return;
    const items = await q.itemsOf(
      db,
      orders.map((order) => order.id),
    );
    yield orders.map((order) => orderLine(order, items.get(order.id))).join('');
    if (orders.length < batch) return;
    // Let the event loop turn: SQLite's queries run synchronously, and without this the walk would
    // hold the process (every other request) for as long as the socket took bytes without a pause.
    await new Promise((resolve) => setImmediate(resolve));
    const last = orders[orders.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

/**
 * The CSV as a byte stream. Not in object mode: its buffer holds 64 KiB, so at most about one batch
 * waits beyond what the socket has taken.
 */
export function orderCsvStream(
  db: q.Db,
  filter: lq.OrderFilter,
  sort: 'date_desc' | 'date_asc' = 'date_desc',
  batch = EXPORT_BATCH,
): Readable {
  return Readable.from(orderCsvText(db, filter, sort, batch), { objectMode: false, highWaterMark: 64 * 1024 });
}
