import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, ORDER_MESSAGES, type Order, formatOrderId } from '../../src/shared/orders.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import {
  type TestShopper,
  bearer,
  countRows,
  deliveryFields,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
  stockOf,
  NO_ORDER_LIMITS,
} from '../helpers/orders.js';

const ORDER_ID = /^ORD-[0-9A-HJKMNP-TV-Z]{16}$/;

describe('checkout: POST /api/orders/create', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
  });
  afterAll(async () => t.close());

  const create = (who: TestShopper, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/orders/create', payload, headers: { ...bearer(who.token), ...headers } });
  const cartOf = async (who: TestShopper) =>
    t.app.ctx.db.selectFrom('cart_items').select(['product_id', 'quantity']).where('user_id', '=', who.userId).execute();

  it('makes the order from the server-side cart at database prices, takes the stock and empties the cart', async () => {
    const shopper = await makeShopper(t);
    const mouse = await makeProduct(t, { name: 'Gaming Mouse', price: 2499.99, stock: 5, category: 'Accessories' });
    const desk = await makeProduct(t, { name: 'Gaming Desk', price: 18000, stock: null, category: 'Furniture' });
    await fillCart(t.app.ctx.db, shopper.userId, [
      { productId: mouse.id, quantity: 2 },
      { productId: desk.id, quantity: 1 },
    ]);
    const total = 2 * 2499.99 + 18000; // 22999.98
    const before = t.mail.messages.length;

    const res = await create(
      shopper,
      orderBody(shopper.userId, total, {
        // The client's lines and prices are never used.
        cartItems: [{ id: 1, quantity: 99, product: { id: mouse.id, name: 'Free Mouse', price: 0.01 } }],
        landmark: '  Opposite the temple  ',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ order: Order }>().order;
    expect(order).toEqual({
      id: expect.stringMatching(ORDER_ID),
      // The short number to say over the phone, from the shop's counter.
      number: expect.any(Number),
      status: 'pending',
      totalAmount: 22999.98,
      // From Rs. 5,000 delivery is free; the VAT inside each line: 575.22 + 2,070.80.
      subtotal: 22999.98,
      discount: 0,
      couponCode: null,
      deliveryFee: 0,
      vatAmount: 2646.02,
      // The tax invoice is issued at the sale (payment received, or cash on delivery confirmed).
      invoiceNumber: null,
      invoiceDate: null,
      invoiceVoid: false,
      creditNoteNumber: null,
      creditNoteDate: null,
      extraRefundDue: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      paymentMethod: 'cod',
      paymentStatus: 'unpaid',
      paymentRef: null,
      testPayment: false,
      fullName: 'Sita Sharma',
      phone: '9841234567',
      province: 'Bagmati',
      district: 'Kathmandu',
      city: 'Kathmandu Metropolitan City',
      address: 'Thamel Marg 12',
      landmark: 'Opposite the temple',
      orderItems: [
        {
          id: expect.any(Number),
          price: 2499.99,
          quantity: 2,
          variantId: null,
          variantLabel: null,
          product: { id: mouse.id, name: 'Gaming Mouse', category: 'Accessories' },
        },
        {
          id: expect.any(Number),
          price: 18000,
          quantity: 1,
          variantId: null,
          variantLabel: null,
          product: { id: desk.id, name: 'Gaming Desk', category: 'Furniture' },
        },
      ],
      user: {
        id: shopper.userId,
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        email: shopper.email,
        phoneNumber: shopper.phoneNumber,
      },
    });
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);

    expect(await stockOf(t.app.ctx.db, mouse.id)).toBe(3);
    expect(await stockOf(t.app.ctx.db, desk.id)).toBeNull();
    expect(await cartOf(shopper)).toEqual([]);
    const stored = await t.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(Number(stored.total_paisa)).toBe(2_299_998);
    const items = await t.app.ctx.db
      .selectFrom('order_items')
      .select(['product_id', 'unit_price_paisa', 'quantity', 'stock_reserved'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(items.map((item) => ({ ...item, unit_price_paisa: Number(item.unit_price_paisa) }))).toEqual([
      { product_id: mouse.id, unit_price_paisa: 249_999, quantity: 2, stock_reserved: 2 },
      { product_id: desk.id, unit_price_paisa: 1_800_000, quantity: 1, stock_reserved: 0 },
    ]);

    // The confirmation mail: order id (in groups of four, to read out), lines, the total the Nepali way, the address.
    const mail = await t.mail.waitFor(shopper.email, { since: before });
    expect(formatOrderId(order.id)).toMatch(/^ORD-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(mail.subject).toContain(formatOrderId(order.id));
    expect(mail.text).toContain(`Order: ${formatOrderId(order.id)}`);
    expect(mail.text).toContain('2 x Gaming Mouse @ Rs. 2,499.99 = Rs. 4,999.98');
    expect(mail.text).toContain('1 x Gaming Desk @ Rs. 18,000 = Rs. 18,000');
    expect(mail.text).toContain('Total: Rs. 22,999.98');
    expect(mail.text).toContain('Thamel Marg 12');
    expect(mail.text).toContain('Landmark: Opposite the temple');
    expect(mail.text).toContain('Kathmandu Metropolitan City, Kathmandu');
    expect(mail.text).toContain('Bagmati Province');
    // Nepal time, en-GB, 12-hour clock written 01-12 (never '00:30 pm').
    expect(mail.text).toMatch(/Placed: \d{2}\/\d{2}\/\d{4}, (0[1-9]|1[0-2]):\d{2} (am|pm)/);
  });

  it("formats a large total with en-IN grouping in the mail ('Rs. 1,23,456')", async () => {
    const shopper = await makeShopper(t);
    const console = await makeProduct(t, { name: 'Console Bundle', price: 41152, stock: 3 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: console.id, quantity: 3 }]);
    const before = t.mail.messages.length;
    const res = await create(shopper, orderBody(shopper.userId, 123456));
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.mail.waitFor(shopper.email, { since: before });
    expect(mail.text).toContain('Total: Rs. 1,23,456');
  });

  it('keeps a snapshot: renaming, repricing or deleting the product later does not change the order', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Old Name', price: 100, stock: 4, category: 'Snapshots' });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const order = (await create(shopper, orderBody(shopper.userId, 100))).json<{ order: Order }>().order;
    await t.app.ctx.db
      .updateTable('products')
      .set({ name: 'New Name', price_paisa: 99_999, deleted_at: new Date().toISOString() })
      .where('id', '=', product.id)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${shopper.userId}/order/${order.id}`,
      headers: bearer(shopper.token),
    });
    // The line keeps its snapshot; its product is gone from the shop: no picture, no page.
    expect(res.json().order.orderItems[0]).toEqual({
      id: expect.any(Number),
      price: 100,
      quantity: 1,
      variantId: null,
      variantLabel: null,
      // No serials recorded: the order was never shipped.
      units: [],
      product: { id: product.id, name: 'Old Name', category: 'Snapshots', thumbnail: null, available: false },
    });
    // Rs. 100 of goods and Rs. 100 delivery in the valley.
    expect(res.json().order).toMatchObject({ subtotal: 100, deliveryFee: 100, totalAmount: 200 });
  });

  it('answers 409 with the current total when the client total differs, and changes nothing', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Monitor', price: 30000, stock: 2 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 2 }]);
    const orders = await countRows(t.app.ctx.db, 'orders');

    const stale = await create(shopper, orderBody(shopper.userId, 1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: ORDER_MESSAGES.totalChanged(60000), code: 'TOTAL_CHANGED', currentTotal: 60000 });
    expect(stale.json().message).toContain('Rs. 60,000');

    // The admin raised the price after the shopper saw the cart.
    await t.app.ctx.db.updateTable('products').set({ price_paisa: 3_100_000 }).where('id', '=', product.id).execute();
    const repriced = await create(shopper, orderBody(shopper.userId, 60000));
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().currentTotal).toBe(62000);

    expect(await countRows(t.app.ctx.db, 'orders')).toBe(orders);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(2);
    expect(await cartOf(shopper)).toHaveLength(1);

    const ok = await create(shopper, orderBody(shopper.userId, '62000.00'));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order.totalAmount).toBe(62000);
  });

  it('refuses an unverified shopper with 403 (the client shows User Not Verified) and keeps the cart', async () => {
    const shopper = await makeShopper(t, { verified: false });
    const product = await makeProduct(t, { price: 10, stock: 1 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const res = await create(shopper, orderBody(shopper.userId, 10));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ORDER_MESSAGES.notVerified, code: 'NOT_VERIFIED' });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(1);
    expect(await cartOf(shopper)).toHaveLength(1);
  });

  it('answers 400 for an empty cart', async () => {
    const shopper = await makeShopper(t);
    const res = await create(shopper, orderBody(shopper.userId, 0));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ORDER_MESSAGES.cartEmpty, code: 'CART_EMPTY' });
  });

  it('answers 409 naming a product that ran out, and takes nothing from the other lines', async () => {
    const shopper = await makeShopper(t);
    const plenty = await makeProduct(t, { name: 'Cable', price: 5, stock: 50 });
    const scarce = await makeProduct(t, { name: 'RTX 4090', price: 250000, stock: 2 });
    await fillCart(t.app.ctx.db, shopper.userId, [
      { productId: plenty.id, quantity: 3 },
      { productId: scarce.id, quantity: 2 },
    ]);
    // Someone else bought one after this shopper filled the cart.
    await t.app.ctx.db.updateTable('products').set({ stock: 1 }).where('id', '=', scarce.id).execute();
    const res = await create(shopper, orderBody(shopper.userId, 3 * 5 + 2 * 250000));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Only 1 of "RTX 4090" left in stock',
      code: 'OUT_OF_STOCK',
      productId: scarce.id,
      productName: 'RTX 4090',
      available: 1,
    });
    await t.app.ctx.db.updateTable('products').set({ stock: 0 }).where('id', '=', scarce.id).execute();
    const none = await create(shopper, orderBody(shopper.userId, 3 * 5 + 2 * 250000));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('"RTX 4090" is out of stock');
    expect(await stockOf(t.app.ctx.db, plenty.id)).toBe(50);
    expect(await cartOf(shopper)).toHaveLength(2);
  });

  it('answers 409 naming a deleted product in the cart', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Discontinued Pad', price: 700, stock: 5 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    await t.app.ctx.db
      .updateTable('products')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', product.id)
      .execute();
    const res = await create(shopper, orderBody(shopper.userId, 700));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE', productId: product.id, productName: 'Discontinued Pad' });
    expect(res.json().message).toContain('"Discontinued Pad"');
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(5);
  });

  it('refuses an order whose total cannot be represented exactly', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 10_000_000, stock: null });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 2 ** 31 - 1 }]);
    const res = await create(shopper, orderBody(shopper.userId, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ORDER_MESSAGES.tooLarge);
  });

  it('validates the delivery form with the shared messages', async () => {
    const shopper = await makeShopper(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: '  ' }, 'fullName', CHECKOUT_MESSAGES.fullNameRequired],
      [{ fullName: undefined }, 'fullName', CHECKOUT_MESSAGES.fullNameRequired],
      [{ fullName: 'x'.repeat(101) }, 'fullName', CHECKOUT_MESSAGES.fullNameTooLong],
      [{ phone: '' }, 'phone', CHECKOUT_MESSAGES.phoneRequired],
      [{ phone: '984123456' }, 'phone', CHECKOUT_MESSAGES.phoneDigits],
      [{ phone: '98412345678' }, 'phone', CHECKOUT_MESSAGES.phoneDigits],
      [{ phone: '98412345ab' }, 'phone', CHECKOUT_MESSAGES.phoneDigits],
      [{ province: '' }, 'province', CHECKOUT_MESSAGES.provinceRequired],
      [{ province: 'Province 3' }, 'province', CHECKOUT_MESSAGES.provinceInvalid],
      [{ province: 'bagmati' }, 'province', CHECKOUT_MESSAGES.provinceInvalid],
      [{ district: '' }, 'district', CHECKOUT_MESSAGES.districtRequired],
      [{ city: undefined }, 'city', CHECKOUT_MESSAGES.cityRequired],
      [{ address: ' ' }, 'address', CHECKOUT_MESSAGES.addressRequired],
      [{ landmark: 'x'.repeat(201) }, 'landmark', CHECKOUT_MESSAGES.landmarkTooLong],
      [{ paymentMethod: '' }, 'paymentMethod', CHECKOUT_MESSAGES.paymentMethodRequired],
      [{ paymentMethod: 'paypal' }, 'paymentMethod', CHECKOUT_MESSAGES.paymentMethodInvalid],
      [{ totalAmount: undefined }, 'totalAmount', CHECKOUT_MESSAGES.totalRequired],
      [{ totalAmount: 'abc' }, 'totalAmount', CHECKOUT_MESSAGES.totalInvalid],
      [{ totalAmount: -5 }, 'totalAmount', CHECKOUT_MESSAGES.totalInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await create(shopper, orderBody(shopper.userId, 10, overrides));
      expect(res.statusCode, `${JSON.stringify(overrides)}: ${res.body}`).toBe(400);
      expect(res.json().errors?.[field], JSON.stringify(overrides)).toBe(message);
    }
    // Every province of Nepal is accepted, and the landmark is optional (blank means none).
    const product = await makeProduct(t, { price: 1, stock: null });
    const districtOf = {
      Koshi: 'Morang',
      Madhesh: 'Dhanusha',
      Bagmati: 'Kathmandu',
      Gandaki: 'Kaski',
      Lumbini: 'Rupandehi',
      Karnali: 'Surkhet',
      Sudurpashchim: 'Kailali',
    };
    for (const [province, district] of Object.entries(districtOf)) {
      await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
      const res = await create(shopper, orderBody(shopper.userId, 1, { province, district, landmark: '' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order).toMatchObject({ province, district, landmark: null });
    }
  });

  it('needs the shopper token, and the userId must be its own', async () => {
    const shopper = await makeShopper(t);
    const other = await makeShopper(t);
    const body = orderBody(other.userId, 1);
    expect((await t.app.inject({ method: 'POST', url: '/api/orders/create', payload: body })).statusCode).toBe(401);
    const admin = await adminToken(t);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/orders/create', payload: body, headers: bearer(admin) })).statusCode,
    ).toBe(401);
    const res = await create(shopper, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ORDER_MESSAGES.ownOrdersOnly);
  });

  it('answers a repeat with the same Idempotency-Key with the same order (200), even after the cart is refilled', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 250, stock: 10 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 2 }]);
    const key = { 'idempotency-key': 'checkout-7d1c2f0e-5b7a-4a53-9a61-0d6c3f1e2b11' };
    const first = await create(shopper, orderBody(shopper.userId, 500), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const again = await create(shopper, orderBody(shopper.userId, 500), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().order).toEqual(first.json().order);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(8);
    expect(await cartOf(shopper)).toHaveLength(1);

    // Another key makes another order; the same key of another shopper is theirs alone.
    const next = await create(shopper, orderBody(shopper.userId, 250), { 'idempotency-key': 'another-key' });
    expect(next.statusCode).toBe(201);
    expect(next.json().order.id).not.toBe(first.json().order.id);
    const other = await makeShopper(t);
    await fillCart(t.app.ctx.db, other.userId, [{ productId: product.id, quantity: 1 }]);
    const theirs = await create(other, orderBody(other.userId, 250), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().order.id).not.toBe(first.json().order.id);
    expect(theirs.json().order.user.id).toBe(other.userId);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const shopper = await makeShopper(t);
    for (const key of ['has space', 'x'.repeat(201), 'ünïcode']) {
      const res = await create(shopper, orderBody(shopper.userId, 1), { 'idempotency-key': key });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(ORDER_MESSAGES.idempotencyKeyInvalid);
    }
  });

  it('remembers the delivery address of the last order for the form', async () => {
    const shopper = await makeShopper(t);
    const url = `/api/orders/user/${shopper.userId}/last-address`;
    const empty = await t.app.inject({ method: 'GET', url, headers: bearer(shopper.token) });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ address: null });

    const product = await makeProduct(t, { price: 1, stock: null });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    await create(shopper, orderBody(shopper.userId, 1));
    t.clock.advance(1000);
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const second = deliveryFields({
      fullName: 'Gita Karki',
      province: 'Koshi',
      district: 'Morang',
      city: 'Biratnagar',
      landmark: '',
    });
    expect((await create(shopper, orderBody(shopper.userId, 1, second))).statusCode).toBe(201);

    const res = await t.app.inject({ method: 'GET', url, headers: bearer(shopper.token) });
    expect(res.json()).toEqual({
      address: {
        fullName: 'Gita Karki',
        phone: '9841234567',
        province: 'Koshi',
        district: 'Morang',
        city: 'Biratnagar',
        address: 'Thamel Marg 12',
        landmark: null,
        paymentMethod: 'cod',
      },
    });
    const other = await makeShopper(t);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('checkout when the mail server is down', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 9: every send fails at once.
    t = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => t.close());

  it('still creates the order (the failure is only logged)', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 99, stock: 1 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 99),
      headers: bearer(shopper.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await countRows(t.app.ctx.db, 'orders')).toBe(1);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);
  });
});
