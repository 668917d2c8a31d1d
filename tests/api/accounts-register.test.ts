import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_SUCCESS_MESSAGE } from '../../src/shared/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import {
  bearer,
  expectNoSecrets,
  loginAs,
  registerAndVerify,
  registerAndVerifyBySms,
  registerShopper,
  shopperData,
  smsCodeFor,
} from '../helpers/accounts.js';

describe('POST /api/users/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/users/register', payload: payload as object });

  it('creates the shopper, answers 201 with the exact message and userId, and mails a code', async () => {
    const before = t.mail.messages.length;
    const body = shopperData({ email: 'Ram.Bahadur@Example.COM', firstName: '  Ram ', lastName: 'Thapa' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['message', 'userId']);
    expect(json.message).toBe(REGISTER_SUCCESS_MESSAGE);
    expect(json.message).toBe('User registered successfully. Please verify your email using the OTP sent.');
    expect(Number.isInteger(json.userId)).toBe(true);
    expectNoSecrets(res.body);

    const row = await t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', json.userId).executeTakeFirstOrThrow();
    expect(row.email).toBe('ram.bahadur@example.com');
    expect(row.first_name).toBe('Ram');
    expect(row.email_verified).toBe(0);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(body.password);

    const mail = await t.mail.waitFor('ram.bahadur@example.com', { since: before });
    expect(mail.subject).toBe('Your Pasal verification code');
    const code = await t.mail.otpFor('ram.bahadur@example.com', before);
    // The code stands on its own short line of the text part, and the HTML part shows it too.
    expect(mail.text).toMatch(new RegExp(`^${code}\\r?$`, 'm'));
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.text).toMatch(new RegExp(`>${code}</p>`));

    // Stored hashed, never as the code itself.
    const otp = await t.app.ctx.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('user_id', '=', json.userId)
      .executeTakeFirstOrThrow();
    expect(otp.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(otp.code_hash).not.toContain(code);
    expect(otp.attempts).toBe(0);
    // Valid ten minutes from now.
    const ttl = Date.parse(otp.expires_at) - t.clock.now().getTime();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
    // Registration counts as the first send.
    const sends = await t.app.ctx.db.selectFrom('otp_sends').selectAll().where('user_id', '=', json.userId).execute();
    expect(sends).toHaveLength(1);
  });

  it('names the store from the configuration in the mail', async () => {
    const other = await buildTestApp({ STORE_NAME: 'Pasal Pokhara' });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: shopperData({ email: 'pk@example.com' }),
      });
      expect(res.statusCode).toBe(201);
      const mail = await other.mail.waitFor('pk@example.com');
      expect(mail.subject).toBe('Your Pasal Pokhara verification code');
      expect(mail.text).toContain('Your Pasal Pokhara verification code is:');
    } finally {
      await other.close();
    }
  });

  it('never stores fields the client must not set (emailVerified, role, id, email_verified)', async () => {
    const res = await register(
      shopperData({ emailVerified: true, email_verified: 1, role: 'admin', id: 424242, isAdmin: true, password_hash: 'x' }),
    );
    expect(res.statusCode).toBe(201);
    const { userId } = res.json();
    expect(userId).not.toBe(424242);
    const row = await t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(0);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(Object.keys(row)).not.toContain('role');
  });

  it('answers every missing field with its own message', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.message).toBe('First Name is required');
    expect(json.errors).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      phoneNumber: 'Phone Number is required',
      password: 'Password is required',
      confirmPassword: 'Confirm Password is required',
    });
  });

  it('treats blank and non-text values as missing', async () => {
    const res = await register(shopperData({ firstName: '   ', lastName: 42, email: null, phoneNumber: ['9800000000'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      phoneNumber: 'Phone Number is required',
    });
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
    [{ email: 'a@b' }, 'email', 'Invalid email format'],
    [{ email: 'two words@example.com' }, 'email', 'Invalid email format'],
    [{ phoneNumber: '98123' }, 'phoneNumber', 'Phone Number should be 10 digits'],
    [{ phoneNumber: '98123456789' }, 'phoneNumber', 'Phone Number should be 10 digits'],
    [{ phoneNumber: '98-1234567' }, 'phoneNumber', 'Phone Number should be 10 digits'],
    [{ phoneNumber: '98abcdefgh' }, 'phoneNumber', 'Phone Number should be 10 digits'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'a-good-password', confirmPassword: 'a-different-one' }, 'confirmPassword', 'Passwords do not match'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Confirm Password is required'],
    [{ firstName: 'x'.repeat(51) }, 'firstName', 'First Name is too long'],
    [{ password: 'p'.repeat(201), confirmPassword: 'p'.repeat(201) }, 'password', 'Password is too long'],
  ])('refuses %j with "%s: %s"', async (override, field, message) => {
    const res = await register(shopperData(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().message).toBe(message);
  });

  it('says so when the body is not an object', async () => {
    for (const payload of [[], 'text', 12, null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Request body must be a JSON object');
    }
  });

  it('refuses an email of a verified account (in any case) with 409 naming the email', async () => {
    const first = await registerAndVerify(t);
    const res = await register(shopperData({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email is already registered');
  });

  it('refuses a phone number an account proved with 409 naming the phone', async () => {
    const first = await registerAndVerifyBySms(t);
    const res = await register(shopperData({ phoneNumber: first.phoneNumber }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Phone number is already registered');
  });

  it('names the email when both are taken', async () => {
    const first = await registerAndVerifyBySms(t);
    const res = await register(shopperData({ email: first.email, phoneNumber: first.phoneNumber }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email is already registered');
  });

  it('answers concurrent registrations of one email with 201s and 409s, never a 500, and keeps one account', async () => {
    const email = 'race.email@example.com';
    const results = await Promise.all(Array.from({ length: 4 }, () => register(shopperData({ email }))));
    const statuses = results.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses).toContain(201);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().message).toBe('Email is already registered');
    }
    const rows = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets accounts share a number until one proves it by text; the first to prove it keeps it', async () => {
    const phoneNumber = '9700000001';
    const results = await Promise.all(Array.from({ length: 2 }, () => register(shopperData({ phoneNumber }))));
    expect(results.map((res) => res.statusCode)).toEqual([201, 201]);
    const ids = results.map((res) => res.json<{ userId: number }>().userId);
    const codes = [await smsCodeFor(t, phoneNumber, 0), await smsCodeFor(t, phoneNumber, 1)];
    const verify = (userId: number, otp: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload: { userId, otp } });
    // Each texted code is one account's: try both for each (two guesses is well under the five).
    const proveBoth = async (userId: number) => {
      for (const otp of codes) {
        const res = await verify(userId, otp);
        if (res.statusCode !== 400) return res;
      }
      throw new Error('no texted code was this account’s');
    };
    expect((await proveBoth(ids[0]!)).statusCode).toBe(200);
    const late = await proveBoth(ids[1]!);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Phone number is already registered');
    // The second account can still verify by its mailed code; the number stays the first's.
    const emails = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'email', 'phone_verified_at'])
      .where('id', 'in', ids)
      .execute();
    const second = emails.find((row) => row.id === ids[1])!;
    expect((await verify(ids[1]!, await t.mail.otpFor(second.email!))).statusCode).toBe(200);
    expect(emails.find((row) => row.id === ids[0])!.phone_verified_at).not.toBeNull();
    expect(second.phone_verified_at).toBeNull();
    expect((await register(shopperData({ phoneNumber }))).statusCode).toBe(409);
  });

  it('stores SQL-looking names as plain text', async () => {
    const firstName = "Robert'); DROP TABLE users;--";
    const shopper = await registerShopper(t, { firstName, lastName: '" OR 1=1 --' });
    const token = await loginAs(t, shopper);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/findUser/${shopper.userId}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.firstName).toBe(firstName);
    expect(res.json().user.lastName).toBe('" OR 1=1 --');
  });
});
