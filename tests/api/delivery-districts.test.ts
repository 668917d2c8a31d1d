import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/server/i18n/errors-ne.js';
import { DELIVERY_MESSAGES, type DistrictDelivery, type DistrictTable } from '../../src/shared/delivery.js';
import { CHECKOUT_MESSAGES, type Order } from '../../src/shared/orders.js';
import { adminToken } from '../helpers/accounts.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import {
  NO_ORDER_LIMITS,
  type TestShopper,
  bearer,
  countRows,
  fillCart,
  makeProduct,
  makeShopper,
  orderBody,
} from '../helpers/orders.js';

/**
 * Delivery by district: the 77 with the shop's valley and outside settings until the owner edits
 * one; checkout charges the district's fee (free from the free-delivery amount) and refuses cash
 * on delivery where it is not offered, in both languages, writing nothing; edits are audited.
 */
describe('delivery by district', () => {
  let t: TestApp;
  let admin: string;
  let price1500: number;
  beforeAll(async () => {
    t = await buildTestApp({ ...NO_ORDER_LIMITS });
    admin = await adminToken(t);
    price1500 = (await makeProduct(t, { price: 1_500, stock: null })).id;
  });
  afterAll(async () => t.close());

  const table = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/delivery/districts' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DistrictTable>();
  };
  const terms = async (district: string) => (await table()).districts.find((d) => d.district === district)!;
  const edit = (district: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/delivery/districts/${encodeURIComponent(district)}`,
      headers: { ...bearer(admin), ...headers },
      payload: payload as object,
    });
  async function orderTo(
    who: TestShopper,
    province: string,
    district: string,
    total: number,
    headers: Record<string, string> = {},
  ) {
    await t.app.ctx.db.deleteFrom('cart_items').where('user_id', '=', who.userId).execute();
    await fillCart(t.app.ctx.db, who.userId, [{ productId: price1500, quantity: total >= 5_000 ? 4 : 1 }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(who.userId, total, { province, district }),
      headers: { ...bearer(who.token), ...headers },
    });
  }

  it('lists all 77 with their province and both names; unedited ones take the valley or outside settings', async () => {
    const { districts, freeFrom } = await table();
    expect(districts).toHaveLength(77);
    expect(freeFrom).toBe(5000);
    expect(districts.find((d) => d.district === 'Lalitpur')).toEqual({
      district: 'Lalitpur',
      ne: 'ललितपुर',
      province: 'Bagmati',
      fee: 100,
      daysMin: 1,
      daysMax: 2,
      cod: true,
      edited: false,
    });
    expect(districts.find((d) => d.district === 'Darchula')).toMatchObject({
      province: 'Sudurpashchim',
      fee: 200,
      daysMin: 3,
      daysMax: 5,
      cod: true,
    });
  });

  it('the owner edits a district (either script names it); checkout charges its fee, free from the free-delivery amount; audited', async () => {
    const res = await edit('कास्की', { fee: 150.5, daysMin: 2, daysMax: 3, cod: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ district: DistrictDelivery }>().district).toMatchObject({ district: 'Kaski', fee: 150.5, edited: true });
    expect(await terms('Kaski')).toMatchObject({ fee: 150.5, daysMin: 2, daysMax: 3, cod: true, edited: true });

    const shopper = await makeShopper(t);
    const placed = await orderTo(shopper, 'Gandaki', 'Kaski', 1_650.5);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<{ order: Order }>().order).toMatchObject({ district: 'Kaski', deliveryFee: 150.5, totalAmount: 1_650.5 });
    const free = await orderTo(shopper, 'Gandaki', 'Kaski', 6_000);
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json<{ order: Order }>().order.deliveryFee).toBe(0);
    // A district nobody edited still costs the outside rate.
    const other = await orderTo(shopper, 'Gandaki', 'Syangja', 1_700);
    expect(other.json<{ order: Order }>().order.deliveryFee).toBe(200);

    const audit = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'district').execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'district.update', entity_id: 'Kaski' })]);
    expect(JSON.parse(String(audit[0]!.changes))).toEqual({ fee: [200, 150.5], daysMin: [3, 2], daysMax: [5, 3] });
    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=district', headers: bearer(admin) });
    expect(activity.statusCode, activity.body).toBe(200);
  });

  it('cash on delivery is refused where not offered: 400 in English and Nepali, nothing written', async () => {
    expect((await edit('Humla', { fee: 600, daysMin: 7, daysMax: 14, cod: false })).statusCode).toBe(200);
    const shopper = await makeShopper(t);
    const before = await countRows(t.app.ctx.db, 'orders');
    const en = await orderTo(shopper, 'Karnali', 'Humla', 2_100);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      message: DELIVERY_MESSAGES.codRefused('Humla'),
      errors: { paymentMethod: DELIVERY_MESSAGES.codRefused('Humla') },
    });
    const ne = await orderTo(shopper, 'Karnali', 'हुम्ला', 2_100, { 'accept-language': 'ne' });
    expect(ne.statusCode).toBe(400);
    expect(ne.json().message).toBe(serverMessage(DELIVERY_MESSAGES.codRefused('Humla'), 'ne'));
    expect(ne.json().message).toMatch(/क्यास अन डेलिभरी/);
    expect(await countRows(t.app.ctx.db, 'orders')).toBe(before);
    expect(await countRows(t.app.ctx.db, 'cart_items')).toBeGreaterThan(0);
    // Offered again: the same order goes through at the district's fee.
    expect((await edit('Humla', { fee: 600, daysMin: 7, daysMax: 14, cod: true })).statusCode).toBe(200);
    const placed = await orderTo(shopper, 'Karnali', 'Humla', 2_100);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<{ order: Order }>().order.deliveryFee).toBe(600);
  });

  it('parallel checkouts while the owner changes the fee: each order is charged one whole set of terms', async () => {
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => makeShopper(t)));
    const edits = [300, 350, 400].map((fee) => edit('Mustang', { fee, daysMin: 4, daysMax: 6, cod: true }));
    const orders = shoppers.map((s) => orderTo(s, 'Gandaki', 'Mustang', 1_500));
    const [edited, placed] = await Promise.all([Promise.all(edits), Promise.all(orders)]);
    expect(edited.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    for (const res of placed) {
      // The client's total was the items' sum: accepted, and the delivery fee is one of the fees ever set.
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json<{ order: Order }>().order;
      expect([200, 300, 350, 400]).toContain(order.deliveryFee);
      expect(order.totalAmount).toBe(1_500 + order.deliveryFee);
    }
    expect([300, 350, 400]).toContain((await terms('Mustang')).fee);
  });

  it('bad input: a clear 400 per field in both languages, 404 for a place that is not a district', async () => {
    const cases: [unknown, string, string][] = [
      [{ fee: -1, daysMin: 1, daysMax: 2, cod: true }, 'fee', DELIVERY_MESSAGES.feeInvalid],
      [{ fee: 1.234, daysMin: 1, daysMax: 2, cod: true }, 'fee', DELIVERY_MESSAGES.feeInvalid],
      [{ fee: 100_001, daysMin: 1, daysMax: 2, cod: true }, 'fee', DELIVERY_MESSAGES.feeInvalid],
      [{ fee: '100', daysMin: 1, daysMax: 2, cod: true }, 'fee', DELIVERY_MESSAGES.feeInvalid],
      [{ fee: 100, daysMin: 0, daysMax: 2, cod: true }, 'daysMin', DELIVERY_MESSAGES.daysInvalid],
      [{ fee: 100, daysMin: 1.5, daysMax: 2, cod: true }, 'daysMin', DELIVERY_MESSAGES.daysInvalid],
      [{ fee: 100, daysMin: 1, daysMax: 61, cod: true }, 'daysMax', DELIVERY_MESSAGES.daysInvalid],
      [{ fee: 100, daysMin: 5, daysMax: 2, cod: true }, 'daysMax', DELIVERY_MESSAGES.daysOrder],
      [{ fee: 100, daysMin: 1, daysMax: 2, cod: 'yes' }, 'cod', DELIVERY_MESSAGES.codInvalid],
      [{ fee: 100, daysMin: 1, daysMax: 2 }, 'cod', DELIVERY_MESSAGES.codInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const en = await edit('Dolpa', payload);
      expect(en.statusCode, JSON.stringify(payload)).toBe(400);
      expect(en.json().errors[field], JSON.stringify(payload)).toBe(message);
      const ne = await edit('Dolpa', payload, { 'accept-language': 'ne' });
      expect(ne.json().errors[field]).toBe(serverMessage(message, 'ne'));
      expect(ne.json().errors[field]).toMatch(/[\u0900-\u097F]/);
    }
    for (const place of ['Ktm', 'Pokhara', 'Rukum']) {
      const res = await edit(place, { fee: 100, daysMin: 1, daysMax: 2, cod: true }, { 'accept-language': 'ne' });
      expect(res.statusCode, place).toBe(404);
      expect(res.json().message).toBe(serverMessage(CHECKOUT_MESSAGES.districtUnknown, 'ne'));
    }
    expect((await terms('Dolpa')).edited).toBe(false);
    const shopper = await makeShopper(t);
    const asShopper = await t.app.inject({ method: 'GET', url: '/api/admin/delivery/districts', headers: bearer(shopper.token) });
    expect(asShopper.statusCode).toBe(403);
  });
});

describe('delivery by district: paying online where cash on delivery is not offered', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PAYMENT_SANDBOX: 'true', ...NO_ORDER_LIMITS });
  });
  afterAll(async () => t.close());

  it('an eSewa order goes through; switching it to cash on delivery there is refused in both languages', async () => {
    const admin = await adminToken(t);
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery/districts/Bajura',
      headers: bearer(admin),
      payload: { fee: 500, daysMin: 6, daysMax: 10, cod: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { price: 1_500, stock: 5 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(shopper.userId, 2_000, { province: 'Sudurpashchim', district: 'Bajura', paymentMethod: 'esewa' }),
      headers: bearer(shopper.token),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    expect(order).toMatchObject({ deliveryFee: 500, paymentStatus: 'awaiting_payment' });
    const url = `/api/orders/user/${shopper.userId}/order/${order.id}/pay-on-delivery`;
    const en = await t.app.inject({ method: 'POST', url, payload: {}, headers: bearer(shopper.token) });
    expect(en.statusCode, en.body).toBe(400);
    expect(en.json().message).toBe(DELIVERY_MESSAGES.codRefused('Bajura'));
    const ne = await t.app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: { ...bearer(shopper.token), 'accept-language': 'ne' },
    });
    expect(ne.json().message).toBe(serverMessage(DELIVERY_MESSAGES.codRefused('Bajura'), 'ne'));
    const row = await t.app.ctx.db
      .selectFrom('orders')
      .select(['payment_method', 'payment_status'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_method: 'esewa', payment_status: 'awaiting_payment' });
  });
});
