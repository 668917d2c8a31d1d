import type { Insertable } from 'kysely';
import type { OrderItemsTable, OrdersTable } from '../../src/server/db/schema.js';
import type { TestProduct } from './orders.js';

type OrderRow = Insertable<OrdersTable>;
type OrderItemRow = Insertable<OrderItemsTable>;

/**
 * An order as a test writes it straight to the table, past the checkout: delivered to Thamel,
 * Kathmandu, with no delivery fee, VAT, invoice, payment reference or idempotency key, last
 * changed when it was made. `values` names the rest and may replace any of these.
 */
export function orderRow(
  values: Pick<
    OrderRow,
    | 'id'
    | 'user_id'
    | 'status'
    | 'total_paisa'
    | 'subtotal_paisa'
    | 'payment_method'
    | 'payment_status'
    | 'full_name'
    | 'created_at'
  > &
    Partial<OrderRow>,
): OrderRow {
  return {
    delivery_fee_paisa: 0,
    vat_paisa: 0,
    invoice_no: null,
    payment_ref: null,
    phone: '9841234567',
    province: 'Bagmati',
    district: 'Kathmandu',
    city: 'Kathmandu',
    address: 'Thamel',
    landmark: null,
    idempotency_key: null,
    updated_at: values.created_at,
    ...values,
  };
}

/** A line of the order for one unit of the product at its price, none of it reserved; `values` may replace any of it. */
export function orderItemRow(orderId: string, product: TestProduct, values: Partial<OrderItemRow> = {}): OrderItemRow {
  return {
    order_id: orderId,
    product_id: product.id,
    product_name: product.name,
    category_name: product.category,
    unit_price_paisa: product.pricePaisa,
    quantity: 1,
    stock_reserved: 0,
    ...values,
  };
}
