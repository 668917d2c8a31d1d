import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import type { Order } from '../../src/shared/orders.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import {
  type TestShopper,
  auditOrders,
  bearer,
  categoryId,
  countRows,
  fakeImageBase,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
  stockOf,
  NO_ORDER_LIMITS,
} from '../helpers/orders.js';

/**
 * Checkout under contention, through a real listening server (so requests really overlap on
 * the database: one connection per request on PostgreSQL), and the totals as properties.
 */
describe('checkout reliability', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  const post = async (who: TestShopper, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/api/orders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(who.token), ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { order?: Order } };
  };

  it('sells the last unit once: 50 shoppers at the same moment → 1 order, 49 clean 409s, stock 0', async () => {
    const product = await makeProduct(t, { name: 'Last PS5', price: 84999, stock: 1 });
    const shoppers: TestShopper[] = [];
    for (let i = 0; i < 50; i += 1) {
      const shopper = await makeShopper(t, { firstName: `Racer${i}` });
      await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
      shoppers.push(shopper);
    }
    const ordersBefore = await countRows(t.app.ctx.db, 'orders');

    const results = await Promise.all(shoppers.map((shopper) => post(shopper, orderBody(shopper.userId, 84999))));

    const won = results.filter((result) => result.status === 201);
    const lost = results.filter((result) => result.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const result of lost) {
      expect(result.body).toEqual({
        message: '"Last PS5" is out of stock',
        code: 'OUT_OF_STOCK',
        productId: product.id,
        productName: 'Last PS5',
        available: 0,
      });
    }
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);
    expect(await countRows(t.app.ctx.db, 'orders')).toBe(ordersBefore + 1);
    // The winner's cart is empty; the 49 others still hold their line.
    const winner = won[0]!.body.order!.user.id;
    const carts = await t.app.ctx.db.selectFrom('cart_items').select('user_id').where('product_id', '=', product.id).execute();
    expect(carts).toHaveLength(49);
    expect(carts.some((row) => row.user_id === winner)).toBe(false);
    expect((await auditOrders(t.app.ctx.db, new Map([[product.id, 1]]))).problems).toEqual([]);
  });

  it('double submit: 10 parallel creates with one Idempotency-Key → one order, the same id in every answer', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 1200, stock: 7 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 3 }]);
    const key = { 'idempotency-key': 'c0ffee00-1111-4222-8333-444455556666' };

    const results = await Promise.all(Array.from({ length: 10 }, () => post(shopper, orderBody(shopper.userId, 3600), key)));

    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((result) => result.body.order?.id));
    expect(ids.size).toBe(1);
    const orders = await t.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', shopper.userId).execute();
    expect(orders.map((row) => row.id)).toEqual([...ids]);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(4);
  });

  it('double submit without a key: one order, the other submits get a clean 400 (cart already empty)', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 800, stock: 20 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 2 }]);

    const results = await Promise.all(Array.from({ length: 10 }, () => post(shopper, orderBody(shopper.userId, 1600))));

    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== 201)) {
      expect(result.status).toBe(400);
      expect(result.body.code).toBe('CART_EMPTY');
    }
    const orders = await t.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', shopper.userId).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(18);
  });

  describe('totals (property-based)', () => {
    const line = fc.record({
      pricePaisa: fc.integer({ min: 1, max: 1_000_000_000 }), // Rs. 0.01 to Rs. 10,000,000 (the catalogue's ceiling)
      quantity: fc.integer({ min: 1, max: 50 }),
      tracked: fc.boolean(),
    });
    const cart = fc.array(line, { minLength: 1, maxLength: 6 });
    /**
     * Whatever JSON a client may send as cartItems, except objects with the keys Fastify refuses as
     * prototype poisoning (__proto__, constructor): those bodies are a 400 by design (errors.test.ts).
     */
    const junk = fc.array(fc.anything({ key: fc.string().filter((key) => key !== '__proto__' && key !== 'constructor') }), {
      maxLength: 3,
    });

    async function stock(lines: { pricePaisa: number; quantity: number; tracked: boolean }[]) {
      const shopper = await makeShopper(t);
      const category = await categoryId(t, 'Property Tests');
      const ids = await new CatalogService(t.app.ctx).insertProductsBulk(
        lines.map((item, index) => ({
          name: `Random ${index}`,
          description: 'generated',
          pricePaisa: item.pricePaisa,
          categoryId: category,
          stock: item.tracked ? item.quantity + 3 : null,
          imageBaseNames: [fakeImageBase()],
        })),
      );
      await fillCart(
        t.app.ctx.db,
        shopper.userId,
        lines.map((item, index) => ({ productId: ids[index]!, quantity: item.quantity })),
      );
      const expected = lines.reduce((sum, item) => sum + item.pricePaisa * item.quantity, 0);
      return { shopper, ids, expected };
    }

    it('stores exactly sum(unit price × quantity) in paisa (plus delivery) when the client agrees, whatever cartItems it sends', async () => {
      await fc.assert(
        fc.asyncProperty(cart, junk, async (lines, cartItems) => {
          const { shopper, ids, expected } = await stock(lines);
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/orders/create',
            payload: orderBody(shopper.userId, expected / 100, { cartItems }),
            headers: bearer(shopper.token),
          });
          expect(res.statusCode, res.body).toBe(201);
          const order = res.json<{ order: Order }>().order;
          const stored = await t.app.ctx.db
            .selectFrom('orders')
            .select(['total_paisa', 'subtotal_paisa', 'delivery_fee_paisa'])
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow();
          // The items' sum exactly, and the valley's delivery charge on top below Rs. 5,000.
          const delivery = expected >= 500_000 ? 0 : 10_000;
          expect(Number(stored.subtotal_paisa)).toBe(expected);
          expect(Number(stored.delivery_fee_paisa)).toBe(delivery);
          expect(Number(stored.total_paisa)).toBe(expected + delivery);
          expect(Math.round(order.subtotal * 100)).toBe(expected);
          expect(Math.round(order.totalAmount * 100)).toBe(expected + delivery);
          const items = await t.app.ctx.db
            .selectFrom('order_items')
            .select(['product_id', 'unit_price_paisa', 'quantity'])
            .where('order_id', '=', order.id)
            .orderBy('id')
            .execute();
          expect(items.map((item) => [item.product_id, Number(item.unit_price_paisa), item.quantity])).toEqual(
            lines.map((item, index) => [ids[index], item.pricePaisa, item.quantity]),
          );
          expect(items.reduce((sum, item) => sum + Number(item.unit_price_paisa) * item.quantity, 0)).toBe(expected);
        }),
        { numRuns: 25 },
      );
    });

    it('answers 409 with the server total, and changes nothing, when the client total differs by any amount', async () => {
      const delta = fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((value) => value !== 0);
      await fc.assert(
        fc.asyncProperty(cart, delta, async (lines, deltaPaisa) => {
          const { shopper, ids, expected } = await stock(lines);
          // The server's total adds delivery in the valley (Rs. 100, free from Rs. 5,000); either the
          // items' sum or that total is a view the shopper may have had.
          const total = expected + (expected >= 500_000 ? 0 : 10_000);
          const claimed = Math.max(0, expected + deltaPaisa);
          fc.pre(claimed !== expected && claimed !== total);
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/orders/create',
            payload: orderBody(shopper.userId, claimed / 100),
            headers: bearer(shopper.token),
          });
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject({ code: 'TOTAL_CHANGED', currentTotal: total / 100 });
          const orders = await t.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', shopper.userId).execute();
          expect(orders).toEqual([]);
          const cartRows = await t.app.ctx.db
            .selectFrom('cart_items')
            .select('id')
            .where('user_id', '=', shopper.userId)
            .execute();
          expect(cartRows).toHaveLength(lines.length);
          for (const [index, item] of lines.entries()) {
            expect(await stockOf(t.app.ctx.db, ids[index]!)).toBe(item.tracked ? item.quantity + 3 : null);
          }
        }),
        { numRuns: 25 },
      );
    });
  });
});
