import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unconfirmedCancelledMail } from '../../src/server/features/orders/mail.js';
import { paymentCheckKey } from '../../src/server/features/payments/check.js';
import type { Dashboard } from '../../src/shared/dashboard.js';
import { type CreateOrderResponse, type Order, formatOrderId } from '../../src/shared/orders.js';
import { PAYMENT_MESSAGES } from '../../src/shared/payments.js';
import { adminToken } from '../helpers/accounts.js';
import { buildTestApp, type TestApp, usingPostgres } from '../helpers/app.js';
import { type TestShopper, bearer, fillCart, makeProduct, makeShopper, orderBody, stockOf } from '../helpers/orders.js';

const HOUR = 60 * 60_000;

/**
 * What one account may hold: at most MAX_OPEN_ORDERS orders waiting for payment or for the shop's
 * confirmation, at most a product's limit of units per order (the shop's MAX_UNITS_PER_ORDER
 * unless the product sets its own), an online payment deadline counted from the order's creation
 * whatever the tries, and cash on delivery the shop has not confirmed in COD_CONFIRM_HOURS cancelled.
 */
describe('order limits', () => {
  let t: TestApp;
  let base: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({
      MAX_OPEN_ORDERS: '3',
      MAX_UNITS_PER_ORDER: '5',
      COD_CONFIRM_HOURS: '48',
      PAYMENT_TIMEOUT_MINUTES: '30',
      PAYMENT_SANDBOX: 'true',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  // A fresh admin token: some tests move the clock past a token's life.
  beforeEach(async () => {
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  /** Checkout of whatever is in the shopper's cart, with the client's total as the items' sum. */
  const checkout = (shopper: TestShopper, total: number, method: 'cod' | 'esewa' = 'cod', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, total, { paymentMethod: method }),
      headers: { ...bearer(shopper.token), ...headers },
    });

  /** One product of `price` into the cart, then checkout. */
  async function placeOrder(shopper: TestShopper, options: { method?: 'cod' | 'esewa'; quantity?: number; stock?: number } = {}) {
    const product = await makeProduct(t, { price: 1_000, stock: options.stock ?? 10 });
    const quantity = options.quantity ?? 1;
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity }]);
    const res = await checkout(shopper, product.price * quantity, options.method ?? 'cod');
    return { res, product, body: res.json<CreateOrderResponse>() };
  }

  const setStatus = (orderId: string, status: string) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, payload: { status }, headers: bearer(admin) });

  const orderRow = (orderId: string) =>
    t.app.ctx.db
      .selectFrom('orders')
      .select(['status', 'payment_status', 'payment_method'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();

  const addToCart = (shopper: TestShopper, productId: number, quantity: number, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/add-to-cart',
      payload: { userId: shopper.userId, productId, quantity },
      headers: { ...bearer(shopper.token), ...headers },
    });

  // -------------------------------------------------------------------------------------------
  // Open orders

  it('refuses a fourth order while three wait for payment or confirmation, in both languages', async () => {
    const shopper = await makeShopper(t);
    const first = await placeOrder(shopper, { method: 'cod' });
    const second = await placeOrder(shopper, { method: 'esewa' });
    const third = await placeOrder(shopper, { method: 'cod' });
    for (const placed of [first, second, third]) expect(placed.res.statusCode, placed.res.body).toBe(201);

    const product = await makeProduct(t, { price: 1_000 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const refused = await checkout(shopper, 1_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_OPEN_ORDERS',
      message: 'You have 3 orders waiting for payment or confirmation. Please complete or cancel one before placing another.',
      limit: 3,
    });
    const nepali = await checkout(shopper, 1_000, 'cod', { 'accept-language': 'ne' });
    expect(nepali.statusCode).toBe(409);
    expect(nepali.json().message).toBe(
      'तपाईंका ३ वटा अर्डर भुक्तानी वा पुष्टि हुन बाँकी छन्। अर्को अर्डर गर्नुअघि कृपया तीमध्ये एउटा पूरा गर्नुहोस् वा रद्द गर्नुहोस्।',
    );
    // Nothing was taken: the cart and the stock are as they were.
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(10);

    // The shop confirms one: it is no longer open, and the next order goes through.
    expect((await setStatus(first.body.order.id, 'confirmed')).statusCode).toBe(200);
    const placed = await checkout(shopper, 1_000);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await placeOrder(shopper)).res.statusCode).toBe(409);
    await t.app.ctx.db.deleteFrom('cart_items').where('user_id', '=', shopper.userId).execute();

    // A cancelled order frees a place too.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${shopper.userId}/order/${third.body.order.id}/cancel`,
      payload: { reason: 'Ordered the wrong colour' },
      headers: bearer(shopper.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await placeOrder(shopper)).res.statusCode).toBe(201);
  });

  it('holds under parallel checkouts of one shopper: 6 at once with a limit of 3 → exactly 3 orders', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Racing Mouse', price: 1_000, stock: 100 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    // This shopper's cart never empties (each line a checkout takes is put back), so that only the
    // limit can stop the six checkouts.
    await refillingCart(shopper.userId);
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await fetch(`${base}/api/orders/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(shopper.token) },
            body: JSON.stringify(orderBody(shopper.userId, 1_000)),
          });
          return { status: res.status, body: (await res.json()) as { code?: string } };
        }),
      );
      expect(results.filter((result) => result.status === 201)).toHaveLength(3);
      const refused = results.filter((result) => result.status === 409);
      expect(refused).toHaveLength(3);
      for (const result of refused) expect(result.body.code).toBe('TOO_MANY_OPEN_ORDERS');
    } finally {
      await dropRefill();
    }
    const open = await t.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', shopper.userId).execute();
    expect(open).toHaveLength(3);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(97);
  });

  async function refillingCart(userId: number): Promise<void> {
    const db = t.app.ctx.db;
    if (usingPostgres()) {
      await sql
        .raw(
          `create function refill_cart() returns trigger language plpgsql as $$
          begin insert into cart_items (user_id, product_id, quantity, created_at, updated_at)
            values (old.user_id, old.product_id, old.quantity, old.created_at, old.updated_at); return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger refill_cart after delete on cart_items for each row when (old.user_id = ${userId})
          execute function refill_cart()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger refill_cart after delete on cart_items when old.user_id = ${userId} begin
            insert into cart_items (user_id, product_id, quantity, created_at, updated_at)
            values (old.user_id, old.product_id, old.quantity, old.created_at, old.updated_at); end`,
        )
        .execute(db);
    }
  }

  async function dropRefill(): Promise<void> {
    const db = t.app.ctx.db;
    if (usingPostgres()) {
      await sql`drop trigger refill_cart on cart_items`.execute(db);
      await sql`drop function refill_cart()`.execute(db);
    } else {
      await sql`drop trigger refill_cart`.execute(db);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Units per product per order

  it('refuses more than the shop’s default units of a product per order at add-to-cart, quantity update and checkout', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Gaming Headset', price: 2_000, stock: 50 });
    const message = 'You can order at most 5 of "Gaming Headset" at a time';

    const tooMany = await addToCart(shopper, product.id, 6);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ code: 'TOO_MANY_UNITS', message, productId: product.id, limit: 5, inCart: 0 });
    const nepali = await addToCart(shopper, product.id, 6, { 'accept-language': 'ne' });
    expect(nepali.json().message).toBe('एक पटकमा "Gaming Headset" बढीमा ५ वटा मात्र अर्डर गर्न सकिन्छ');

    const added = await addToCart(shopper, product.id, 5);
    expect(added.statusCode, added.body).toBe(200);
    const more = await addToCart(shopper, product.id, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ message, inCart: 5 });

    const itemId = added.json<{ cartItem: { id: number } }>().cartItem.id;
    const update = (quantity: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/cart/update-quantity',
        payload: { itemId, quantity },
        headers: bearer(shopper.token),
      });
    expect((await update(6)).json()).toMatchObject({ code: 'TOO_MANY_UNITS', message });
    expect((await update(4)).statusCode).toBe(200);

    // A cart filled past the limit some other way (the limit lowered since) is refused at checkout.
    await t.app.ctx.db.updateTable('cart_items').set({ quantity: 7 }).where('id', '=', itemId).execute();
    const refused = await checkout(shopper, 14_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_UNITS',
      message,
      productId: product.id,
      productName: 'Gaming Headset',
      limit: 5,
    });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(50);
  });

  it('lets a product set its own limit through the product API, enforced at add-to-cart and checkout', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'RTX 5090', price: 3_000, stock: 20 });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, payload, headers: bearer(admin) });

    const zero = await put({ maxPerOrder: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Limit per order must be a whole number of 1 or more');

    const set = await put({ maxPerOrder: 2 });
    expect(set.statusCode, set.body).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(JSON.stringify(shown.json())).toContain('"maxPerOrder":2');

    const refused = await addToCart(shopper, product.id, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You can order at most 2 of "RTX 5090" at a time');
    expect((await addToCart(shopper, product.id, 2)).statusCode).toBe(200);

    // A product may allow more than the shop's default, too.
    expect((await put({ maxPerOrder: 8 })).statusCode).toBe(200);
    expect((await addToCart(shopper, product.id, 6)).statusCode).toBe(200);
    expect(
      await t.app.ctx.db.selectFrom('cart_items').select('quantity').where('user_id', '=', shopper.userId).executeTakeFirst(),
    ).toEqual({ quantity: 8 });
    expect((await put({ maxPerOrder: 3 })).statusCode).toBe(200);
    const atCheckout = await checkout(shopper, 24_000);
    expect(atCheckout.statusCode).toBe(409);
    expect(atCheckout.json()).toMatchObject({ code: 'TOO_MANY_UNITS', limit: 3, productName: 'RTX 5090' });

    // Cleared: the shop's default again.
    expect((await put({ maxPerOrder: '' })).statusCode).toBe(200);
    const cleared = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(JSON.stringify(cleared.json())).not.toContain('maxPerOrder');
  });

  it('reads and writes a product’s limit in the products CSV (max_per_order)', async () => {
    const product = await makeProduct(t, { name: 'CSV Keyboard', price: 1_200 });
    await t.app.ctx.db.updateTable('products').set({ sku: 'LIM-CSV-1', max_per_order: 4 }).where('id', '=', product.id).execute();
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: bearer(admin) });
    const lines = exported.body.slice(1).split('\r\n');
    const column = lines[0]!.split(',').indexOf('max_per_order');
    expect(column).toBeGreaterThan(0);
    expect(lines.find((line) => line.startsWith(`${product.id},LIM-CSV-1,`))!.split(',')[column]).toBe('4');

    const importCsv = async (csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
      const response = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/products/import',
        payload: Buffer.from(await response.arrayBuffer()),
        headers: { 'content-type': response.headers.get('content-type')!, ...bearer(admin) },
      });
    };
    const header = 'id,sku,name,description,category,price,max_per_order';
    const row = (limit: string) => `${product.id},LIM-CSV-1,CSV Keyboard,A keyboard,Gaming Gear,1200,${limit}`;
    const stored = async () =>
      (await t.app.ctx.db.selectFrom('products').select('max_per_order').where('id', '=', product.id).executeTakeFirstOrThrow())
        .max_per_order;
    const two = await importCsv(`${header}\r\n${row('2')}\r\n`);
    expect(two.statusCode, two.body).toBe(200);
    expect(await stored()).toBe(2);
    const zero = await importCsv(`${header}\r\n${row('0')}\r\n`);
    expect(zero.body).toContain('Limit per order must be a whole number of 1 or more');
    expect(await stored()).toBe(2);
    expect((await importCsv(`${header}\r\n${row('')}\r\n`)).statusCode).toBe(200);
    expect(await stored()).toBeNull();
  });

  // -------------------------------------------------------------------------------------------
  // The payment deadline

  it('counts the payment deadline from the order’s creation: a Try again neither restarts it nor is allowed after it', async () => {
    const shopper = await makeShopper(t);
    const { body, product } = await placeOrder(shopper, { method: 'esewa', quantity: 2, stock: 5 });
    expect(body.order.paymentStatus).toBe('awaiting_payment');

    // Twenty minutes in, the shopper tries again: a new try, but the same deadline.
    t.clock.advance(20 * 60_000);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${shopper.userId}/order/${body.order.id}/pay`,
      payload: {},
      headers: bearer(shopper.token),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<CreateOrderResponse>().payment).toBeTruthy();

    // 31 minutes after the order was placed (11 after the try), it is cancelled.
    t.clock.advance(11 * 60_000);
    t.app.ctx.jobs.wake();
    await expect.poll(async () => (await orderRow(body.order.id)).status, { timeout: 10_000 }).toBe('cancelled');
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(5);

    // Past the deadline, before the check has cancelled it, "Try again" is refused.
    const other = await makeShopper(t);
    const late = await placeOrder(other, { method: 'esewa' });
    await t.app.ctx.jobs.cancelQueued(t.app.ctx.db, paymentCheckKey(late.body.order.id));
    t.clock.advance(31 * 60_000);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${other.userId}/order/${late.body.order.id}/pay`,
      payload: {},
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.deadlinePassed);
    expect((await orderRow(late.body.order.id)).payment_status).toBe('awaiting_payment');
    const attempts = await t.app.ctx.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('order_id', '=', late.body.order.id)
      .execute();
    expect(attempts).toHaveLength(1);
    // Nor may it become cash on delivery then: that would hold its stock for another wait.
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${other.userId}/order/${late.body.order.id}/pay-on-delivery`,
      headers: bearer(other.token),
    });
    expect(switched.statusCode).toBe(409);
    expect(switched.json().message).toBe(PAYMENT_MESSAGES.switchDeadlinePassed);
    expect(await orderRow(late.body.order.id)).toMatchObject({ payment_method: 'esewa', payment_status: 'awaiting_payment' });
  });

  // -------------------------------------------------------------------------------------------
  // The Dashboard and cash on delivery the shop does not confirm (last: it moves the clock two days)

  it('counts cash-on-delivery orders waiting for confirmation on the Dashboard', async () => {
    const dashboard = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) })).json<Dashboard>();
    const before = await dashboard();
    expect(before.codConfirmHours).toBe(48);
    const shopper = await makeShopper(t);
    const cod = await placeOrder(shopper, { method: 'cod' });
    await placeOrder(shopper, { method: 'esewa' });
    const confirmed = await placeOrder(shopper, { method: 'cod' });
    expect((await setStatus(confirmed.body.order.id, 'confirmed')).statusCode).toBe(200);
    const after = await dashboard();
    expect(after.waiting.codToConfirm.count).toBe(before.waiting.codToConfirm.count + 1);
    expect(after.waiting.codToConfirm.orders.length).toBe(Math.min(after.waiting.codToConfirm.count, 5));
    // Confirmed by the shop, it no longer waits.
    expect((await setStatus(cod.body.order.id, 'confirmed')).statusCode).toBe(200);
    expect((await dashboard()).waiting.codToConfirm.count).toBe(before.waiting.codToConfirm.count);
  });

  it('cancels cash on delivery the shop has not confirmed within COD_CONFIRM_HOURS: stock back, the shopper told', async () => {
    const shopper = await makeShopper(t);
    const unconfirmed = await placeOrder(shopper, { method: 'cod', quantity: 2, stock: 5 });
    expect(await stockOf(t.app.ctx.db, unconfirmed.product.id)).toBe(3);
    const confirmed = await placeOrder(shopper, { method: 'cod', quantity: 1, stock: 5 });
    expect((await setStatus(confirmed.body.order.id, 'confirmed')).statusCode).toBe(200);
    // An online order switched to pay on delivery waits for the shop's confirmation as well.
    const switched = await placeOrder(shopper, { method: 'esewa', quantity: 1, stock: 5 });
    const cod = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${shopper.userId}/order/${switched.body.order.id}/pay-on-delivery`,
      payload: {},
      headers: bearer(shopper.token),
    });
    expect(cod.json<{ order: Order }>().order).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'unpaid' });
    const since = t.mail.messages.length;

    // Not yet at 47 hours.
    t.clock.advance(47 * HOUR);
    t.app.ctx.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await orderRow(unconfirmed.body.order.id)).status).toBe('pending');

    t.clock.advance(1 * HOUR + 60_000);
    t.app.ctx.jobs.wake();
    await expect.poll(async () => (await orderRow(unconfirmed.body.order.id)).status, { timeout: 10_000 }).toBe('cancelled');
    await expect.poll(async () => (await orderRow(switched.body.order.id)).status, { timeout: 10_000 }).toBe('cancelled');
    expect(await stockOf(t.app.ctx.db, unconfirmed.product.id)).toBe(5);
    expect(await stockOf(t.app.ctx.db, switched.product.id)).toBe(5);
    expect((await orderRow(confirmed.body.order.id)).status).toBe('confirmed');
    expect(await stockOf(t.app.ctx.db, confirmed.product.id)).toBe(4);

    const id = formatOrderId(unconfirmed.body.order.id);
    const subject = `Your Pasal order ${id} was cancelled`;
    const told = () => t.mail.messages.slice(since).filter((mail) => mail.to.includes(shopper.email) && mail.subject === subject);
    await expect.poll(() => told().length, { timeout: 10_000 }).toBe(1);
    expect(told()[0]!.text).toContain(`Your cash on delivery order ${id} was cancelled because we could not confirm it in time.`);
    // In the shopper's language when it is Nepali (the same words as every other mail's choice).
    const nepali = unconfirmedCancelledMail({
      to: shopper.email,
      storeName: 'Pasal',
      order: unconfirmed.body.order,
      locale: 'ne',
    });
    expect(nepali.subject).toBe(`तपाईंको Pasal अर्डर ${id} रद्द गरियो`);
    expect(nepali.text).toContain(`हामीले समयमै पुष्टि गर्न नसकेकाले तपाईंको नगद भुक्तानी (सामान आइपुग्दा) अर्डर ${id} रद्द गरिएको छ।`);
    const history = await t.app.ctx.db
      .selectFrom('order_status_history')
      .select(['to_status', 'note'])
      .where('order_id', '=', unconfirmed.body.order.id)
      .where('to_status', '=', 'cancelled')
      .execute();
    expect(history).toEqual([{ to_status: 'cancelled', note: 'Not confirmed by the shop in time' }]);
  });
});
