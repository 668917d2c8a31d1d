import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, couponDiscountPaisa, shareDiscount } from '../../src/shared/coupons.js';
import type { Order } from '../../src/shared/orders.js';
import { vatIncludedPaisa } from '../../src/shared/payments.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import {
  type TestShopper,
  bearer,
  categoryId,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
  NO_ORDER_LIMITS,
} from '../helpers/orders.js';

/**
 * Coupons from the cart to the order, through a listening server so parallel checkouts really
 * overlap: the reasons a code is refused, the money (discount before VAT, delivery by the
 * discounted subtotal), exactly as many uses as allowed, uses given back by a cancel.
 */
describe('coupons at the cart and checkout', () => {
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

  async function call(method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...bearer(token), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { order?: Order } };
  }

  async function coupon(body: Record<string, unknown>): Promise<{ id: number; code: string }> {
    const res = await call('POST', '/api/admin/coupons', admin, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.coupon as { id: number; code: string };
  }

  const apply = (who: TestShopper, code: string, headers: Record<string, string> = {}) =>
    call('POST', '/api/cart/coupon', who.token, { userId: who.userId, code }, headers);
  const checkout = (who: TestShopper, total: number, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/orders/create', who.token, orderBody(who.userId, total, extra));
  const usedCount = async (id: number) =>
    Number(
      (await t.app.ctx.db.selectFrom('coupons').select('used_count').where('id', '=', id).executeTakeFirstOrThrow()).used_count,
    );

  it('the shares of a discount add up exactly and follow the lines’ worth', () => {
    expect(shareDiscount(1000, [3000, 0, 7000])).toEqual([300, 0, 700]);
    expect(shareDiscount(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareDiscount(1, [5, 5])).toEqual([1, 0]);
    expect(couponDiscountPaisa({ type: 'percent', value: 10, maxDiscountPaisa: 5000 }, 99999)).toBe(5000);
    expect(couponDiscountPaisa({ type: 'percent', value: 10, maxDiscountPaisa: null }, 99999)).toBe(9999);
    expect(couponDiscountPaisa({ type: 'fixed', value: 1_000_000, maxDiscountPaisa: null }, 25000)).toBe(25000);
  });

  it('says why a code does not apply, in English and Nepali', async () => {
    const consoles = await categoryId(t, 'Consoles');
    const console = await makeProduct(t, { price: 3000, category: 'Consoles' });
    const cable = await makeProduct(t, { price: 500, category: 'Cables' });
    const shopper = await makeShopper(t);
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: cable.id, quantity: 1 }]);

    await coupon({ code: 'SOON', type: 'percent', value: 5, startsAt: '2099-01-01T00:00:00Z' });
    await coupon({ code: 'GONE', type: 'percent', value: 5, endsAt: '2020-01-01T00:00:00Z' });
    await coupon({ code: 'CONSOLE5', type: 'percent', value: 5, categoryIds: [consoles] });
    await coupon({ code: 'BIGSPEND', type: 'fixed', value: 100, minSubtotal: 2000 });
    const off = await coupon({ code: 'OFFNOW', type: 'fixed', value: 100 });
    await call('POST', `/api/admin/coupons/${off.id}/deactivate`, admin);

    const expectRefusal = async (code: string, message: string) => {
      const res = await apply(shopper, code);
      expect(res.status, code).toBe(400);
      expect(res.body.message, code).toBe(message);
    };
    await expectRefusal('NOSUCHCODE', COUPON_MESSAGES.unknown);
    await expectRefusal('OFFNOW', COUPON_MESSAGES.unknown);
    await expectRefusal('SOON', COUPON_MESSAGES.notStarted('2099-01-01 05:45 NPT'));
    await expectRefusal('gone', COUPON_MESSAGES.expired);
    await expectRefusal('CONSOLE5', COUPON_MESSAGES.nothingInScope);
    await expectRefusal('BIGSPEND', COUPON_MESSAGES.belowMinimum(1500, 2000));
    expect(COUPON_MESSAGES.belowMinimum(1500, 2000)).toBe(
      'Add Rs. 1,500 more of the items this coupon covers to use it (minimum Rs. 2,000)',
    );
    const ne = await apply(shopper, 'BIGSPEND', { 'accept-language': 'ne' });
    expect(ne.body.message).toBe('यो कुपन प्रयोग गर्न यसले समेट्ने सामान रू १,५०० थप्नुहोस् (न्यूनतम रू २,०००)');

    // With a console in the cart the scoped coupon applies, to the console only.
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: console.id, quantity: 1 }]);
    const applied = await apply(shopper, ' console5 ');
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ coupon: { code: 'CONSOLE5' }, subtotal: 3500, discount: 150, problem: null });
    const viewed = await call('GET', `/api/cart/coupon/${shopper.userId}`, shopper.token);
    expect(viewed.body).toMatchObject({ coupon: { code: 'CONSOLE5' }, discount: 150 });
    const removed = await call('DELETE', `/api/cart/coupon/${shopper.userId}`, shopper.token);
    expect(removed.body).toMatchObject({ coupon: null, discount: 0, subtotal: 3500 });

    const other = await makeShopper(t);
    expect((await call('GET', `/api/cart/coupon/${shopper.userId}`, other.token)).status).toBe(403);
  });

  it('takes the discount before VAT, per line, and charges delivery by the discounted subtotal', async () => {
    const headphones = await makeProduct(t, { price: 4000, category: 'Audio' });
    const mouse = await makeProduct(t, { price: 1200, category: 'Mice' });
    const audio = await categoryId(t, 'Audio');
    await coupon({ code: 'AUDIO15', type: 'percent', value: 15, maxDiscount: 500, categoryIds: [audio] });
    const shopper = await makeShopper(t);
    await fillCart(t.app.ctx.db, shopper.userId, [
      { productId: headphones.id, quantity: 1 },
      { productId: mouse.id, quantity: 1 },
    ]);
    const applied = await apply(shopper, 'AUDIO15');
    // 15 % of Rs. 4,000 is Rs. 600, capped at Rs. 500; the mouse is outside the scope.
    expect(applied.body).toMatchObject({ subtotal: 5200, discount: 500 });

    // Rs. 5,200 − 500 = 4,700: under the free-delivery threshold (Rs. 5,000), so Kathmandu's Rs. 100 is charged.
    const stale = await checkout(shopper, 5300);
    expect(stale.status).toBe(409);
    const res = await checkout(shopper, 4800);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.order!;
    expect(order).toMatchObject({ subtotal: 5200, discount: 500, couponCode: 'AUDIO15', deliveryFee: 100, totalAmount: 4800 });
    const vat = vatIncludedPaisa(400000 - 50000) + vatIncludedPaisa(120000) + vatIncludedPaisa(10000);
    expect(Math.round(order.vatAmount * 100)).toBe(vat);
    const lines = await t.app.ctx.db
      .selectFrom('order_items')
      .select(['product_id', 'discount_paisa', 'vat_paisa'])
      .where('order_id', '=', order.id)
      .orderBy('product_id')
      .execute();
    expect(lines.map((line) => [line.product_id, Number(line.discount_paisa), Number(line.vat_paisa)])).toEqual([
      [headphones.id, 50000, vatIncludedPaisa(350000)],
      [mouse.id, 0, vatIncludedPaisa(120000)],
    ]);
    // The orders CSV carries the discount and the code (before the courier's columns).
    const csv = await (await fetch(`${base}/api/admin/orders/export.csv`, { headers: bearer(admin) })).text();
    const csvLine = csv.split('\r\n').find((line) => line.startsWith(order.id));
    expect(csvLine).toMatch(/,500,AUDIO15,#\d+,/);
    // The cart's coupon went with the order.
    expect(await t.app.ctx.db.selectFrom('cart_coupons').selectAll().where('user_id', '=', shopper.userId).execute()).toEqual([]);

    // An edit afterwards does not touch the order.
    const [row] = await t.app.ctx.db.selectFrom('coupons').select('id').where('code', '=', 'AUDIO15').execute();
    await call('PATCH', `/api/admin/coupons/${row!.id}`, admin, { value: 50, maxDiscount: null });
    const again = await call('GET', `/api/orders/user/${shopper.userId}/order/${order.id}`, shopper.token);
    expect(again.body.order).toMatchObject({ discount: 500, totalAmount: 4800, couponCode: 'AUDIO15' });
  });

  it('a fixed discount is capped at what it covers: the total never goes below delivery', async () => {
    const charger = await makeProduct(t, { price: 800 });
    await coupon({ code: 'HUGE', type: 'fixed', value: 100000, productIds: [charger.id] });
    const shopper = await makeShopper(t);
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: charger.id, quantity: 2 }]);
    const res = await checkout(shopper, 100, { couponCode: 'huge' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order).toMatchObject({
      subtotal: 1600,
      discount: 1600,
      deliveryFee: 100,
      totalAmount: 100,
      couponCode: 'HUGE',
    });
  });

  it('usageLimit 1 and 20 shoppers at once: exactly one discounted order; the others 409, then order without it', async () => {
    const phone = await makeProduct(t, { price: 1000, stock: 100 });
    const limited = await coupon({ code: 'ONLYONE', type: 'fixed', value: 200, usageLimit: 1 });
    const shoppers: TestShopper[] = [];
    for (let i = 0; i < 20; i += 1) {
      const shopper = await makeShopper(t);
      await fillCart(t.app.ctx.db, shopper.userId, [{ productId: phone.id, quantity: 1 }]);
      expect((await apply(shopper, 'ONLYONE')).status).toBe(200);
      shoppers.push(shopper);
    }
    const results = await Promise.all(shoppers.map((shopper) => checkout(shopper, 900)));
    const won = results.filter((result) => result.status === 201);
    const lost = results.filter((result) => result.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    expect(won[0]!.body.order).toMatchObject({ discount: 200, couponCode: 'ONLYONE', totalAmount: 900 });
    for (const result of lost) expect(result.body).toMatchObject({ code: 'COUPON_USED_UP', message: COUPON_MESSAGES.usedUp });
    expect(await usedCount(limited.id)).toBe(1);

    // The losers drop the coupon and order at the full price.
    const losers = shoppers.filter((shopper) => shopper.userId !== won[0]!.body.order!.user.id);
    for (const shopper of losers.slice(0, 3)) {
      expect((await apply(shopper, 'ONLYONE')).body.message).toBe(COUPON_MESSAGES.usedUp);
      await call('DELETE', `/api/cart/coupon/${shopper.userId}`, shopper.token);
      const res = await checkout(shopper, 1100);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.order).toMatchObject({ discount: 0, couponCode: null, totalAmount: 1100 });
    }
    const discounted = await t.app.ctx.db.selectFrom('orders').select('id').where('coupon_code', '=', 'ONLYONE').execute();
    expect(discounted).toHaveLength(1);

    // The winner cancels: the use comes back, and another shopper gets it.
    const winner = shoppers.find((shopper) => shopper.userId === won[0]!.body.order!.user.id)!;
    const cancelled = await call(
      'POST',
      `/api/orders/user/${winner.userId}/order/${won[0]!.body.order!.id}/cancel`,
      winner.token,
      { reason: 'Changed my mind' },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await usedCount(limited.id)).toBe(0);
    const next = losers[5]!;
    const res = await checkout(next, 900, { couponCode: 'ONLYONE' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await usedCount(limited.id)).toBe(1);

    // Reopening the cancelled order would need a use the coupon no longer has.
    const reopen = await call('POST', `/api/orders/${won[0]!.body.order!.id}/reverse`, admin, {
      status: 'pending',
      reason: 'The shopper called back',
      confirm: true,
    });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe(COUPON_MESSAGES.reopenUsedUp);
    expect(await usedCount(limited.id)).toBe(1);
  });

  it('a per-shopper limit holds for one shopper’s parallel checkouts', async () => {
    const game = await makeProduct(t, { price: 2500, stock: 100 });
    const once = await coupon({ code: 'ONCEEACH', type: 'percent', value: 10, perCustomerLimit: 1 });
    const shopper = await makeShopper(t);
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: game.id, quantity: 1 }]);
    const first = await checkout(shopper, 2350, { couponCode: 'ONCEEACH' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: game.id, quantity: 1 }]);
    expect((await apply(shopper, 'ONCEEACH')).body.message).toBe(COUPON_MESSAGES.alreadyUsed);
    const results = await Promise.all([1, 2, 3].map(() => checkout(shopper, 2350, { couponCode: 'ONCEEACH' })));
    expect(results.map((result) => result.status)).toEqual([409, 409, 409]);
    expect(results[0]!.body.code).toBe('COUPON_ALREADY_USED');
    expect(await usedCount(once.id)).toBe(1);
  });

  it('wrong codes are slowed like logins: 429 with Retry-After after the free tries', async () => {
    const shopper = await makeShopper(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await apply(shopper, `WRONG${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toContain(429);
    const ne = await apply(shopper, 'WRONGAGAIN', { 'accept-language': 'ne' });
    expect(ne.status).toBe(429);
    expect(String(ne.body.message)).toMatch(/कुपन कोड/);
  });
});
