import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dashboard, TOP_COUPONS, nepalDay } from '../../src/shared/dashboard.js';
import type { Order } from '../../src/shared/orders.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { orderRow } from '../helpers/order-rows.js';
import { type TestProduct, bearer, fillCart, makeProduct, makeShopper, orderBody, NO_ORDER_LIMITS } from '../helpers/orders.js';

/**
 * The Dashboard's coupon figures: the discounts of the orders that count as revenue (paid online,
 * or cash on delivery and delivered; never a cancelled order's or a test payment's), and revenue
 * per code, the top codes by revenue. Orders go through the shop's own checkout and status
 * changes, and a bulk load of old orders; the figures are checked against the orders themselves.
 */
describe('dashboard coupon figures', () => {
  let t: TestApp;
  let admin: string;
  let phone: TestProduct; // Rs 1,000; Kathmandu delivery Rs 100 under the free-delivery threshold
  const days: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ PAYMENT_SANDBOX: 'true', ...NO_ORDER_LIMITS });
    admin = await adminToken(t);
    phone = await makeProduct(t, { price: 1000 });
    for (const body of [
      { code: 'SAVE10', type: 'percent', value: 10 },
      { code: 'FLAT200', type: 'fixed', value: 200 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(admin), payload: body });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  /** A new shopper buys one phone with `code` (or none): the order as checkout made it. */
  async function buy(code: string | null, paymentMethod: 'cod' | 'esewa' = 'cod'): Promise<Order> {
    const shopper = await makeShopper(t);
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: phone.id, quantity: 1 }]);
    let discount = 0;
    if (code) {
      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/cart/coupon',
        headers: bearer(shopper.token),
        payload: { userId: shopper.userId, code },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      discount = applied.json<{ discount: number }>().discount;
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: bearer(shopper.token),
      payload: orderBody(shopper.userId, 1000 - discount + 100, { paymentMethod }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ order: Order }>().order;
    days.push(nepalDay(new Date(order.createdAt)));
    return order;
  }

  async function setStatus(id: string, ...statuses: string[]): Promise<void> {
    for (const status of statuses) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${id}/status`,
        headers: bearer(admin),
        payload: { status, reason: 'test' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** An online payment received (test: by the sandbox), as the payment service records it. */
  const markPaid = (id: string, test: 0 | 1) =>
    t.app.ctx.db.updateTable('orders').set({ payment_status: 'paid', test_payment: test }).where('id', '=', id).execute();

  async function dashboard(from: string, to: string): Promise<Dashboard> {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/dashboard?from=${from}&to=${to}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>();
  }

  /** The same figures read from the orders themselves, as the Dashboard decides which count. */
  async function fromOrders(from: string, to: string) {
    const rows = await t.app.ctx.db
      .selectFrom('orders')
      .select([
        'coupon_code',
        'discount_paisa',
        'total_paisa',
        'created_at',
        'status',
        'payment_method',
        'payment_status',
        'test_payment',
      ])
      .where('coupon_code', 'is not', null)
      .execute();
    const counted = rows.filter((row) => {
      const day = nepalDay(new Date(row.created_at));
      const revenue = row.payment_status === 'paid' || (row.payment_method === 'cod' && row.status === 'delivered');
      return day >= from && day <= to && revenue && Number(row.test_payment) === 0;
    });
    return {
      total: counted.reduce((sum, row) => sum + Number(row.discount_paisa), 0) / 100,
      orders: counted.length,
    };
  }

  it('counts the discounts of revenue orders only, per coupon, on both kinds of payment', async () => {
    const deliveredA = await buy('SAVE10');
    const deliveredB = await buy('save10');
    const paidOnline = await buy('FLAT200', 'esewa');
    const stillPending = await buy('FLAT200');
    const cancelledCod = await buy('SAVE10');
    const paidThenCancelled = await buy('FLAT200', 'esewa');
    const testPayment = await buy('FLAT200', 'esewa');
    const noCoupon = await buy(null);
    expect(deliveredA).toMatchObject({ discount: 100, totalAmount: 1000, couponCode: 'SAVE10' });
    expect(paidOnline).toMatchObject({ discount: 200, totalAmount: 900, couponCode: 'FLAT200' });
    expect(stillPending).toMatchObject({ status: 'pending', discount: 200 });

    await setStatus(deliveredA.id, 'confirmed', 'shipped', 'delivered');
    await setStatus(deliveredB.id, 'confirmed', 'shipped', 'delivered');
    await setStatus(noCoupon.id, 'confirmed', 'shipped', 'delivered');
    await markPaid(paidOnline.id, 0);
    await markPaid(testPayment.id, 1);
    await setStatus(cancelledCod.id, 'cancelled');
    const from = days[0]!;
    const to = days.at(-1)!;

    // The paid order counts while it is paid; cancelled, its money is due back and its discount no longer counts.
    await markPaid(paidThenCancelled.id, 0);
    expect((await dashboard(from, to)).discounts).toMatchObject({ total: 600, orders: 4 });
    await setStatus(paidThenCancelled.id, 'cancelled');
    const after = await t.app.ctx.db
      .selectFrom('orders')
      .select('payment_status')
      .where('id', '=', paidThenCancelled.id)
      .executeTakeFirstOrThrow();
    expect(after.payment_status).not.toBe('paid');

    const data = await dashboard(from, to);
    // SAVE10: two delivered orders, Rs 100 off each; FLAT200: the one real online payment.
    // Not counted: the pending one, the cancelled ones, the test payment; the order without a coupon gave nothing.
    expect(data.discounts).toEqual({
      total: 400,
      orders: 3,
      byCoupon: [
        { code: 'SAVE10', orders: 2, discount: 200, revenue: 2000 },
        { code: 'FLAT200', orders: 1, discount: 200, revenue: 900 },
      ],
    });
    expect(data.discounts).toMatchObject(await fromOrders(from, to));
    // Revenue per coupon is part of the Dashboard's revenue (which also has the order without a coupon).
    expect(data.revenue.total).toBe(2000 + 900 + 1100);

    // A test payment put right (the flag cleared) would count; set back, it does not.
    await t.app.ctx.db.updateTable('orders').set({ test_payment: 0 }).where('id', '=', testPayment.id).execute();
    expect((await dashboard(from, to)).discounts).toMatchObject(await fromOrders(from, to));
    await t.app.ctx.db.updateTable('orders').set({ test_payment: 1 }).where('id', '=', testPayment.id).execute();
    expect((await dashboard(from, to)).discounts).toMatchObject(await fromOrders(from, to));

    // Another period holds none of them.
    expect((await dashboard('2020-01-01', '2020-01-31')).discounts).toEqual({ total: 0, orders: 0, byCoupon: [] });
  });

  it('lists the top codes by revenue, and counts every code in the total (a bulk load of orders)', async () => {
    const buyer = await makeShopper(t);
    // Twelve codes on one Nepal day (2024-01-10 09:00 there): code n has n orders of Rs (1,000 − 10 n) after Rs 10 n off.
    const at = '2024-01-10T03:15:00.000Z';
    const orders = [];
    for (let n = 1; n <= 12; n += 1) {
      for (let k = 0; k < n; k += 1) {
        orders.push(
          orderRow({
            id: `BULK-${n}-${k}`,
            user_id: buyer.userId,
            status: 'delivered',
            total_paisa: (1000 - 10 * n) * 100,
            subtotal_paisa: 1000 * 100,
            discount_paisa: 10 * n * 100,
            coupon_code: `CODE${String(n).padStart(2, '0')}`,
            payment_method: 'cod',
            payment_status: 'unpaid',
            test_payment: 0,
            full_name: 'Bulk Buyer',
            created_at: at,
          }),
        );
      }
    }
    // One of CODE12's orders is a test payment: never counted.
    orders.push({ ...orders.at(-1)!, id: 'BULK-TEST', payment_method: 'esewa', payment_status: 'paid', test_payment: 1 });
    await t.app.ctx.db.insertInto('orders').values(orders).execute();

    const data = await dashboard('2024-01-10', '2024-01-10');
    expect(data.discounts.byCoupon).toHaveLength(TOP_COUPONS);
    expect(data.discounts.byCoupon[0]).toEqual({ code: 'CODE12', orders: 12, discount: 12 * 120, revenue: 12 * 880 });
    expect(data.discounts.byCoupon.map((row) => row.code)).toEqual(
      Array.from({ length: TOP_COUPONS }, (_, i) => `CODE${String(12 - i).padStart(2, '0')}`),
    );
    // All twelve codes: 1 + 2 + … + 12 orders, Σ n × 10 n rupees off.
    const total = Array.from({ length: 12 }, (_, i) => (i + 1) * 10 * (i + 1)).reduce((a, b) => a + b, 0);
    expect(data.discounts).toMatchObject({ total, orders: 78 });
    expect(data.discounts).toMatchObject(await fromOrders('2024-01-10', '2024-01-10'));
  });
});
