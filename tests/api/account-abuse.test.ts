import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MAX_WRONG_PER_SOURCE, OTP_MAX_WRONG_UNTRUSTED, OTP_SENDS_PER_HOUR } from '../../src/server/features/accounts/otp.js';
import { REGISTER_PER_EMAIL_HOUR } from '../../src/server/features/accounts/service.js';
import { removalJobKey, UNVERIFIED_ACCOUNT_TTL_MS } from '../../src/server/features/accounts/unverified-removal.js';
import { ORDER_MESSAGES } from '../../src/shared/orders.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer, loginAs, registerAndVerify, shopperData } from '../helpers/accounts.js';
import { fillCart, makeProduct, orderBody } from '../helpers/orders.js';

/**
 * What a stranger with a script could do to real shoppers through the
 * account calls, each reproduced and now harmless.
 */
describe('accounts a stranger cannot abuse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  let ipCounter = 0;
  const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const OWNER_IP = '10.99.0.1';

  /** Registers from the owner's browser: answers the id, the code mailed and the browser's device cookie. */
  async function ownerRegisters(overrides: Record<string, unknown> = {}) {
    const body = shopperData(overrides);
    const before = t.mail.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body, remoteAddress: OWNER_IP });
    expect(res.statusCode, res.body).toBe(201);
    const email = String(body.email).toLowerCase();
    return {
      userId: res.json<{ userId: number }>().userId,
      email,
      password: String(body.password),
      phoneNumber: String(body.phoneNumber),
      code: await t.mail.otpFor(email, before),
      cookie: String(res.headers['set-cookie']).split(';')[0]!,
    };
  }
  const verify = (userId: number, otp: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/verify-otp',
      payload: { userId, otp },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
  const sendOtp = (userId: number, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/send-otp',
      payload: { userId },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('ids', () => {
    it('are random, not sequential: an id tells nothing of how many shoppers there are or the next one', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 6; i += 1) ids.push((await ownerRegisters()).userId);
      expect(new Set(ids).size).toBe(6);
      for (const id of ids) {
        expect(Number.isSafeInteger(id)).toBe(true);
        expect(id).toBeGreaterThanOrEqual(2 ** 32);
      }
      const steps = ids.slice(1).map((id, i) => Math.abs(id - ids[i]!));
      expect(steps.some((step) => step > 1000)).toBe(true);
      // The calls that take a user id in their path take them as they took the small ones.
      const owner = await registerAndVerify(t);
      const token = await loginAs(t, owner);
      const found = await t.app.inject({ method: 'GET', url: `/api/users/findUser/${owner.userId}`, headers: bearer(token) });
      expect(found.json().user.id).toBe(owner.userId);
      const cart = await t.app.inject({ method: 'GET', url: `/api/cart/view-cart/${owner.userId}`, headers: bearer(token) });
      expect(cart.statusCode).toBe(200);
    });
  });

  describe('verification codes', () => {
    it('a stranger’s wrong guesses never lock out the owner’s browser', async () => {
      const owner = await ownerRegisters();
      const wrong = wrongCode(owner.code);
      const stranger = nextIp();
      for (let i = 0; i < OTP_MAX_WRONG_PER_SOURCE; i += 1)
        expect((await verify(owner.userId, wrong, stranger)).statusCode).toBe(400);
      expect((await verify(owner.userId, owner.code, stranger)).statusCode).toBe(429);
      // The owner, from the browser that registered (and even from the same address), is not affected.
      expect((await verify(owner.userId, owner.code, stranger, owner.cookie)).statusCode).toBe(200);
    });

    it('many strangers together kill the code for strangers, never for the owner’s browser', async () => {
      const owner = await ownerRegisters();
      const wrong = wrongCode(owner.code);
      const statuses: number[] = [];
      for (let i = 0; i < OTP_MAX_WRONG_UNTRUSTED + 5; i += 1)
        statuses.push((await verify(owner.userId, wrong, nextIp())).statusCode);
      expect(statuses.filter((status) => status === 400)).toHaveLength(OTP_MAX_WRONG_UNTRUSTED);
      expect(statuses.slice(OTP_MAX_WRONG_UNTRUSTED).every((status) => status === 429)).toBe(true);
      // Even the right code from a fresh address is refused now: the code is dead for strangers…
      expect((await verify(owner.userId, owner.code, nextIp())).statusCode).toBe(429);
      // …and alive for the owner's browser.
      expect((await verify(owner.userId, owner.code, nextIp(), owner.cookie)).statusCode).toBe(200);
    });

    it('a stranger cannot use up the owner’s code requests', async () => {
      const owner = await ownerRegisters();
      const stranger = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < OTP_SENDS_PER_HOUR + 1; i += 1) {
        t.clock.advance(61_000);
        statuses.push((await sendOtp(owner.userId, stranger)).statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      // The owner's browser still gets a code, and that code works.
      const before = t.mail.messages.length;
      expect((await sendOtp(owner.userId, stranger, owner.cookie)).statusCode).toBe(200);
      const code = await t.mail.otpFor(owner.email, before);
      expect((await verify(owner.userId, code, OWNER_IP, owner.cookie)).statusCode).toBe(200);
    });

    it('answers an unknown id as a shopper’s, per source too', async () => {
      const ghost = 2 ** 40 + 12345;
      const stranger = nextIp();
      expect((await sendOtp(ghost, stranger)).statusCode).toBe(200);
      expect((await sendOtp(ghost, stranger)).statusCode).toBe(429);
      expect((await sendOtp(ghost, nextIp())).statusCode).toBe(200);
      const res = await verify(ghost, '123456', stranger);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid OTP. 4 attempts left.');
    });
  });

  describe('squatting an email or phone number', () => {
    it('a registration takes over an email held only by an unverified account; the squatter loses it all', async () => {
      const victim = shopperData();
      const email = String(victim.email).toLowerCase();
      const squatter = await ownerRegisters({
        email,
        phoneNumber: '9711111111',
        password: 'squatter-pass',
        confirmPassword: 'squatter-pass',
      });
      const squatterToken = await loginAs(t, squatter);
      const product = await makeProduct(t);
      await fillCart(t.app.ctx.db, squatter.userId, [{ productId: product.id, quantity: 1 }]);

      const before = t.mail.messages.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: victim, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(201);
      const victimId = res.json<{ userId: number }>().userId;
      expect(victimId).not.toBe(squatter.userId);
      // The code goes to the address, so only its owner can finish.
      const code = await t.mail.otpFor(email, before);
      expect((await verify(victimId, code, nextIp())).statusCode).toBe(200);

      const db = t.app.ctx.db;
      expect(await db.selectFrom('users').select('id').where('id', '=', squatter.userId).executeTakeFirst()).toBeUndefined();
      expect(await db.selectFrom('cart_items').select('id').where('user_id', '=', squatter.userId).execute()).toEqual([]);
      const stale = await t.app.inject({
        method: 'GET',
        url: `/api/users/findUser/${squatter.userId}`,
        headers: bearer(squatterToken),
      });
      expect(stale.statusCode).toBe(401);
      const relogin = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { emailOrPhone: email, password: squatter.password },
        remoteAddress: nextIp(),
      });
      expect(relogin.statusCode).toBe(401);
    });

    it('an unverified account is removed after 48 hours with its cart, freeing its email and phone', async () => {
      const idle = await ownerRegisters({ phoneNumber: '9722222222' });
      const kept = await registerAndVerify(t, { phoneNumber: '9733333333' });
      const product = await makeProduct(t);
      await fillCart(t.app.ctx.db, idle.userId, [{ productId: product.id, quantity: 2 }]);
      const db = t.app.ctx.db;
      const job = await db
        .selectFrom('jobs')
        .select(['run_at', 'status'])
        .where('key', '=', removalJobKey(idle.userId))
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('queued');
      expect(Date.parse(job.run_at) - t.clock.now().getTime()).toBeGreaterThan(UNVERIFIED_ACCOUNT_TTL_MS - 60_000);
      // Verifying cancels the removal.
      expect(await db.selectFrom('jobs').select('id').where('key', '=', removalJobKey(kept.userId)).execute()).toEqual([]);

      t.clock.advance(UNVERIFIED_ACCOUNT_TTL_MS + 1000);
      t.app.ctx.jobs.wake();
      await expect
        .poll(
          async () => (await db.selectFrom('users').select('id').where('id', '=', idle.userId).executeTakeFirst()) ?? 'gone',
          {
            timeout: 10_000,
          },
        )
        .toBe('gone');
      expect(await db.selectFrom('cart_items').select('id').where('user_id', '=', idle.userId).execute()).toEqual([]);
      expect(await db.selectFrom('users').select('id').where('id', '=', kept.userId).executeTakeFirst()).toBeDefined();
      // Its phone number is free again.
      await registerAndVerify(t, { phoneNumber: '9722222222' });
    });

    it('an unverified account can log in to verify, but cannot check out', async () => {
      const owner = await ownerRegisters();
      const token = await loginAs(t, owner);
      const product = await makeProduct(t);
      await fillCart(t.app.ctx.db, owner.userId, [{ productId: product.id, quantity: 1 }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/create',
        headers: bearer(token),
        payload: orderBody(owner.userId, product.price),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORDER_MESSAGES.notVerified);
    });
  });

  describe('flooding an inbox', () => {
    it('limits registrations naming one address, from however many sources', async () => {
      const email = `flooded.${Date.now()}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i <= REGISTER_PER_EMAIL_HOUR; i += 1) {
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/users/register',
              payload: shopperData({ email }),
              remoteAddress: nextIp(),
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, REGISTER_PER_EMAIL_HOUR).every((status) => status === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
