import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer, expectNoSecrets, loginAs, registerShopper, type Shopper } from '../helpers/accounts.js';

const MINUTE = 60 * 1000;

describe('OTP: POST /api/users/send-otp and /api/users/verify-otp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const sendOtp = (userId: unknown) => t.app.inject({ method: 'POST', url: '/api/users/send-otp', payload: { userId } });
  const verify = (userId: unknown, otp: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload: { userId, otp } });
  /** Registers and returns the shopper with the code of the registration mail. */
  async function fresh(): Promise<Shopper & { code: string }> {
    const before = t.mail.messages.length;
    const shopper = await registerShopper(t);
    return { ...shopper, code: await t.mail.otpFor(shopper.email, before) };
  }
  /** Asks for a new code and returns it from the mail. */
  async function resend(shopper: Shopper): Promise<string> {
    const before = t.mail.messages.length;
    const res = await sendOtp(shopper.userId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent successfully' });
    return t.mail.otpFor(shopper.email, before);
  }
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const otpRow = (userId: number) =>
    t.app.ctx.db.selectFrom('otp_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();

  it('verifies with the mailed code: 200, emailVerified becomes true, the code is gone', async () => {
    const shopper = await fresh();
    const token = await loginAs(t, shopper);
    const profile = () => t.app.inject({ method: 'GET', url: `/api/users/findUser/${shopper.userId}`, headers: bearer(token) });
    expect((await profile()).json().user.emailVerified).toBe(false);

    const res = await verify(shopper.userId, shopper.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully' });
    expectNoSecrets(res.body);
    expect((await profile()).json().user.emailVerified).toBe(true);
    expect(await otpRow(shopper.userId)).toBeUndefined();
  });

  it('accepts the userId as a string of digits and the code with surrounding spaces', async () => {
    const shopper = await fresh();
    const res = await verify(String(shopper.userId), ` ${shopper.code} `);
    expect(res.statusCode).toBe(200);
  });

  it('uses a code once: a reused code (and any send) answers 409 already verified', async () => {
    const shopper = await fresh();
    expect((await verify(shopper.userId, shopper.code)).statusCode).toBe(200);
    const again = await verify(shopper.userId, shopper.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Email is already verified');
    t.clock.advance(MINUTE);
    const send = await sendOtp(shopper.userId);
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe('Email is already verified');
  });

  it('counts wrong codes: five 400s with the tries left, then 429 even for the right code', async () => {
    const shopper = await fresh();
    const wrong = wrongCode(shopper.code);
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(shopper.userId, wrong);
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'Invalid OTP. 4 attempts left.',
      'Invalid OTP. 3 attempts left.',
      'Invalid OTP. 2 attempts left.',
      'Invalid OTP. 1 attempt left.',
      'Invalid OTP. No attempts left; please request a new OTP.',
    ]);
    const locked = await verify(shopper.userId, shopper.code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many incorrect attempts. Please request a new OTP.');
    expect((await verify(shopper.userId, wrong)).statusCode).toBe(429);
    expect((await otpRow(shopper.userId))?.attempts).toBe(5);

    // A new code (after the resend wait) starts afresh; the dead one stays dead.
    t.clock.advance(MINUTE);
    const code = await resend(shopper);
    expect((await otpRow(shopper.userId))?.attempts).toBe(0);
    expect((await verify(shopper.userId, code)).statusCode).toBe(200);
  });

  it('never evaluates more than five guesses, even in parallel', async () => {
    const shopper = await fresh();
    const wrong = wrongCode(shopper.code);
    const results = await Promise.all(Array.from({ length: 12 }, () => verify(shopper.userId, wrong)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect((await otpRow(shopper.userId))?.attempts).toBe(5);
    expect((await verify(shopper.userId, shopper.code)).statusCode).toBe(429);
  });

  it('keeps a code valid for 10 minutes and refuses it after with 400 expired', async () => {
    const early = await fresh();
    const late = await fresh();
    t.clock.advance(9 * MINUTE + 50 * 1000);
    expect((await verify(early.userId, early.code)).statusCode).toBe(200);
    t.clock.advance(11 * 1000);
    const res = await verify(late.userId, late.code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('OTP has expired. Please request a new one.');
    // A new code works.
    const code = await resend(late);
    expect((await verify(late.userId, code)).statusCode).toBe(200);
  });

  it('refuses a resend within 60 s with 429 and Retry-After, allows it after', async () => {
    const shopper = await fresh();
    t.clock.advance(20 * 1000);
    const early = await sendOtp(shopper.userId);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Please wait (39|40) seconds before requesting a new OTP$/);
    // (Real milliseconds pass too, so allow one second of slack.)
    expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(39);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(40);
    t.clock.advance(39 * 1000);
    expect((await sendOtp(shopper.userId)).statusCode).toBe(429);
    t.clock.advance(1000);
    await resend(shopper);
  });

  it('voids the previous code when a new one is sent', async () => {
    const shopper = await fresh();
    t.clock.advance(MINUTE);
    const code = await resend(shopper);
    if (code !== shopper.code) {
      const old = await verify(shopper.userId, shopper.code);
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toMatch(/^Invalid OTP/);
    }
    expect((await verify(shopper.userId, code)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour (registration is the first)', async () => {
    const shopper = await fresh();
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(61 * 1000);
      await resend(shopper);
    }
    t.clock.advance(61 * 1000);
    const sixth = await sendOtp(shopper.userId);
    expect(sixth.statusCode).toBe(429);
    // The first send leaves the one-hour window 60 min - 5 × 61 s = 3295 s from now.
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(3290);
    expect(retryAfter).toBeLessThanOrEqual(3295);
    expect(sixth.json().message).toBe('Too many OTP requests. Please try again in 55 minutes.');
    const sends = await t.app.ctx.db.selectFrom('otp_sends').selectAll().where('user_id', '=', shopper.userId).execute();
    expect(sends).toHaveLength(5);

    t.clock.advance(retryAfter * 1000);
    const code = await resend(shopper);
    expect((await verify(shopper.userId, code)).statusCode).toBe(200);
  });

  it('lets only one of several parallel sends through', async () => {
    const shopper = await fresh();
    t.clock.advance(MINUTE);
    const results = await Promise.all(Array.from({ length: 4 }, () => sendOtp(shopper.userId)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });

  it('answers 400 when no code is live', async () => {
    const shopper = await fresh();
    await t.app.ctx.db.deleteFrom('otp_codes').where('user_id', '=', shopper.userId).execute();
    const res = await verify(shopper.userId, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No OTP has been requested. Please request a new one.');
  });

  it('answers an unknown user id as it answers a shopper, so the calls cannot count users', async () => {
    const known = await fresh();
    const unknown = 999_999;
    const answers = async (userId: number) => {
      const seen: Array<[number, string]> = [];
      const note = (res: Awaited<ReturnType<typeof sendOtp>>) =>
        seen.push([res.statusCode, res.json<{ message: string }>().message]);
      note(await sendOtp(userId)); // sent
      note(await sendOtp(userId)); // too soon
      for (let i = 0; i < 6; i += 1) note(await verify(userId, '000001')); // wrong ×5, then locked
      return seen;
    };
    t.clock.advance(61_000); // the registration's send no longer makes the known one wait
    const mailsBefore = t.mail.messages.length;
    const forKnown = await answers(known.userId);
    const forUnknown = await answers(unknown);
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown[0]).toEqual([200, 'OTP sent successfully']);
    expect(forKnown.at(-1)).toEqual([429, 'Too many incorrect attempts. Please request a new OTP.']);
    // Only the real shopper got a mail.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.messages.slice(mailsBefore).map((mail) => mail.to)).toEqual([[known.email]]);
    // With no code asked for, both say so alike.
    expect((await verify(888_888, '123456')).json().message).toBe('No OTP has been requested. Please request a new one.');
  });

  it.each([
    [{ userId: 'abc', otp: '123456' }, 'userId must be a number'],
    [{ userId: true, otp: '123456' }, 'userId must be a number'],
    [{ userId: [1], otp: '123456' }, 'userId must be a number'],
    [{ otp: '123456' }, 'userId must be a number'],
    [{ userId: 0, otp: '123456' }, 'userId must be positive'],
    [{ userId: 1.5, otp: '123456' }, 'userId must be a whole number'],
    [{ userId: 2 ** 53, otp: '123456' }, 'userId must be a whole number'],
    [{ userId: 1 }, 'OTP is required'],
    [{ userId: 1, otp: '' }, 'OTP is required'],
    [{ userId: 1, otp: '12345' }, 'OTP must be 6 digits'],
    [{ userId: 1, otp: '1234567' }, 'OTP must be 6 digits'],
    [{ userId: 1, otp: '12a456' }, 'OTP must be 6 digits'],
  ])('verify-otp refuses %j with 400 "%s"', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('send-otp refuses a missing or bad userId with 400', async () => {
    for (const payload of [{}, { userId: 'x' }, { userId: -3 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/send-otp', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('userId');
    }
  });
});
