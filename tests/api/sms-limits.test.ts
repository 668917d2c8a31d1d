import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES_PER_DAY, CODES_PER_HOUR } from '../../src/server/features/sms/sender.js';
import { fitSms, smsSize } from '../../src/shared/sms.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';

/**
 * What keeps SMS from being pumped: per number 3 codes an hour and 10 a day, and a shop-wide cap a
 * day, each held by the database when the requests come all at once.
 */
describe('SMS limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMS_DAILY_LIMIT: '30', STORE_EMAIL: 'owner@pasal.test' });
  });
  afterAll(() => t.close());

  const code = (to: string) => t.app.ctx.sms.queue(t.app.ctx.db, { to, kind: 'code', text: 'Your Pasal code is 123456' });
  const reasons = (results: Array<Awaited<ReturnType<typeof code>>>) =>
    results.map((result) => (result.queued ? 'queued' : result.reason)).sort();

  it('texts one number at most 3 codes an hour and 10 a day, however many ask at once', async () => {
    const phone = '9841000001';
    const first = await Promise.all(Array.from({ length: 12 }, () => code(phone)));
    expect(reasons(first).filter((reason) => reason === 'queued')).toHaveLength(CODES_PER_HOUR);
    expect(reasons(first).filter((reason) => reason === 'number-limit')).toHaveLength(12 - CODES_PER_HOUR);
    // Typed another way, it is the same number.
    expect(await code('+977 ९८४१०००००१')).toEqual({ queued: false, reason: 'number-limit' });
    // Another number is not held back by this one.
    expect((await code('9841000002')).queued).toBe(true);
    let queued = CODES_PER_HOUR;
    for (let hour = 1; hour <= 4; hour++) {
      t.clock.advance(61 * 60 * 1000);
      const results = await Promise.all(Array.from({ length: 5 }, () => code(phone)));
      queued += results.filter((result) => result.queued).length;
    }
    // Hours 2-4 give 3 each (12 by then) but the day allows 10 in all.
    expect(queued).toBe(CODES_PER_DAY);
    const rows = await t.app.ctx.db.selectFrom('sms_messages').select('id').where('phone', '=', phone).execute();
    expect(rows).toHaveLength(CODES_PER_DAY);
    // A day after the first ones, the number may have codes again.
    t.clock.advance(21 * 60 * 60 * 1000);
    expect((await code(phone)).queued).toBe(true);
  });

  it('stops at the daily cap under parallel sends, tells the admin once, and order texts are not held by number limits', async () => {
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    const results = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        t.app.ctx.sms.queue(t.app.ctx.db, { to: `98510${String(i).padStart(5, '0')}`, kind: 'order', text: `Order ${i}` }),
      ),
    );
    expect(reasons(results).filter((reason) => reason === 'queued')).toHaveLength(30);
    expect(reasons(results).filter((reason) => reason === 'daily-cap')).toHaveLength(15);
    expect((await code('9861234567')).queued).toBe(false);
    const told = await t.app.ctx.db
      .selectFrom('jobs')
      .select('summary')
      .where('kind', '=', 'mail')
      .where('summary', 'like', 'owner@pasal.test: SMS limit reached%')
      .execute();
    expect(told).toHaveLength(1);
  });
});

describe('segments', () => {
  it('counts GSM-7 in 160/153 and Devanagari as Unicode in 70/67', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161)).segments).toBe(2);
    expect(smsSize('a'.repeat(306)).segments).toBe(2);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
    expect(smsSize('{}').units).toBe(4);
    expect(smsSize('क'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSize('क'.repeat(71)).segments).toBe(2);
    expect(smsSize('Order रू १००').encoding).toBe('ucs2');
  });

  it('cuts a text of 2,000 characters to four segments, ending it in an ellipsis', () => {
    const latin = fitSms('x'.repeat(2000));
    expect(latin).toMatchObject({ encoding: 'gsm7', segments: 4 });
    expect(latin.text.endsWith('...')).toBe(true);
    expect(latin.text.length).toBe(612);
    const nepali = fitSms('नमस्ते '.repeat(300));
    expect(nepali).toMatchObject({ encoding: 'ucs2', segments: 4 });
    expect(nepali.text.endsWith('…')).toBe(true);
    expect(nepali.text.length).toBeLessThanOrEqual(268);
    expect(fitSms('short')).toMatchObject({ text: 'short', segments: 1 });
  });
});
