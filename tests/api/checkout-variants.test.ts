import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ERROR_CODES, ORDER_MESSAGES, type Order, type OrderDetail, orderItemName } from '../../src/shared/orders.js';
import { adminToken } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import {
  type TestShopper,
  bearer,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
  stockOf,
  NO_ORDER_LIMITS,
} from '../helpers/orders.js';
import {
  type TestVariant,
  addTestVariants,
  archiveTestVariant,
  fillCartWithVariant,
  variantStockOf,
} from '../helpers/variants.js';

/**
 * Checkout of variants: each line takes its variant's units (never below zero, under contention
 * too) and the same off the product's sum, keeps the variant and its label, and is priced as the
 * variant; a cancel gives the units back to the variant; the invoice's order, the mail and the
 * CSV name the line with its label.
 */
describe('checkout of variants', () => {
  let t: TestApp;
  let base: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const db = () => t.app.ctx.db;
  const create = (who: TestShopper, total: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(who.userId, total),
      headers: bearer(who.token),
    });
  const setStatus = (orderId: string, status: string) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, payload: { status }, headers: bearer(admin) });
  // Reopening a cancelled order is a correction with a reason, not a status change.
  const takeBack = (orderId: string, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/reverse`,
      payload: { status, reason: 'The shopper called back', confirm: true },
      headers: bearer(admin),
    });

  const frontImage = 'c'.repeat(32);
  const blackImage = 'd'.repeat(32);
  /** A phone in two colours (the product's stock is the sum of the two); the black one has its own picture. */
  async function phone(name: string, black: number | null, blue: number | null) {
    const product = await makeProduct(t, { name, price: 1, stock: null, category: 'Phones', images: [frontImage, blackImage] });
    const [blackVariant, blueVariant] = await addTestVariants(db(), product.id, {
      options: [
        { name: 'Storage', values: ['256 GB'] },
        { name: 'Colour', values: ['Black', 'Blue'] },
      ],
      variants: [
        { values: ['256 GB', 'Black'], price: 120_000, stock: black, images: [blackImage] },
        { values: ['256 GB', 'Blue'], price: 115_000.5, stock: blue },
      ],
    });
    return { product, black: blackVariant!, blue: blueVariant! };
  }

  async function orderOf(who: TestShopper, lines: [TestVariant, number][], total: number): Promise<Order> {
    for (const [variant, quantity] of lines) await fillCartWithVariant(db(), who.userId, variant, quantity);
    const res = await create(who, total);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: Order }>().order;
  }

  it('orders two variants of one product as two lines at their prices, taking each variant’s units and the product’s sum', async () => {
    const { product, black, blue } = await phone('Galaxy S24', 5, 3);
    expect(await stockOf(db(), product.id)).toBe(8);
    const shopper = await makeShopper(t);
    const before = t.mail.messages.length;
    const order = await orderOf(
      shopper,
      [
        [black, 2],
        [blue, 1],
      ],
      2 * 120_000 + 115_000.5,
    );
    expect(order.subtotal).toBe(355_000.5);
    expect(order.orderItems).toEqual([
      {
        id: expect.any(Number),
        price: 120_000,
        quantity: 2,
        variantId: black.id,
        variantLabel: '256 GB / Black',
        product: { id: product.id, name: 'Galaxy S24', category: 'Phones' },
      },
      {
        id: expect.any(Number),
        price: 115_000.5,
        quantity: 1,
        variantId: blue.id,
        variantLabel: '256 GB / Blue',
        product: { id: product.id, name: 'Galaxy S24', category: 'Phones' },
      },
    ]);
    expect(new Set(order.orderItems.map((item) => item.id)).size).toBe(2);
    expect([await variantStockOf(db(), black.id), await variantStockOf(db(), blue.id), await stockOf(db(), product.id)]).toEqual([
      3, 2, 5,
    ]);
    const held = await db()
      .selectFrom('order_items')
      .select(['variant_id', 'stock_reserved'])
      .where('order_id', '=', order.id)
      .execute();
    expect(held.map((row) => [row.variant_id, row.stock_reserved]).sort()).toEqual(
      [
        [black.id, 2],
        [blue.id, 1],
      ].sort(),
    );
    expect(await db().selectFrom('cart_items').select('id').where('user_id', '=', shopper.userId).execute()).toEqual([]);

    // The answers read later carry the same lines: the shopper's list and detail, the admin's.
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/user/${shopper.userId}`, headers: bearer(shopper.token) });
    expect(mine.json<{ orders: Order[] }>().orders[0]!.orderItems).toEqual(order.orderItems);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${shopper.userId}/order/${order.id}`,
      headers: bearer(shopper.token),
    });
    // Each line's thumbnail is its variant's own first picture, else the product's.
    expect(
      detail
        .json<{ order: OrderDetail }>()
        .order.orderItems.map((item) => [item.variantId, item.variantLabel, item.product.thumbnail]),
    ).toEqual([
      [black.id, '256 GB / Black', expect.stringContaining(blackImage)],
      [blue.id, '256 GB / Blue', expect.stringContaining(frontImage)],
    ]);
    const adminDetail = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(admin) });
    // The invoice's page reads this answer: each line named with its label.
    expect(adminDetail.json<{ order: OrderDetail }>().order.orderItems.map(orderItemName)).toEqual([
      'Galaxy S24 (256 GB / Black)',
      'Galaxy S24 (256 GB / Blue)',
    ]);
    const page = await t.app.inject({ method: 'GET', url: `/api/orders/all?q=${order.id}`, headers: bearer(admin) });
    expect(page.json<{ orders: Order[] }>().orders[0]!.orderItems.map((item) => item.variantLabel)).toEqual([
      '256 GB / Black',
      '256 GB / Blue',
    ]);

    // The confirmation mail names each line with its label, in text and HTML.
    const mail = await t.mail.waitFor(shopper.email, { since: before });
    expect(mail.text).toContain('2 x Galaxy S24 (256 GB / Black) @ Rs. 1,20,000');
    expect(mail.text).toContain('1 x Galaxy S24 (256 GB / Blue)');
    expect(mail.text).toContain('<td style="padding: 4px 8px">Galaxy S24 (256 GB / Black)</td>');

    // The CSV's items column too.
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/orders/export.csv?q=${order.id}`, headers: bearer(admin) });
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.body.slice(1));
    const items = rows[0]!.indexOf('Items');
    expect(rows[1]![items]).toBe('2 × Galaxy S24 (256 GB / Black); 1 × Galaxy S24 (256 GB / Blue)');
  });

  it('gives a cancelled order’s units back to its variants and the product’s sum; reopening takes them again', async () => {
    const { product, black, blue } = await phone('Pixel 9', 4, null);
    expect(await stockOf(db(), product.id)).toBe(4);
    const shopper = await makeShopper(t);
    const order = await orderOf(
      shopper,
      [
        [black, 3],
        [blue, 2],
      ],
      3 * 120_000 + 2 * 115_000.5,
    );
    expect([await variantStockOf(db(), black.id), await variantStockOf(db(), blue.id), await stockOf(db(), product.id)]).toEqual([
      1,
      null,
      1,
    ]);
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect([await variantStockOf(db(), black.id), await variantStockOf(db(), blue.id), await stockOf(db(), product.id)]).toEqual([
      4,
      null,
      4,
    ]);
    // Cancelled again: nothing more given back.
    await setStatus(order.id, 'cancelled');
    expect(await variantStockOf(db(), black.id)).toBe(4);

    // Reopened: taken again. Then someone buys the rest, the order is cancelled and cannot be reopened.
    expect((await takeBack(order.id, 'pending')).statusCode).toBe(200);
    expect([await variantStockOf(db(), black.id), await stockOf(db(), product.id)]).toEqual([1, 1]);
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    await orderOf(await makeShopper(t), [[black, 3]], 360_000);
    const reopen = await takeBack(order.id, 'confirmed');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({
      code: ORDER_ERROR_CODES.outOfStock,
      message: ORDER_MESSAGES.reopenOutOfStock('Pixel 9 (256 GB / Black)', 1),
      variantId: black.id,
      available: 1,
    });
    expect([await variantStockOf(db(), black.id), await stockOf(db(), product.id)]).toEqual([1, 1]);
  });

  it('gives the shopper’s own cancel’s units back to the variant', async () => {
    const { product, black } = await phone('Xperia 1', 2, 2);
    const shopper = await makeShopper(t);
    const order = await orderOf(shopper, [[black, 2]], 240_000);
    expect(await variantStockOf(db(), black.id)).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${shopper.userId}/order/${order.id}/cancel`,
      payload: { reason: 'Ordered the wrong colour' },
      headers: bearer(shopper.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect([await variantStockOf(db(), black.id), await stockOf(db(), product.id)]).toEqual([2, 4]);
  });

  it('refuses a variant sold out or archived since it went into the cart, and a line that names no variant of a product that has them', async () => {
    const { product, black, blue } = await phone('OnePlus 12', 1, 5);
    const shopper = await makeShopper(t);
    await fillCartWithVariant(db(), shopper.userId, black, 2);
    const short = await create(shopper, 240_000);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      message: ORDER_MESSAGES.notEnoughStock('OnePlus 12 (256 GB / Black)', 1),
      code: ORDER_ERROR_CODES.outOfStock,
      productId: product.id,
      productName: 'OnePlus 12 (256 GB / Black)',
      variantId: black.id,
      available: 1,
    });

    await db().deleteFrom('cart_items').where('user_id', '=', shopper.userId).execute();
    await fillCartWithVariant(db(), shopper.userId, blue, 1);
    await archiveTestVariant(db(), blue);
    const archived = await create(shopper, 115_000.5);
    expect(archived.statusCode).toBe(409);
    expect(archived.json()).toEqual({
      message: ORDER_MESSAGES.productUnavailable('OnePlus 12 (256 GB / Blue)'),
      code: ORDER_ERROR_CODES.productUnavailable,
      productId: product.id,
      productName: 'OnePlus 12 (256 GB / Blue)',
      variantId: blue.id,
    });

    await db().deleteFrom('cart_items').where('user_id', '=', shopper.userId).execute();
    await fillCart(db(), shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const unchosen = await create(shopper, 120_000);
    expect(unchosen.statusCode).toBe(409);
    expect(unchosen.json()).toMatchObject({ code: ORDER_ERROR_CODES.productUnavailable, productId: product.id });
    // Nothing was taken by the refusals.
    expect([await variantStockOf(db(), black.id), await stockOf(db(), product.id)]).toEqual([1, 1]);
  });

  it('sells a variant’s last unit once under parallel checkouts; the other variant and the sum stay true', async () => {
    const { product, black, blue } = await phone('Last iPhone', 1, 3);
    const shoppers: TestShopper[] = [];
    for (let i = 0; i < 12; i += 1) {
      const shopper = await makeShopper(t, { firstName: `Racer${i}` });
      await fillCartWithVariant(db(), shopper.userId, black, 1);
      shoppers.push(shopper);
    }
    // Someone else buys a blue one at the same moment.
    const blueBuyer = await makeShopper(t);
    await fillCartWithVariant(db(), blueBuyer.userId, blue, 1);

    const post = async (who: TestShopper, total: number) => {
      const res = await fetch(`${base}/api/orders/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(who.token) },
        body: JSON.stringify(orderBody(who.userId, total)),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const [blueResult, ...results] = await Promise.all([
      post(blueBuyer, 115_000.5),
      ...shoppers.map((shopper) => post(shopper, 120_000)),
    ]);

    expect(blueResult.status).toBe(201);
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    const lost = results.filter((result) => result.status === 409);
    expect(lost).toHaveLength(11);
    for (const result of lost) {
      expect(result.body).toMatchObject({ code: ORDER_ERROR_CODES.outOfStock, variantId: black.id, available: 0 });
    }
    expect([await variantStockOf(db(), black.id), await variantStockOf(db(), blue.id), await stockOf(db(), product.id)]).toEqual([
      0, 2, 2,
    ]);
    const sold = await db()
      .selectFrom('order_items')
      .select(['variant_id', 'quantity', 'stock_reserved'])
      .where('product_id', '=', product.id)
      .execute();
    expect(sold.filter((row) => row.variant_id === black.id).map((row) => row.stock_reserved)).toEqual([1]);
    expect(sold.filter((row) => row.variant_id === blue.id).map((row) => row.stock_reserved)).toEqual([1]);
  });
});
