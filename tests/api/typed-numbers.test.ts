import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAddressSchema } from '../../src/shared/orders.js';
import { typedPhone } from '../../src/shared/typed-numbers.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { shopperData, smsCodeFor } from '../helpers/accounts.js';
import { deliveryFields } from '../helpers/orders.js';

/**
 * Phone numbers and codes as people type them: in Nepali digits, with +977 / 977 / 00977, with
 * spaces or dashes. Stored and matched as the plain ten digits; wrong lengths are still refused.
 */
const nepali = (digits: string) => digits.replace(/\d/g, (d) => '०१२३४५६७८९'.charAt(Number(d)));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('numbers as people type them', () => {
  it('turns a typed number into its ten digits, and only a whole number', () => {
    expect(typedPhone('+977 ९८४१-२३४५६७')).toBe('9841234567');
    expect(typedPhone('00977 9841234567')).toBe('9841234567');
    expect(typedPhone('9779841234567')).toBe('9841234567');
    expect(typedPhone('9771234567')).toBe('9771234567');
    expect(typedPhone('+977 984123456')).toBe('+977984123456');
  });

  it('registers, verifies and logs in with Nepali digits and the country code', async () => {
    const body = shopperData();
    const phone = body.phoneNumber;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...body, phoneNumber: `+977 ${nepali(phone)}` },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { userId } = registered.json<{ userId: number }>();
    const stored = await t.app.ctx.db
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.phone_number).toBe(phone);

    // The texted code verifies the account and proves the number, which logging in by it needs.
    const otp = await smsCodeFor(t, phone, 0);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/users/verify-otp',
      payload: { userId, otp: nepali(otp) },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    for (const emailOrPhone of [`977${nepali(phone)}`, `+977 ${phone.slice(0, 3)}-${phone.slice(3)}`, nepali(phone)]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { emailOrPhone, password: body.password },
      });
      expect(login.statusCode, `${emailOrPhone}: ${login.body}`).toBe(200);
    }

    // The same number typed another way is the same number: taken.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...shopperData(), phoneNumber: `00977${phone}` },
    });
    expect(again.statusCode).toBe(409);
  });

  it('still refuses a number of 9 or 11 digits and a code of letters, in both languages', async () => {
    for (const phoneNumber of ['+977 ९८४१२३४५६', '९८४१२३४५६७८', '+977 98412345678', '98-41-ab-cd']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: shopperData({ phoneNumber }) });
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(res.body).toContain('Phone Number should be 10 digits');
    }
    const nepaliAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'accept-language': 'ne' },
      payload: shopperData({ phoneNumber: '९८४१२३४५६' }),
    });
    expect(nepaliAnswer.statusCode).toBe(400);
    expect(nepaliAnswer.body).toMatch(/[\u0900-\u097F]/);
    const letters = await t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload: { userId: 1, otp: 'abcdef' } });
    expect(letters.statusCode).toBe(400);
    expect(letters.body).toContain('OTP must be 6 digits');
  });

  it('takes a delivery phone in Nepali digits or with +977', () => {
    const parsed = deliveryAddressSchema.safeParse(deliveryFields({ phone: '+977 ९८५१-०१२३४५' }));
    expect(parsed.success && parsed.data.phone).toBe('9851012345');
    const short = deliveryAddressSchema.safeParse(deliveryFields({ phone: '+977 ९८५१०१२३४' }));
    expect(short.success).toBe(false);
  });
});
