import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/shared/dashboard.js';
import type { CreateOrderResponse, Order } from '../../src/shared/orders.js';
import type { PaymentOptions } from '../../src/shared/payments.js';
import { PAYMENT_SANDBOX_DATA_KEY } from '../../src/shared/sandbox.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { catalogWeb } from '../helpers/web.js';
import { adminToken } from '../helpers/accounts.js';
import { orderItemRow, orderRow } from '../helpers/order-rows.js';
import { type TestProduct, type TestShopper, bearer, fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';

/**
 * Test payments: with PAYMENT_SANDBOX=true the sandbox takes online payments and no money moves.
 * The shop says so to every page (payment options), marks each order it paid as a test payment
 * (the order's answer, the admin's list), and the Dashboard leaves such orders out of revenue and
 * of the top products, whether the payment came through the shop or the order was written
 * straight to the tables (the figures the database keeps, migration 025). On SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

const TEMPLATE = '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>';

/** The page data (PageMeta.data) the server wrote into the page at `url`, or undefined without any. */
async function pageData(t: TestApp, url: string): Promise<Record<string, unknown> | undefined> {
  const { web, close } = await catalogWeb(t, TEMPLATE);
  try {
    const res = await web.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    const json = /<script type="application\/json" id="pasal-data">(.*?)<\/script>/s.exec(res.body)?.[1];
    return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
  } finally {
    await close();
  }
}

describe('test payments through the payment sandbox', () => {
  let t: TestApp;
  let admin: string;
  let shopper: TestShopper;

  beforeAll(async () => {
    t = await buildTestApp({ PAYMENT_SANDBOX: 'true' });
    admin = await adminToken(t);
    shopper = await makeShopper(t);
  });
  afterAll(async () => t.close());

  const dashboard = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=today', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>();
  };

  /** One product of `price` rupees, ordered with `method`. */
  async function order(method: 'cod' | 'khalti', product: TestProduct) {
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, product.price, { paymentMethod: method }),
      headers: bearer(shopper.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreateOrderResponse>();
  }

  /** The sandbox's Khalti page, Pay, and back at the shop (as the shopper's browser does it). */
  async function payAtSandbox(body: CreateOrderResponse) {
    const page = await t.app.inject({ method: 'GET', url: body.payment!.url });
    const pay = /<form method="post" action="([^"]+)"><button[^>]*>Pay<\/button>/.exec(page.body)?.[1];
    expect(pay).toBeDefined();
    const gateway = await t.app.inject({ method: 'POST', url: pay!.replace(/&amp;/g, '&') });
    const back = new URL(gateway.headers.location as string, 'http://localhost');
    expect((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` })).statusCode).toBe(303);
  }

  const orderOf = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ order: Order }>().order;
  };

  it('tells every page that payments are tests (payment options, and the data of every page it serves)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/payment-options' });
    expect(res.statusCode).toBe(200);
    expect(res.json<PaymentOptions>().sandbox).toBe(true);
    // The shop's pages, the account's and the admin's, in either language: the ribbon is in their first paint.
    for (const url of ['/', '/about', '/account', '/admin', '/admin/login', '/?lang=ne']) {
      expect((await pageData(t, url))?.[PAYMENT_SANDBOX_DATA_KEY], url).toBe(true);
    }
  });

  it('marks an order paid through the sandbox a test payment, and leaves it out of revenue', async () => {
    const before = await dashboard();
    const gadget = await makeProduct(t, { name: 'Sandbox Gadget', price: 2_500, stock: 5 });
    const placed = await order('khalti', gadget);
    expect(placed.order.testPayment).toBe(false);
    await payAtSandbox(placed);

    const paid = await orderOf(placed.order.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', testPayment: true });
    // The admin's list and the shopper's own list say so too.
    const list = await t.app.inject({ method: 'GET', url: `/api/orders/all?q=${placed.order.id}`, headers: bearer(admin) });
    expect(list.json<{ orders: Order[] }>().orders.find((row) => row.id === placed.order.id)?.testPayment).toBe(true);
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/user/${shopper.userId}`, headers: bearer(shopper.token) });
    expect(mine.json<{ orders: Order[] }>().orders.find((row) => row.id === placed.order.id)?.testPayment).toBe(true);

    // A cash-on-delivery order is never one.
    const cod = await order('cod', await makeProduct(t, { price: 700 }));
    expect((await orderOf(cod.order.id)).testPayment).toBe(false);

    const after = await dashboard();
    // Counted as an order, never as money.
    expect(after.orders.total).toBe(before.orders.total + 2);
    expect(after.revenue).toEqual(before.revenue);
    expect(after.revenueByDay.reduce((sum, day) => sum + day.online, 0)).toBe(
      before.revenueByDay.reduce((sum, day) => sum + day.online, 0),
    );
    expect(after.topProducts.byRevenue.map((row) => row.name)).not.toContain('Sandbox Gadget');
    expect(after.topProducts.byUnits.map((row) => row.name)).not.toContain('Sandbox Gadget');
  });

  it('keeps the figures right for test-payment orders written straight to the tables', async () => {
    const before = await dashboard();
    const real = await makeProduct(t, { name: 'Real Speaker', price: 3_000 });
    const fake = await makeProduct(t, { name: 'Fake Speaker', price: 4_000 });
    const now = t.clock.now().toISOString();
    const insert = async (id: string, product: TestProduct, testPayment: number) => {
      await t.app.ctx.db
        .insertInto('orders')
        .values(
          orderRow({
            id,
            user_id: shopper.userId,
            status: 'confirmed',
            total_paisa: product.pricePaisa,
            subtotal_paisa: product.pricePaisa,
            payment_method: 'esewa',
            payment_status: 'paid',
            test_payment: testPayment,
            full_name: 'Test Buyer',
            created_at: now,
          }),
        )
        .execute();
      await t.app.ctx.db.insertInto('order_items').values(orderItemRow(id, product)).execute();
    };
    await insert('ORD-TESTPAY-REAL', real, 0);
    await insert('ORD-TESTPAY-FAKE', fake, 1);

    let after = await dashboard();
    expect(after.orders.total).toBe(before.orders.total + 2);
    expect(after.revenue.online).toBe(before.revenue.online + 3_000);
    expect(after.revenue.orders).toBe(before.revenue.orders + 1);
    expect(after.topProducts.byRevenue.map((row) => row.name)).toContain('Real Speaker');
    expect(after.topProducts.byRevenue.map((row) => row.name)).not.toContain('Fake Speaker');

    // Found out later to be a test payment: it leaves the revenue and the top products.
    await t.app.ctx.db.updateTable('orders').set({ test_payment: 1 }).where('id', '=', 'ORD-TESTPAY-REAL').execute();
    after = await dashboard();
    expect(after.revenue).toEqual(before.revenue);
    expect(after.topProducts.byRevenue.map((row) => row.name)).not.toContain('Real Speaker');
    expect(after.orders.total).toBe(before.orders.total + 2);
  });
});

describe('without the payment sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('tells the pages that payments are real, and has no sandbox to pay at', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/payment-options' });
    expect(res.json<PaymentOptions>().sandbox).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/esewa/form' })).statusCode).toBe(404);
    for (const url of ['/', '/admin']) expect((await pageData(t, url))?.[PAYMENT_SANDBOX_DATA_KEY], url).toBeUndefined();
  });
});
