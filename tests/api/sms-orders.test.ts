import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderText } from '../../src/server/features/sms/order-texts.js';
import { smsSize } from '../../src/shared/sms.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { type TestShopper, bearer, fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';
import { FakeSmsGateway } from '../helpers/sms-gateways.js';

/** Order updates by text, in the shopper's language, through the gateway's local stand-in. */
describe('order texts', () => {
  let t: TestApp;
  let admin: string;
  const gateway = new FakeSmsGateway();

  beforeAll(async () => {
    const base = await gateway.start();
    t = await buildTestApp({ SMS_PROVIDER: 'sparrow', SMS_TOKEN: 'sparrow-token', SMS_FROM: 'Pasal', SMS_API_URL: `${base}/v2/sms/` });
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
    await gateway.stop();
  });
  beforeEach(() => {
    gateway.received.length = 0;
  });

  const textsTo = (phone: string) => gateway.received.filter((text) => text.fields.to === phone).map((text) => text.fields.text);
  /** A shopper whose account proved this number (order texts go to a proved number only). */
  async function shopperWithProved(phone: string) {
    const shopper = await makeShopper(t, { phoneNumber: phone });
    await t.app.ctx.db.updateTable('users').set({ phone_verified_at: new Date().toISOString() }).where('id', '=', shopper.userId).execute();
    return shopper;
  }
  async function placeOrder(shopper: TestShopper, phone: string) {
    const product = await makeProduct(t, { price: 1500 });
    await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 2 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: bearer(shopper.token),
      payload: orderBody(shopper.userId, 3100, { phone }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: { id: string; totalAmount: number } }>().order;
  }
  const setStatus = async (id: string, status: string) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/orders/${id}/status`, headers: bearer(admin), payload: { status } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('texts placed (id and total), shipped and delivered in English', async () => {
    const sita = await shopperWithProved('9841000111');
    const order = await placeOrder(sita, '+977 9841000111');
    await expect.poll(() => textsTo('9841000111'), { timeout: 10_000 }).toHaveLength(1);
    const id = order.id.replace(/^ORD-(\w{4})(\w{4})(\w{4})(\w{4})$/, 'ORD-$1-$2-$3-$4');
    expect(textsTo('9841000111')[0]).toBe(`Pasal: Order ${id} placed. Total Rs. 3,100. We will text you when it ships.`);
    await setStatus(order.id, 'confirmed');
    await setStatus(order.id, 'shipped');
    await setStatus(order.id, 'delivered');
    await expect.poll(() => textsTo('9841000111'), { timeout: 10_000 }).toHaveLength(3);
    expect(textsTo('9841000111').slice(1)).toEqual([
      `Pasal: Order ${id} has been shipped and is on its way.`,
      `Pasal: Order ${id} was delivered. Thank you!`,
    ]);
  });

  it('writes to a Nepali shopper in Devanagari, counted as Unicode segments', async () => {
    const hari = await shopperWithProved('9851000222');
    await t.app.ctx.db.updateTable('users').set({ language: 'ne' }).where('id', '=', hari.userId).execute();
    const order = await placeOrder(hari, '९८५१०००२२२');
    await expect.poll(() => textsTo('9851000222'), { timeout: 10_000 }).toHaveLength(1);
    const text = textsTo('9851000222')[0]!;
    expect(text).toContain('तपाईंको अर्डर');
    expect(text).toContain('रू ३,१००');
    await setStatus(order.id, 'cancelled');
    await expect.poll(() => textsTo('9851000222'), { timeout: 10_000 }).toHaveLength(2);
    expect(textsTo('9851000222')[1]).toContain('रद्द गरियो');
    const rows = await t.app.ctx.db.selectFrom('sms_messages').select(['encoding', 'segments']).where('phone', '=', '9851000222').execute();
    expect(rows.every((row) => row.encoding === 'ucs2')).toBe(true);
    expect(rows[0]!.segments).toBe(smsSize(text).segments);
  });

  it('sends none to a shopper who turned order texts off, nor for a cancellation the shopper made', async () => {
    const gita = await shopperWithProved('9861000333');
    await t.app.inject({ method: 'PUT', url: `/api/users/${gita.userId}/sms`, headers: bearer(gita.token), payload: { orderUpdates: false } });
    await placeOrder(gita, '9861000333');
    const ram = await shopperWithProved('9861000444');
    const order = await placeOrder(ram, '9861000444');
    await expect.poll(() => textsTo('9861000444'), { timeout: 10_000 }).toHaveLength(1);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${ram.userId}/order/${order.id}/cancel`,
      headers: bearer(ram.token),
      payload: { reason: 'Changed my mind' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The order-text jobs have all run: none is left waiting.
    await expect
      .poll(async () => (await t.app.ctx.db.selectFrom('jobs').select('id').where('kind', 'in', ['sms-later', 'sms']).where('status', '!=', 'done').execute()).length, {
        timeout: 10_000,
      })
      .toBe(0);
    expect(textsTo('9861000333')).toEqual([]);
    expect(textsTo('9861000444')).toHaveLength(1);
  });

  it('texts only a proved number: the account\'s, whatever delivery phone was typed, and none without one', async () => {
    // The delivery phone is someone else's: the text goes to the number the shopper proved.
    const mina = await shopperWithProved('9841000555');
    await placeOrder(mina, '9841000666');
    await expect.poll(() => textsTo('9841000555'), { timeout: 10_000 }).toHaveLength(1);
    // An account that never proved its number, whatever it typed: no text at all.
    const unproved = await makeShopper(t, { phoneNumber: '9841000777' });
    await placeOrder(unproved, '9841000777');
    await expect
      .poll(async () => (await t.app.ctx.db.selectFrom('jobs').select('id').where('kind', 'in', ['sms-later', 'sms']).where('status', '!=', 'done').execute()).length, {
        timeout: 10_000,
      })
      .toBe(0);
    expect(textsTo('9841000666')).toEqual([]);
    expect(textsTo('9841000777')).toEqual([]);
  });

  it('writes every update within one segment in English and two in Nepali', () => {
    const order = { id: 'ORD-HAQ4W5S9THSTWKGX', totalAmount: 1234567.5 };
    for (const event of ['placed', 'shipped', 'delivered', 'cancelled', 'paid'] as const) {
      expect(smsSize(orderText(event, order, 'Pasal', 'en')).segments, event).toBe(1);
      expect(smsSize(orderText(event, order, 'पसल', 'ne')).segments, event).toBeLessThanOrEqual(2);
    }
  });
});
