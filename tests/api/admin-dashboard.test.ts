import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/shared/dashboard.js';
import { salesSpans } from '../../src/server/features/dashboard/service.js';
import type { OrdersTable } from '../../src/server/db/schema.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { orderItemRow, orderRow } from '../helpers/order-rows.js';
import { type TestProduct, type TestShopper, bearer, fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';

/**
 * The admin's Dashboard on hand-made orders: every figure exact, for named periods and
 * custom ranges, across statuses, payment methods and the Nepal midnight (18:15 UTC); the figures
 * follow the shop's own writes (checkout, status changes, a refund); the low-stock lists and the
 * product form's threshold; who may ask and what they may ask.
 *
 * The test's "now" is 2025-03-15 06:00 UTC, 11:45 in Kathmandu: today is 2025-03-15 there.
 */
const NOW = Date.parse('2025-03-15T06:00:00.000Z');

type OrderSeed = {
  id: string;
  at: string;
  status: OrdersTable['status'];
  method: 'cod' | 'esewa' | 'khalti';
  payment: string;
  lines: { product: TestProduct; quantity: number }[];
  deliveryPaisa?: number;
};

describe('admin dashboard API', () => {
  let t: TestApp;
  let admin: string;
  let owner: TestShopper;
  let keyboard: TestProduct; // Rs 1,000, stock 3: low (default threshold 5)
  let mouse: TestProduct; // Rs 500, stock 0: out of stock
  let headset: TestProduct; // Rs 2,500, stock 12, threshold 15: low by its own threshold
  let monitor: TestProduct; // Rs 20,000, stock 6: above the default
  let cable: TestProduct; // Rs 100, stock not tracked

  const get = (query = '', headers: Record<string, string> = bearer(admin)) =>
    t.app.inject({ method: 'GET', url: `/api/admin/dashboard${query}`, headers });
  const dashboard = async (query = '') => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>();
  };

  async function insertOrder(seed: OrderSeed): Promise<void> {
    const subtotal = seed.lines.reduce((total, line) => total + line.product.pricePaisa * line.quantity, 0);
    const delivery = seed.deliveryPaisa ?? 10_000;
    await t.app.ctx.db
      .insertInto('orders')
      .values(
        orderRow({
          id: seed.id,
          user_id: owner.userId,
          status: seed.status,
          total_paisa: subtotal + delivery,
          subtotal_paisa: subtotal,
          delivery_fee_paisa: delivery,
          payment_method: seed.method,
          payment_status: seed.payment,
          full_name: `Buyer of ${seed.id}`,
          created_at: seed.at,
        }),
      )
      .execute();
    await t.app.ctx.db
      .insertInto('order_items')
      .values(seed.lines.map((line) => orderItemRow(seed.id, line.product, { quantity: line.quantity })))
      .execute();
  }

  async function insertUser(at: string, verified: boolean): Promise<void> {
    const shopper = await makeShopper(t, { verified });
    await t.app.ctx.db.updateTable('users').set({ created_at: at }).where('id', '=', shopper.userId).execute();
  }

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.advance(NOW - Date.now());
    admin = await adminToken(t);
    owner = await makeShopper(t, { firstName: 'Owner' });
    keyboard = await makeProduct(t, { name: 'Mechanical Keyboard', price: 1000, stock: 3 });
    mouse = await makeProduct(t, { name: 'Gaming Mouse', price: 500, stock: 0 });
    headset = await makeProduct(t, { name: 'Wireless Headset', price: 2500, stock: 12 });
    monitor = await makeProduct(t, { name: '4K Monitor', price: 20_000, stock: 6 });
    cable = await makeProduct(t, { name: 'USB Cable', price: 100, stock: null });
    const gone = await makeProduct(t, { name: 'Old Gamepad', price: 900, stock: 0 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${gone.id}`, headers: bearer(admin) })).statusCode).toBe(
      200,
    );
    const threshold = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${headset.id}`,
      headers: bearer(admin),
      payload: { lowStockThreshold: '15' },
    });
    expect(threshold.statusCode, threshold.body).toBe(200);

    // The Nepal day of 2025-03-14T18:14:59Z is the 14th; of 18:15:00Z, the 15th.
    const seeds: OrderSeed[] = [
      {
        id: 'ORD-DASH01',
        at: '2025-03-14T18:14:59.000Z',
        status: 'delivered',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: keyboard, quantity: 1 }],
      },
      {
        id: 'ORD-DASH02',
        at: '2025-03-14T18:15:00.000Z',
        status: 'pending',
        method: 'esewa',
        payment: 'paid',
        lines: [{ product: headset, quantity: 1 }],
      },
      {
        id: 'ORD-DASH03',
        at: '2025-03-15T03:00:00.000Z',
        status: 'pending',
        method: 'khalti',
        payment: 'awaiting_payment',
        lines: [{ product: mouse, quantity: 1 }],
      },
      {
        id: 'ORD-DASH04',
        at: '2025-03-10T05:00:00.000Z',
        status: 'pending',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: keyboard, quantity: 3 }],
      },
      {
        id: 'ORD-DASH05',
        at: '2025-03-09T05:00:00.000Z',
        status: 'cancelled',
        method: 'esewa',
        payment: 'refund_due',
        lines: [{ product: monitor, quantity: 1 }],
        deliveryPaisa: 0,
      },
      {
        id: 'ORD-DASH06',
        at: '2025-03-08T05:00:00.000Z',
        status: 'cancelled',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: mouse, quantity: 1 }],
      },
      {
        id: 'ORD-DASH07',
        at: '2025-03-01T05:00:00.000Z',
        status: 'delivered',
        method: 'khalti',
        payment: 'paid',
        lines: [{ product: headset, quantity: 2 }],
        deliveryPaisa: 0,
      },
      {
        id: 'ORD-DASH08',
        at: '2025-02-20T05:00:00.000Z',
        status: 'delivered',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: monitor, quantity: 1 }],
      },
      {
        id: 'ORD-DASH09',
        at: '2025-03-12T05:00:00.000Z',
        status: 'shipped',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: keyboard, quantity: 1 }],
      },
      {
        id: 'ORD-DASH10',
        at: '2025-01-10T05:00:00.000Z',
        status: 'delivered',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: keyboard, quantity: 1 }],
      },
      // Nepal's 1 January 2025 (a month's first day, from the last evening of December in UTC).
      {
        id: 'ORD-DASH11',
        at: '2024-12-31T18:15:00.000Z',
        status: 'delivered',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: keyboard, quantity: 2 }],
      },
      {
        id: 'ORD-DASH12',
        at: '2024-12-31T10:00:00.000Z',
        status: 'delivered',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: mouse, quantity: 2 }],
      },
      {
        id: 'ORD-DASH13',
        at: '2024-12-30T10:00:00.000Z',
        status: 'delivered',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: keyboard, quantity: 5 }],
      },
    ];
    for (const seed of seeds) await insertOrder(seed);

    await insertUser('2025-03-14T18:15:00.000Z', true); // the 15th
    await insertUser('2025-03-14T18:14:00.000Z', true); // the 14th
    await insertUser('2025-03-13T09:00:00.000Z', false); // never verified: not a shopper yet
    await insertUser('2025-03-08T18:14:59.000Z', true); // the 8th: before the 7 days
    await insertUser('2025-03-08T18:15:00.000Z', true); // the 9th: the first of the 7 days
  });
  afterAll(async () => t.close());

  describe('who may ask, and what', () => {
    it('needs an admin token: none or a bad one is 401, a shopper’s 403', async () => {
      expect((await get('', {})).statusCode).toBe(401);
      expect((await get('', bearer('not-a-token'))).statusCode).toBe(401);
      const shopper = await get('', bearer(owner.token));
      expect(shopper.statusCode).toBe(403);
      expect(shopper.body).not.toContain('ORD-DASH');
    });

    it('refuses a period it does not know and ranges that are wrong or too long (400 with the reason)', async () => {
      const refused = async (query: string, message: string) => {
        const res = await get(query);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(message);
      };
      await refused('?period=year', 'period must be one of today, 7d, 30d');
      await refused('?from=2025-03-01', 'from and to go together');
      await refused('?to=2025-03-01', 'from and to go together');
      await refused('?from=2025-03-02&to=2025-03-01', 'from must not be after to');
      await refused('?from=2025-02-30&to=2025-03-01', 'from must be a real date');
      await refused('?from=1-3-2025&to=2025-03-01', 'from must be a date as YYYY-MM-DD');
      await refused('?period=7d&from=2025-03-01&to=2025-03-02', 'Give either period or from and to, not both');
      await refused('?from=2024-01-01&to=2025-01-01', 'The period can be at most 366 days');
      // 2024 was a leap year: its 366 days are one period.
      const year = await dashboard('?from=2024-01-01&to=2024-12-31');
      expect(year.period).toEqual({ from: '2024-01-01', to: '2024-12-31', days: 366, timeZone: 'Asia/Kathmandu' });
      expect(year.revenueByDay).toHaveLength(366);
      // In Nepali when the page is.
      const ne = await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard?from=2025-03-02&to=2025-03-01',
        headers: { ...bearer(admin), 'accept-language': 'ne' },
      });
      expect(ne.statusCode).toBe(400);
      expect(ne.json().message).toBe('from को मिति to भन्दा पछिको हुन मिल्दैन');
    });
  });

  describe('figures of a period', () => {
    it('the last 7 days (the default): orders, revenue apart by kind, average, new shoppers, mix', async () => {
      const body = await dashboard();
      expect(body).toEqual({ ...(await dashboard('?period=7d')), generatedAt: body.generatedAt });
      expect(body.period).toEqual({ from: '2025-03-09', to: '2025-03-15', days: 7, timeZone: 'Asia/Kathmandu' });
      // Placed on Nepal's 9th–15th: 01 (the 14th, a second before its midnight), 02, 03, 04, 05, 09.
      expect(body.orders).toEqual({
        total: 6,
        byStatus: { pending: 3, confirmed: 0, shipped: 1, delivered: 1, cancelled: 1 },
      });
      // Paid online: 02 (Rs 2,500 + Rs 100 delivery); cash on delivery delivered: 01 (Rs 1,000 + Rs 100).
      expect(body.revenue).toEqual({ total: 3700, online: 2600, cashOnDelivery: 1100, orders: 2 });
      expect(body.averageOrderValue).toBe(1850);
      expect(body.newShoppers).toBe(3);
      // Not cancelled: cash 01, 04, 09; eSewa 02; Khalti 03 (still awaiting its payment).
      expect(body.paymentMethods).toEqual([
        { method: 'cod', orders: 3, amount: 1100 + 3100 + 1100 },
        { method: 'esewa', orders: 1, amount: 2600 },
        { method: 'khalti', orders: 1, amount: 600 },
      ]);
      expect(body.revenueByDay).toEqual([
        { day: '2025-03-09', online: 0, cashOnDelivery: 0, orders: 1 },
        { day: '2025-03-10', online: 0, cashOnDelivery: 0, orders: 1 },
        { day: '2025-03-11', online: 0, cashOnDelivery: 0, orders: 0 },
        { day: '2025-03-12', online: 0, cashOnDelivery: 0, orders: 1 },
        { day: '2025-03-13', online: 0, cashOnDelivery: 0, orders: 0 },
        { day: '2025-03-14', online: 0, cashOnDelivery: 1100, orders: 1 },
        { day: '2025-03-15', online: 2600, cashOnDelivery: 0, orders: 2 },
      ]);
      expect(body.topProducts).toEqual({
        byRevenue: [
          { productId: headset.id, name: 'Wireless Headset', units: 1, revenue: 2500 },
          { productId: keyboard.id, name: 'Mechanical Keyboard', units: 1, revenue: 1000 },
        ],
        byUnits: [
          { productId: headset.id, name: 'Wireless Headset', units: 1, revenue: 2500 },
          { productId: keyboard.id, name: 'Mechanical Keyboard', units: 1, revenue: 1000 },
        ],
      });
    });

    it('today begins at 18:15 UTC the evening before: the order a second earlier is yesterday’s', async () => {
      const body = await dashboard('?period=today');
      expect(body.period).toMatchObject({ from: '2025-03-15', to: '2025-03-15', days: 1 });
      expect(body.orders.total).toBe(2);
      expect(body.orders.byStatus.pending).toBe(2);
      expect(body.revenue).toEqual({ total: 2600, online: 2600, cashOnDelivery: 0, orders: 1 });
      expect(body.revenueByDay).toEqual([{ day: '2025-03-15', online: 2600, cashOnDelivery: 0, orders: 2 }]);
      expect(body.newShoppers).toBe(1);
      const yesterday = await dashboard('?from=2025-03-14&to=2025-03-14');
      expect(yesterday.revenue).toEqual({ total: 1100, online: 0, cashOnDelivery: 1100, orders: 1 });
      expect(yesterday.newShoppers).toBe(1);
    });

    it('the last 30 days: the month’s orders too, and the top products by revenue and by units differ', async () => {
      const body = await dashboard('?period=30d');
      expect(body.period).toMatchObject({ from: '2025-02-14', to: '2025-03-15', days: 30 });
      expect(body.orders.total).toBe(9);
      expect(body.orders.byStatus).toEqual({ pending: 3, confirmed: 0, shipped: 1, delivered: 3, cancelled: 2 });
      expect(body.revenue).toEqual({ total: 28_800, online: 7600, cashOnDelivery: 21_200, orders: 4 });
      expect(body.averageOrderValue).toBe(7200);
      expect(body.topProducts.byRevenue.map((p) => [p.name, p.units, p.revenue])).toEqual([
        ['4K Monitor', 1, 20_000],
        ['Wireless Headset', 3, 7500],
        ['Mechanical Keyboard', 1, 1000],
      ]);
      expect(body.topProducts.byUnits.map((p) => [p.name, p.units, p.revenue])).toEqual([
        ['Wireless Headset', 3, 7500],
        ['4K Monitor', 1, 20_000],
        ['Mechanical Keyboard', 1, 1000],
      ]);
    });

    it('a range over whole months and loose days adds up each line once', async () => {
      expect(salesSpans('2024-12-31', '2025-03-02')).toEqual({
        months: ['2025-01', '2025-02'],
        days: [
          ['2024-12-31', '2024-12-31'],
          ['2025-03-01', '2025-03-02'],
        ],
      });
      expect(salesSpans('2025-03-01', '2025-03-31')).toEqual({ months: ['2025-03', '2025-03'], days: [] });
      expect(salesSpans('2025-03-02', '2025-03-31')).toEqual({ days: [['2025-03-02', '2025-03-31']] });
      expect(salesSpans('2024-02-10', '2024-03-05')).toEqual({ days: [['2024-02-10', '2024-03-05']] });

      const body = await dashboard('?from=2024-12-31&to=2025-03-02');
      // 12 (Dec 31), 11 (Nepal's Jan 1), 10, 08, 07; not 13 (Dec 30).
      expect(body.revenue).toEqual({ total: 29_400, online: 5000, cashOnDelivery: 1100 + 2100 + 1100 + 20_100, orders: 5 });
      expect(body.topProducts.byRevenue.map((p) => [p.name, p.units, p.revenue])).toEqual([
        ['4K Monitor', 1, 20_000],
        ['Wireless Headset', 2, 5000],
        ['Mechanical Keyboard', 3, 3000],
        ['Gaming Mouse', 2, 1000],
      ]);
      expect(body.topProducts.byUnits.map((p) => [p.name, p.units])).toEqual([
        ['Mechanical Keyboard', 3],
        ['Wireless Headset', 2],
        ['Gaming Mouse', 2],
        ['4K Monitor', 1],
      ]);
      expect(body.revenueByDay.find((day) => day.day === '2025-01-01')).toEqual({
        day: '2025-01-01',
        online: 0,
        cashOnDelivery: 2100,
        orders: 1,
      });
      const december = await dashboard('?from=2024-12-01&to=2024-12-31');
      expect(december.topProducts.byUnits.map((p) => [p.name, p.units])).toEqual([
        ['Mechanical Keyboard', 5],
        ['Gaming Mouse', 2],
      ]);
    });

    it('a period without orders is all zeros, every day listed', async () => {
      const body = await dashboard('?from=2023-06-01&to=2023-06-03');
      expect(body.orders.total).toBe(0);
      expect(body.revenue).toEqual({ total: 0, online: 0, cashOnDelivery: 0, orders: 0 });
      expect(body.averageOrderValue).toBe(0);
      expect(body.topProducts).toEqual({ byRevenue: [], byUnits: [] });
      expect(body.paymentMethods.map((m) => m.orders)).toEqual([0, 0, 0]);
      expect(body.revenueByDay.map((d) => d.day)).toEqual(['2023-06-01', '2023-06-02', '2023-06-03']);
    });
  });

  describe('what waits, whatever the period', () => {
    it('pending orders to confirm, online payments overdue and refunds due: how many and the oldest first', async () => {
      const { waiting, paymentTimeoutMinutes } = await dashboard('?from=2023-06-01&to=2023-06-01');
      expect(paymentTimeoutMinutes).toBe(30);
      // 03 awaits its Khalti payment: for 3 hours, not a pending order to confirm but overdue.
      expect(waiting.pending.count).toBe(2);
      expect(waiting.pending.orders.map((order) => order.id)).toEqual(['ORD-DASH04', 'ORD-DASH02']);
      expect(waiting.pending.orders[1]).toEqual({
        id: 'ORD-DASH02',
        createdAt: '2025-03-14T18:15:00.000Z',
        totalAmount: 2600,
        fullName: 'Buyer of ORD-DASH02',
        status: 'pending',
        paymentMethod: 'esewa',
        paymentStatus: 'paid',
      });
      expect(waiting.awaitingPayment).toMatchObject({ count: 1, orders: [{ id: 'ORD-DASH03', totalAmount: 600 }] });
      expect(waiting.refundDue).toMatchObject({ count: 1, orders: [{ id: 'ORD-DASH05', totalAmount: 20_000 }] });
    });

    it('an online payment within its time is not overdue yet', async () => {
      t.clock.advance(-(2 * 60 + 35) * 60_000); // 03:25 UTC: 25 minutes after order 03
      try {
        expect((await dashboard()).waiting.awaitingPayment.count).toBe(0);
      } finally {
        t.clock.advance((2 * 60 + 35) * 60_000);
      }
    });
  });

  describe('stock', () => {
    it('lists tracked, live products at or under their threshold: low with the fewest first, and out of stock', async () => {
      const { stock } = await dashboard();
      expect(stock).toEqual({
        defaultThreshold: 5,
        low: {
          count: 2,
          products: [
            { id: keyboard.id, name: 'Mechanical Keyboard', variantId: null, variantLabel: null, stock: 3, threshold: 5 },
            { id: headset.id, name: 'Wireless Headset', variantId: null, variantLabel: null, stock: 12, threshold: 15 },
          ],
        },
        out: {
          count: 1,
          products: [{ id: mouse.id, name: 'Gaming Mouse', variantId: null, variantLabel: null, stock: 0, threshold: 5 }],
        },
      });
    });

    it('the product form sets, answers and clears the threshold, and refuses one that is not a whole number', async () => {
      const put = (id: number, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload });
      const set = await put(keyboard.id, { lowStockThreshold: '2' });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().lowStockThreshold).toBe(2);
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${keyboard.id}` })).json().lowStockThreshold).toBe(2);
      expect((await dashboard()).stock.low.products.map((p) => p.name)).toEqual(['Wireless Headset']);

      const bad = await put(keyboard.id, { lowStockThreshold: '2.5' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Low stock alert must be a whole number of 0 or more');

      // Another change leaves it as it is; an empty value goes back to the default.
      expect((await put(keyboard.id, { name: 'Mechanical Keyboard' })).json().lowStockThreshold).toBe(2);
      const cleared = await put(keyboard.id, { lowStockThreshold: '' });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).not.toHaveProperty('lowStockThreshold');
      expect((await dashboard()).stock.low.count).toBe(2);
      // A product without one answers without the field.
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${monitor.id}` })).json()).not.toHaveProperty(
        'lowStockThreshold',
      );
    });
  });

  describe('revenue net of refunded returns', () => {
    it('a return settled by refund lowers its order day’s revenue by the returned lines; others do not', async () => {
      // Days of their own (June 2024), so the other tests' figures are untouched.
      const range = '?from=2024-06-10&to=2024-06-11';
      await insertOrder({
        id: 'ORD-RET01',
        at: '2024-06-10T05:00:00.000Z',
        status: 'delivered',
        method: 'esewa',
        payment: 'paid',
        lines: [{ product: keyboard, quantity: 2 }],
      });
      await insertOrder({
        id: 'ORD-RET02',
        at: '2024-06-11T05:00:00.000Z',
        status: 'delivered',
        method: 'cod',
        payment: 'unpaid',
        lines: [{ product: headset, quantity: 1 }],
      });
      await insertOrder({
        id: 'ORD-RET03',
        at: '2024-06-11T06:00:00.000Z',
        status: 'cancelled',
        method: 'khalti',
        payment: 'refunded',
        lines: [{ product: keyboard, quantity: 1 }],
      });
      const before = await dashboard(range);
      // Rs 2,100 online (Rs 2,000 and delivery), Rs 2,600 cash on delivery.
      expect(before.revenue).toEqual({ total: 4700, online: 2100, cashOnDelivery: 2600, orders: 2 });

      const addReturn = async (orderId: string, status: string, refundPaisa: number) => {
        await t.app.ctx.db
          .insertInto('returns')
          .values({
            order_id: orderId,
            user_id: owner.userId,
            status: status as 'refunded',
            reason: 'damaged',
            refund_paisa: refundPaisa,
            created_at: '2024-06-20T05:00:00.000Z',
            updated_at: '2024-06-21T05:00:00.000Z',
          })
          .execute();
      };
      await addReturn('ORD-RET01', 'refunded', 100_000); // one keyboard back, money given back
      await addReturn('ORD-RET02', 'refunded', 250_000); // the headset back, its cash given back
      await addReturn('ORD-RET01', 'refund_due', 100_000); // not yet given back: still revenue
      await addReturn('ORD-RET01', 'replaced', 100_000); // a new unit went out: still revenue
      await addReturn('ORD-RET03', 'refunded', 100_000); // its order was never revenue: nothing off twice

      const after = await dashboard(range);
      expect(after.revenue).toEqual({ total: 1200, online: 1100, cashOnDelivery: 100, orders: 2 });
      expect(after.averageOrderValue).toBe(600);
      expect(after.revenueByDay).toEqual([
        { day: '2024-06-10', online: 1100, cashOnDelivery: 0, orders: 1 },
        { day: '2024-06-11', online: 0, cashOnDelivery: 100, orders: 2 },
      ]);
      // A period without the orders' days is not touched by their returns.
      expect((await dashboard('?from=2024-06-20&to=2024-06-21')).revenue.total).toBe(0);
    });
  });

  describe('the figures follow the shop’s own writes', () => {
    it('a checkout, its delivery and its cancelling; a paid order cancelled and refunded', async () => {
      const before = await dashboard('?period=today');
      await fillCart(t.app.ctx.db, owner.userId, [{ productId: cable.id, quantity: 4 }]);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/orders/create',
        headers: bearer(owner.token),
        payload: orderBody(owner.userId, 400),
      });
      expect(created.statusCode, created.body).toBe(201);
      const order = created.json().order as { id: string; totalAmount: number };
      expect(order.totalAmount).toBe(500); // Rs 400 and Rs 100 delivery in the valley

      const placed = await dashboard('?period=today');
      expect(placed.orders.total).toBe(before.orders.total + 1);
      expect(placed.orders.byStatus.pending).toBe(before.orders.byStatus.pending + 1);
      expect(placed.revenue).toEqual(before.revenue);
      expect(placed.waiting.pending.count).toBe(before.waiting.pending.count + 1);

      const setStatus = async (id: string, status: string) => {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/orders/${id}/status`,
          headers: bearer(admin),
          payload: { status },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await setStatus(order.id, 'delivered');
      const delivered = await dashboard('?period=today');
      expect(delivered.revenue).toEqual({
        total: before.revenue.total + 500,
        online: before.revenue.online,
        cashOnDelivery: before.revenue.cashOnDelivery + 500,
        orders: before.revenue.orders + 1,
      });
      expect(delivered.orders.byStatus.delivered).toBe(before.orders.byStatus.delivered + 1);
      expect(delivered.topProducts.byUnits).toContainEqual({ productId: cable.id, name: 'USB Cable', units: 4, revenue: 400 });

      // Cancelling a delivered order is a correction (with a reason), not a status change.
      const reversed = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/reverse`,
        payload: { status: 'cancelled', reason: 'Returned at the door', confirm: true },
        headers: bearer(admin),
      });
      expect(reversed.statusCode, reversed.body).toBe(200);
      const cancelled = await dashboard('?period=today');
      expect(cancelled.revenue).toEqual(before.revenue);
      expect(cancelled.orders.byStatus.cancelled).toBe(before.orders.byStatus.cancelled + 1);
      expect(cancelled.topProducts).toEqual(before.topProducts);

      // Order 02 was paid through eSewa: cancelled, its money is due back, then given back.
      await setStatus('ORD-DASH02', 'cancelled');
      const refundDue = await dashboard('?period=today');
      expect(refundDue.revenue.online).toBe(before.revenue.online - 2600);
      expect(refundDue.waiting.refundDue.count).toBe(before.waiting.refundDue.count + 1);
      expect(refundDue.waiting.pending.orders.map((o) => o.id)).not.toContain('ORD-DASH02');
      const refunded = await t.app.inject({
        method: 'PUT',
        url: '/api/orders/ORD-DASH02/payment',
        headers: bearer(admin),
        payload: { paymentStatus: 'refunded' },
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const after = await dashboard('?period=today');
      expect(after.waiting.refundDue.count).toBe(before.waiting.refundDue.count);
      expect(after.topProducts.byRevenue).toEqual([]);

      // Whatever happened, the kept figures equal the orders' own, counted afresh.
      const kept = await t.app.ctx.db
        .selectFrom('order_day_totals')
        .select((eb) => [eb.fn.sum<number>('order_count').as('n'), eb.fn.sum<number>('amount_paisa').as('paisa')])
        .executeTakeFirstOrThrow();
      const real = await t.app.ctx.db
        .selectFrom('orders')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('total_paisa').as('paisa')])
        .executeTakeFirstOrThrow();
      expect([Number(kept.n), Number(kept.paisa)]).toEqual([Number(real.n), Number(real.paisa)]);
    });
  });
});
