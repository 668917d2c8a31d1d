import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsLog } from '../../src/shared/sms.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer } from '../helpers/accounts.js';
import { makeShopper } from '../helpers/orders.js';

/** The admin's log of texts and test text, and the shopper's switch for order texts. */
describe('SMS in the admin panel and the Account tab', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ SMS_DAILY_LIMIT: '4' });
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const log = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/sms', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SmsLog>();
  };
  const test = async (payload: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/sms/test', headers: { ...bearer(admin), ...headers }, payload });
    return { statusCode: res.statusCode, body: res.json<{ message: string; code?: string }>() };
  };

  it('refuses a test text to a number that is not a Nepali mobile, or of 2,000 characters, with a 400', async () => {
    for (const to of ['014123456', '+14155550100', '984123456', '98412345678']) {
      const res = await test({ to, text: 'Hello' });
      expect(res.statusCode, to).toBe(400);
      expect(res.body.message).toContain('Nepali mobile number');
    }
    const long = await test({ to: '9841234567', text: 'क'.repeat(2000) });
    expect(long.statusCode).toBe(400);
    expect(long.body.message).toBe('The text can be at most 268 characters');
    const nepali = await test({ to: '9841234567', text: 'क'.repeat(2000) }, { 'accept-language': 'ne' });
    expect(nepali.body.message).toBe('सन्देश बढीमा २६८ अक्षरको हुन सक्छ');
    expect((await test({ to: '9841234567', text: '   ' })).statusCode).toBe(400);
    expect((await log()).texts).toEqual([]);
  });

  it('lists texts with the number masked, kind, segments and status, and the day’s count', async () => {
    expect((await test({ to: '+977 ९८४१२३४५६७', text: 'Test from the admin' })).statusCode).toBe(202);
    await t.app.ctx.sms.queue(t.app.ctx.db, { to: '9801112223', kind: 'code', text: 'Your Pasal code is 555111' });
    await t.app.ctx.sms.queue(t.app.ctx.db, { to: '9801112224', kind: 'order', text: 'अर्डर '.repeat(20) });
    const body = await log();
    expect(body.today).toMatchObject({ count: 3, limit: 4, capReached: false });
    expect(body.provider).toBe('outbox');
    expect(body.texts.map((text) => [text.phone, text.kind, text.segments, text.encoding])).toEqual([
      ['98*****224', 'order', 2, 'ucs2'],
      ['98*****223', 'code', 1, 'gsm7'],
      ['98*****567', 'test', 1, 'gsm7'],
    ]);
    expect(JSON.stringify(body)).not.toContain('555111');
    expect(JSON.stringify(body)).not.toContain('9841234567');
  });

  it('answers 429 once the day’s limit is reached, and the log says the cap was reached', async () => {
    expect((await test({ to: '9841234568', text: 'Fourth' })).statusCode).toBe(202);
    const refused = await test({ to: '9841234569', text: 'Fifth' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({ message: "Today's SMS limit is reached", code: 'TOO_MANY_REQUESTS' });
    expect((await log()).today).toMatchObject({ count: 4, capReached: true });
  });

  it('lets a shopper turn order texts off and on, and only for themselves', async () => {
    const sita = await makeShopper(t);
    const gita = await makeShopper(t);
    const url = `/api/users/${sita.userId}/sms`;
    const get = await t.app.inject({ method: 'GET', url, headers: bearer(sita.token) });
    expect(get.json()).toEqual({ sms: { orderUpdates: true } });
    const off = await t.app.inject({ method: 'PUT', url, headers: bearer(sita.token), payload: { orderUpdates: false } });
    expect(off.json()).toEqual({ sms: { orderUpdates: false } });
    expect(await t.app.ctx.sms.queue(t.app.ctx.db, { to: sita.phoneNumber, kind: 'order', text: 'x', userId: sita.userId })).toEqual({
      queued: false,
      reason: 'opted-out',
    });
    const bad = await t.app.inject({ method: 'PUT', url, headers: bearer(sita.token), payload: { orderUpdates: 'no' } });
    expect(bad.statusCode).toBe(400);
    const other = await t.app.inject({ method: 'PUT', url, headers: bearer(gita.token), payload: { orderUpdates: true } });
    expect(other.statusCode).toBe(403);
    const on = await t.app.inject({ method: 'PUT', url, headers: bearer(sita.token), payload: { orderUpdates: true } });
    expect(on.json()).toEqual({ sms: { orderUpdates: true } });
  });
});
