import crypto from 'node:crypto';
import type { TestApp } from './app.js';
import type { TestProduct } from './orders.js';

/** A delivered order of the shopper holding one unit of the product (the variant's label, when named): what a review needs. */
export async function deliveredOrder(
  t: TestApp,
  userId: number,
  product: TestProduct,
  options: { status?: 'delivered' | 'pending' | 'shipped'; variantLabel?: string } = {},
): Promise<string> {
  const id = `ORD-R${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
  const at = new Date().toISOString();
  await t.app.ctx.db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      status: options.status ?? 'delivered',
      total_paisa: product.pricePaisa,
      subtotal_paisa: product.pricePaisa,
      delivery_fee_paisa: 0,
      vat_paisa: 0,
      invoice_no: null,
      payment_method: 'cod',
      payment_status: 'paid',
      payment_ref: null,
      full_name: 'Sita Sharma',
      phone: '9841234567',
      province: 'Bagmati',
      district: 'Kathmandu',
      city: 'Kathmandu',
      address: 'Thamel',
      landmark: null,
      idempotency_key: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await t.app.ctx.db
    .insertInto('order_items')
    .values({
      order_id: id,
      product_id: product.id,
      product_name: product.name,
      category_name: product.category,
      unit_price_paisa: product.pricePaisa,
      quantity: 1,
      stock_reserved: 0,
      variant_id: null,
      variant_label: options.variantLabel ?? null,
    })
    .execute();
  return id;
}

export const reviewBody = (overrides: Record<string, unknown> = {}) => ({
  rating: 5,
  title: 'Works well',
  text: 'Arrived quickly and works as described.',
  ...overrides,
});
