import crypto from 'node:crypto';
import type { TestApp } from './app.js';
import { orderItemRow, orderRow } from './order-rows.js';
import { type TestProduct, bearer, makeShopper } from './orders.js';

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
    .values(
      orderRow({
        id,
        user_id: userId,
        status: options.status ?? 'delivered',
        total_paisa: product.pricePaisa,
        subtotal_paisa: product.pricePaisa,
        payment_method: 'cod',
        payment_status: 'paid',
        full_name: 'Sita Sharma',
        created_at: at,
      }),
    )
    .execute();
  await t.app.ctx.db
    .insertInto('order_items')
    .values(orderItemRow(id, product, { variant_id: null, variant_label: options.variantLabel ?? null }))
    .execute();
  return id;
}

export const reviewBody = (overrides: Record<string, unknown> = {}) => ({
  rating: 5,
  title: 'Works well',
  text: 'Arrived quickly and works as described.',
  ...overrides,
});

/** A new shopper who bought the product (a delivered order) posts a review of it; the answer is the caller's to check. */
export async function buyerReviews(t: TestApp, product: TestProduct, body: object) {
  const shopper = await makeShopper(t);
  await deliveredOrder(t, shopper.userId, product);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/products/${product.id}/reviews`,
    headers: bearer(shopper.token),
    payload: body,
  });
  return { shopper, res };
}
