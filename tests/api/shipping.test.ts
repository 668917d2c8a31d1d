import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/shared/orders.js';
import { type Courier, bsDay } from '../../src/shared/shipping.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/catalog.js';
import { orderItemRow, orderRow } from '../helpers/order-rows.js';
import { type TestProduct, type TestShopper, bearer, categoryId, makeProduct, makeShopper } from '../helpers/orders.js';

/**
 * Shipping with a courier, a tracking number and each unit's serial: the owner's courier list,
 * a category that asks for serials, the shopper's order showing the tracking link and each unit's
 * warranty end; bad input a clear 400 in English and Nepali with nothing written.
 */
describe('couriers and serials', () => {
  let t: TestApp;
  let admin: string;
  let courier: Courier;
  let phone: TestProduct;
  let cable: TestProduct;
  let shopper: TestShopper;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    shopper = await makeShopper(t);
    phone = await makeProduct(t, { name: 'Galaxy A55', category: 'Mobiles' });
    cable = await makeProduct(t, { name: 'USB-C cable', category: 'Cables' });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, locale?: string) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...bearer(admin), ...(locale ? { 'accept-language': locale } : {}) },
    });

  async function confirmedOrder(lines: { product: TestProduct; quantity: number }[]): Promise<{ id: string; items: number[] }> {
    const id = `ORD-T${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const total = lines.reduce((sum, line) => sum + line.product.pricePaisa * line.quantity, 0);
    const db = t.app.ctx.db;
    await db
      .insertInto('orders')
      .values(
        orderRow({
          id,
          user_id: shopper.userId,
          status: 'confirmed',
          total_paisa: total,
          subtotal_paisa: total,
          payment_method: 'esewa',
          payment_status: 'paid',
          full_name: 'Sita Sharma',
          created_at: t.clock.now().toISOString(),
        }),
      )
      .execute();
    const items: number[] = [];
    for (const line of lines) {
      const row = await db
        .insertInto('order_items')
        .values(orderItemRow(id, line.product, { quantity: line.quantity, stock_reserved: line.quantity }))
        .returning('id')
        .executeTakeFirstOrThrow();
      items.push(row.id);
    }
    return { id, items };
  }

  const shopperOrder = async (id: string): Promise<OrderDetail> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${shopper.userId}/order/${id}`,
      headers: bearer(shopper.token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ order: OrderDetail }>().order;
  };

  const nothingWritten = async (id: string) => {
    const db = t.app.ctx.db;
    const order = await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(order.status).toBe('confirmed');
    expect(await db.selectFrom('order_item_serials').select('serial').where('order_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('order_shipments').select('order_id').where('order_id', '=', id).execute()).toEqual([]);
  };

  it('keeps the owner’s list of couriers, audited; bad ones are 400', async () => {
    const created = await call('POST', '/api/admin/couriers', {
      name: 'Pathao Parcel',
      trackingUrl: 'https://track.example.np/p?n={tracking}',
    });
    expect(created.statusCode).toBe(201);
    courier = created.json<{ courier: Courier }>().courier;
    const other = (
      await call('POST', '/api/admin/couriers', { name: 'Old Post', trackingUrl: 'https://post.example.np/{tracking}' })
    ).json<{
      courier: Courier;
    }>().courier;
    const renamed = await call('PUT', `/api/admin/couriers/${other.id}`, {
      name: 'Nepal Post',
      trackingUrl: 'https://post.example.np/{tracking}',
    });
    expect(renamed.json<{ courier: Courier }>().courier.name).toBe('Nepal Post');
    expect((await call('DELETE', `/api/admin/couriers/${other.id}`)).statusCode).toBe(204);
    const list = (await call('GET', '/api/admin/couriers')).json<{ couriers: Courier[] }>().couriers;
    expect(list.map((c) => c.name)).toEqual(['Pathao Parcel']);
    expect((await call('DELETE', `/api/admin/couriers/${other.id}`)).statusCode).toBe(404);

    const noPlaceholder = await call('POST', '/api/admin/couriers', { name: 'X', trackingUrl: 'https://x.example.np/' }, 'ne');
    expect(noPlaceholder.statusCode).toBe(400);
    expect(noPlaceholder.body).toContain('ट्र्याकिङ URL');
    const notHttps = await call('POST', '/api/admin/couriers', { name: 'X', trackingUrl: 'javascript:alert({tracking})' });
    expect(notHttps.statusCode).toBe(400);
    expect((await call('POST', '/api/admin/couriers', { name: '', trackingUrl: 'https://x.np/{tracking}' })).statusCode).toBe(
      400,
    );

    const audit = await t.app.ctx.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'courier').execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'courier.create',
      'courier.create',
      'courier.delete',
      'courier.update',
    ]);
    const stranger = await t.app.inject({ method: 'GET', url: '/api/admin/couriers', headers: bearer(shopper.token) });
    expect(stranger.statusCode).toBe(403);
  });

  it('sets a category’s serial flag and a product’s warranty months', async () => {
    const mobiles = await categoryId(t, 'Mobiles');
    // The category and product forms read what is set from the same addresses.
    const readFlag = async () => (await call('GET', `/api/admin/couriers/categories/${mobiles}`)).json<unknown>();
    const readMonths = async () => (await call('GET', `/api/admin/couriers/products/${phone.id}`)).json<unknown>();
    expect(await readFlag()).toEqual({ categoryId: mobiles, serialRequired: false });
    expect(await readMonths()).toEqual({ productId: phone.id, warrantyMonths: null });
    expect((await call('GET', '/api/admin/couriers/categories/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/couriers/products/999999')).statusCode).toBe(404);
    const flag = await call('PUT', `/api/admin/couriers/categories/${mobiles}`, { serialRequired: true });
    expect(flag.json()).toEqual({ categoryId: mobiles, serialRequired: true });
    expect(await readFlag()).toEqual({ categoryId: mobiles, serialRequired: true });
    expect((await call('PUT', `/api/admin/couriers/categories/${mobiles}`, { serialRequired: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/couriers/categories/999999', { serialRequired: true })).statusCode).toBe(404);
    const months = await call('PUT', `/api/admin/couriers/products/${phone.id}`, { warrantyMonths: 12 });
    expect(months.json()).toEqual({ productId: phone.id, warrantyMonths: 12 });
    expect(await readMonths()).toEqual({ productId: phone.id, warrantyMonths: 12 });
    for (const bad of [0, 121, 1.5, '12']) {
      expect((await call('PUT', `/api/admin/couriers/products/${phone.id}`, { warrantyMonths: bad })).statusCode).toBe(400);
    }
    expect((await call('PUT', '/api/admin/couriers/products/999999', { warrantyMonths: 6 })).statusCode).toBe(404);
  });

  it('ships with courier and serials; the shopper sees the tracking link and each unit’s warranty end', async () => {
    const order = await confirmedOrder([
      { product: phone, quantity: 2 },
      { product: cable, quantity: 1 },
    ]);
    const res = await call('PUT', `/api/orders/${order.id}/status`, {
      status: 'shipped',
      courier: courier.id,
      trackingNumber: 'PTH-12345',
      serials: [{ orderItemId: order.items[0], serials: ['IMEI356789012345678', 'IMEI356789012345679'] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ order: OrderDetail }>().order.status).toBe('shipped');
    const shipped = await shopperOrder(order.id);
    expect(shipped.shipment).toMatchObject({
      courier: 'Pathao Parcel',
      trackingNumber: 'PTH-12345',
      trackingUrl: 'https://track.example.np/p?n=PTH-12345',
    });
    expect(shipped.orderItems[0]!.units.map((unit) => unit.serial)).toEqual(['IMEI356789012345678', 'IMEI356789012345679']);
    expect(shipped.orderItems[1]!.units).toEqual([]);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity_type', '=', 'order')
      .where('entity_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.changes))).toMatchObject({
      status: ['confirmed', 'shipped'],
      trackingNumber: [null, 'PTH-12345'],
    });
    const yearOn = (instant: Date) => {
      const day = new Date(instant.getTime() + (5 * 60 + 45) * 60_000);
      return new Date(Date.UTC(day.getUTCFullYear() + 1, day.getUTCMonth(), day.getUTCDate())).toISOString().slice(0, 10);
    };
    // On the way, the warranty counts from shipping (made 40 days ago here); delivered, from the delivery.
    const shippedAt = new Date(t.clock.now().getTime() - 40 * 24 * 60 * 60 * 1000);
    await t.app.ctx.db
      .updateTable('order_shipments')
      .set({ shipped_at: shippedAt.toISOString() })
      .where('order_id', '=', order.id)
      .execute();
    expect((await shopperOrder(order.id)).orderItems[0]!.units[0]!.warrantyEnds).toBe(yearOn(shippedAt));
    expect((await call('PUT', `/api/orders/${order.id}/status`, { status: 'delivered' })).statusCode).toBe(200);
    const delivered = await shopperOrder(order.id);
    const expected = yearOn(t.clock.now());
    expect(expected).not.toBe(yearOn(shippedAt));
    expect(delivered.orderItems[0]!.units[0]!.warrantyEnds).toBe(expected);
    expect(delivered.orderItems[0]!.units[0]!.warrantyEndsBs).toBe(bsDay(expected));
    expect(bsDay('2026-12-07')).toBe('2083-08-21');
  });

  it('still takes {status} alone for goods that need no serials', async () => {
    const order = await confirmedOrder([{ product: cable, quantity: 1 }]);
    const res = await call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped' });
    expect(res.statusCode).toBe(200);
    expect((await shopperOrder(order.id)).shipment).toBeNull();
  });

  it('refuses bad shipping with a clear 400 in English and Nepali, writing nothing', async () => {
    const order = await confirmedOrder([
      { product: phone, quantity: 2 },
      { product: cable, quantity: 1 },
    ]);
    const ship = (body: Record<string, unknown>, locale?: string) =>
      call(
        'PUT',
        `/api/orders/${order.id}/status`,
        { status: 'shipped', courier: courier.id, trackingNumber: 'PTH-1', ...body },
        locale,
      );
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'Galaxy A55 cannot ship without each unit’s serial number', 'Galaxy A55 हरेक थानको सिरियल नम्बरबिना पठाउन मिल्दैन'],
      [
        { serials: [{ orderItemId: order.items[0], serials: ['SN1'] }] },
        'Galaxy A55 needs 2 serials, one per unit',
        'Galaxy A55 लाई हरेक थानको एउटा गरी २ वटा सिरियल चाहिन्छ',
      ],
      [
        {
          serials: [
            { orderItemId: order.items[0], serials: ['SN1', 'SN2'] },
            { orderItemId: order.items[1], serials: ['sn1'] },
          ],
        },
        'Serial sn1 is given twice in this order',
        'सिरियल sn1 यो अर्डरमा दुई पटक दिइयो',
      ],
      [
        { trackingNumber: 'X'.repeat(500), serials: [{ orderItemId: order.items[0], serials: ['SN1', 'SN2'] }] },
        'Tracking number must be 1 to 60 letters, digits or dashes',
        'ट्र्याकिङ नम्बर १ देखि ६० वटा अक्षर, अङ्क वा ड्यासको हुनुपर्छ',
      ],
      [
        { courier: 999999, serials: [{ orderItemId: order.items[0], serials: ['SN1', 'SN2'] }] },
        'That courier is not in the shop’s list',
        'त्यो कुरियर पसलको सूचीमा छैन',
      ],
      [
        { courier: undefined, serials: [{ orderItemId: order.items[0], serials: ['SN1', 'SN2'] }] },
        'Give both the courier and the tracking number',
        'कुरियर र ट्र्याकिङ नम्बर दुवै दिनुहोस्',
      ],
      [{ serials: [{ orderItemId: 999999, serials: ['SN1'] }] }, 'That item is not in this order', 'त्यो सामान यो अर्डरमा छैन'],
    ];
    for (const [body, english, nepali] of cases) {
      const en = await ship(body);
      expect(en.statusCode, english).toBe(400);
      expect(en.body).toContain(english);
      const ne = await ship(body, 'ne');
      expect(ne.statusCode).toBe(400);
      expect(ne.body).toContain(nepali);
    }
    const notShipping = await call('PUT', `/api/orders/${order.id}/status`, {
      status: 'delivered',
      courier: courier.id,
      trackingNumber: 'A1',
    });
    expect(notShipping.statusCode).toBe(400);
    await nothingWritten(order.id);
  });

  it('a serial already used in another order is allowed; the same order’s twice is refused by the database too', async () => {
    const order = await confirmedOrder([{ product: phone, quantity: 1 }]);
    await t.app.ctx.db
      .insertInto('order_item_serials')
      .values({ order_item_id: order.items[0]!, position: 0, order_id: order.id, serial: 'DUP1', warranty_months: null })
      .execute();
    await expect(
      t.app.ctx.db
        .insertInto('order_item_serials')
        .values({ order_item_id: order.items[0]!, position: 1, order_id: order.id, serial: 'DUP1', warranty_months: null })
        .execute(),
    ).rejects.toThrow();
  });
});
