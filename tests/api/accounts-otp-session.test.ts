import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectNoSecrets, jwtPayload, shopperData } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

/**
 * A right code on the registration screen logs the shopper in at once. POST
 * /api/users/verify-otp with startSession: true answers a session token (as login does), but only
 * to the browser that registered (its device cookie for the account); without the flag, or from
 * anywhere else, the answer stays the plain { message } and no session starts.
 */
describe('POST /api/users/verify-otp with startSession (the registration screen)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** Registers as a browser does: the id, the mailed code and the device cookie the answer set. */
  async function registers() {
    const body = shopperData();
    const before = t.mail.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const email = String(body.email).toLowerCase();
    return {
      userId: res.json<{ userId: number }>().userId,
      code: await t.mail.otpFor(email, before),
      cookie: String(res.headers['set-cookie']).split(';')[0]!,
    };
  }
  const verify = (payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload, headers: cookie ? { cookie } : {} });
  const sessionsOf = (userId: number) =>
    t.app.ctx.db.selectFrom('sessions').select(['id']).where('kind', '=', 'user').where('subject_id', '=', userId).execute();
  const profile = (userId: number, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/findUser/${userId}`, headers: bearer(token) });

  it('answers a working session token to the browser that registered', async () => {
    const shopper = await registers();
    const res = await verify({ userId: shopper.userId, otp: shopper.code, startSession: true }, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; token?: string }>();
    expect(body.message).toBe('Email verified successfully');
    expect(typeof body.token).toBe('string');
    expectNoSecrets(res.body);
    expect(jwtPayload(body.token!).id).toBe(shopper.userId);
    expect(await sessionsOf(shopper.userId)).toHaveLength(1);

    const me = await profile(shopper.userId, body.token!);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.emailVerified).toBe(true);
    // A session like any other: it refreshes and logs out.
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/users/refresh-token', payload: { token: body.token } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('starts no session without the flag (SPEC answer, e.g. the profile tab)', async () => {
    const shopper = await registers();
    const res = await verify({ userId: shopper.userId, otp: shopper.code }, shopper.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully' });
    expect(await sessionsOf(shopper.userId)).toHaveLength(0);
  });

  it('verifies but starts no session for a browser without the account’s device cookie', async () => {
    const shopper = await registers();
    const res = await verify({ userId: shopper.userId, otp: shopper.code, startSession: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully' });
    expect(await sessionsOf(shopper.userId)).toHaveLength(0);
  });

  it('a device cookie of another account does not count', async () => {
    const mine = await registers();
    const other = await registers();
    const res = await verify({ userId: mine.userId, otp: mine.code, startSession: true }, other.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect(await sessionsOf(mine.userId)).toHaveLength(0);
  });

  it('a forged device cookie does not count', async () => {
    const shopper = await registers();
    const forged = shopper.cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const res = await verify({ userId: shopper.userId, otp: shopper.code, startSession: true }, forged);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
  });

  it('a wrong code starts nothing; an already verified account is refused, with no token', async () => {
    const shopper = await registers();
    const wrong = shopper.code === '000000' ? '111111' : '000000';
    const refused = await verify({ userId: shopper.userId, otp: wrong, startSession: true }, shopper.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().token).toBeUndefined();
    expect(await sessionsOf(shopper.userId)).toHaveLength(0);

    expect((await verify({ userId: shopper.userId, otp: shopper.code }, shopper.cookie)).statusCode).toBe(200);
    const again = await verify({ userId: shopper.userId, otp: shopper.code, startSession: true }, shopper.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().token).toBeUndefined();
    expect(await sessionsOf(shopper.userId)).toHaveLength(0);
  });

  it('refuses a startSession that is not true or false with 400', async () => {
    const shopper = await registers();
    const res = await verify({ userId: shopper.userId, otp: shopper.code, startSession: 'yes' }, shopper.cookie);
    expect(res.statusCode).toBe(400);
    expect(await sessionsOf(shopper.userId)).toHaveLength(0);
  });
});
