import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts.js';
import { PHONE_CODE_MESSAGES } from '../../src/shared/phone-codes.js';
import { SMS_MESSAGES } from '../../src/shared/sms.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import {
  bearer,
  jwtPayload,
  loginAs,
  registerAndVerify,
  registerAndVerifyBySms,
  registerShopper,
  shopperData,
  smsCodeFor,
  textsTo,
} from '../helpers/accounts.js';

/** A fresh Nepali mobile number per call (the per-number text limits are the sender's own tests). */
let serial = 0;
const newNumber = () => `98${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(2, '0')}`;

describe('phone numbers proved by text, and login by phone and code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  let ipCounter = 0;
  const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const post = (url: string, payload: object, options: { token?: string; ip?: string; lang?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.ip ?? '10.8.0.1',
      headers: { ...(options.token ? bearer(options.token) : {}), ...(options.lang ? { 'accept-language': options.lang } : {}) },
    });
  const login = (emailOrPhone: string, password: string) =>
    post('/api/users/login', { emailOrPhone, password }, { ip: nextIp() });
  /** Lets the worker write what was queued, then counts the texts to the number. */
  const settledTexts = async (phone: string) => {
    t.app.ctx.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return textsTo(t, phone).length;
  };

  it('registration texts a second code: it verifies the account and proves the number', async () => {
    const phoneNumber = newNumber();
    const shopper = await registerShopper(t, { phoneNumber });
    const code = await smsCodeFor(t, phoneNumber, 0);
    const text = textsTo(t, phoneNumber)[0]!;
    expect(text).toContain(`${code} is your Pasal verification code. Valid 10 minutes.`);
    expect(code).not.toBe(await t.mail.otpFor(shopper.email));
    const res = await post('/api/users/verify-otp', { userId: shopper.userId, otp: code });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select(['email_verified', 'email_verified_at', 'phone_verified_at'])
      .where('id', '=', shopper.userId)
      .executeTakeFirstOrThrow();
    expect(Number(row.email_verified)).toBe(1);
    expect(row.phone_verified_at).not.toBeNull();
    expect(row.email_verified_at).toBeNull();
    const token = await loginAs(t, shopper);
    const me = await t.app.inject({ method: 'GET', url: `/api/users/findUser/${shopper.userId}`, headers: bearer(token) });
    expect(me.json().user).toMatchObject({ emailVerified: true, phoneVerified: true });
  });

  it('the mailed code verifies the account but leaves the number unproved', async () => {
    const shopper = await registerAndVerify(t, { phoneNumber: newNumber() });
    const token = await loginAs(t, shopper);
    const me = await t.app.inject({ method: 'GET', url: `/api/users/findUser/${shopper.userId}`, headers: bearer(token) });
    expect(me.json().user).toMatchObject({ emailVerified: true, phoneVerified: false });
    expect((await login(shopper.phoneNumber, shopper.password)).statusCode).toBe(401);
  });

  it('a stranger who registers someone’s number can neither keep it from its owner nor log in by it', async () => {
    const phoneNumber = newNumber();
    // The attacker types the victim's number and verifies the account by their own mailbox.
    const attacker = await registerAndVerify(t, {
      phoneNumber,
      password: 'attackers-password',
      confirmPassword: 'attackers-password',
    });
    expect((await login(phoneNumber, attacker.password)).statusCode).toBe(401);
    const asked = await post('/api/users/login-code', { phoneNumber }, { ip: nextIp() });
    expect(asked.statusCode).toBe(200);
    expect(await settledTexts(phoneNumber)).toBe(1); // the registration's only: no login code for an unproved number
    // The owner registers the same number (not refused) and proves it with the texted code.
    const owner = await registerAndVerifyBySms(t, { phoneNumber });
    expect((await login(phoneNumber, owner.password)).statusCode).toBe(200);
    const attackerLogin = await login(phoneNumber, attacker.password);
    expect(attackerLogin.statusCode).toBe(401);
    expect(attackerLogin.json().message).toBe(ACCOUNT_MESSAGES.loginFailed);
    // Nor can the attacker prove it now: the first to prove a number keeps it.
    const attackerToken = await loginAs(t, attacker);
    const send = await post('/api/users/phone-code', {}, { token: attackerToken });
    expect(send.statusCode).toBe(200);
    const code = await smsCodeFor(t, phoneNumber, 0, 'confirm this number');
    const stolen = await post('/api/users/verify-phone', { otp: code }, { token: attackerToken });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe(ACCOUNT_MESSAGES.phoneTaken);
    // And a login code goes to the owner's account, never the attacker's.
    t.clock.advance(61 * 60 * 1000);
    expect((await post('/api/users/login-code', { phoneNumber }, { ip: nextIp() })).statusCode).toBe(200);
    const loginCode = await smsCodeFor(t, phoneNumber, 0, 'login code');
    const session = await post('/api/users/login-code/verify', { phoneNumber, code: loginCode }, { ip: nextIp() });
    expect(session.statusCode, session.body).toBe(200);
    expect(jwtPayload(session.json().token).id).toBe(owner.userId);
  });

  it('login-code answers the same 200 for a known and an unknown number, and texts only a proved one', async () => {
    const owner = await registerAndVerifyBySms(t, { phoneNumber: newNumber() });
    const unknown = newNumber();
    const known = await post('/api/users/login-code', { phoneNumber: owner.phoneNumber }, { ip: nextIp() });
    const nobody = await post('/api/users/login-code', { phoneNumber: unknown }, { ip: nextIp() });
    for (const res of [known, nobody]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: PHONE_CODE_MESSAGES.loginCodeSent });
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(nobody.headers).sort());
    expect(await settledTexts(unknown)).toBe(0);
    const code = await smsCodeFor(t, owner.phoneNumber, 0, 'login code');
    expect(textsTo(t, owner.phoneNumber).join('\n')).toContain(`${code} is your Pasal login code.`);

    const ok = await post('/api/users/login-code/verify', { phoneNumber: owner.phoneNumber, code }, { ip: nextIp() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['message', 'token']);
    expect(ok.json().message).toBe('Login successful');
    expect(jwtPayload(ok.json().token)).toMatchObject({ id: owner.userId, aud: 'pasal:shopper' });
    expect(ok.headers['set-cookie']).toBeDefined();
    // Single use.
    const again = await post('/api/users/login-code/verify', { phoneNumber: owner.phoneNumber, code }, { ip: nextIp() });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.otpNone);
    // The code is stored hashed.
    expect(JSON.stringify(await t.app.ctx.db.selectFrom('account_codes').selectAll().execute())).not.toContain(code);
  });

  it('allows five wrong guesses per source, answers an unknown number the same way, and expires codes after 10 minutes', async () => {
    const owner = await registerAndVerifyBySms(t, { phoneNumber: newNumber() });
    const unknown = newNumber();
    const ip = nextIp();
    for (const phoneNumber of [owner.phoneNumber, unknown]) {
      const before = await post('/api/users/login-code/verify', { phoneNumber, code: '000000' }, { ip });
      expect(before.json().message).toBe(ACCOUNT_MESSAGES.otpNone);
      expect((await post('/api/users/login-code', { phoneNumber }, { ip })).statusCode).toBe(200);
    }
    const right = await smsCodeFor(t, owner.phoneNumber, 0, 'login code');
    const wrong = right === '111111' ? '222222' : '111111';
    for (const phoneNumber of [owner.phoneNumber, unknown]) {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await post('/api/users/login-code/verify', { phoneNumber, code: wrong }, { ip }));
      expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400, 429]);
      expect(answers.map((res) => res.json<{ message: string }>().message)).toEqual([
        ACCOUNT_MESSAGES.otpWrong(4),
        ACCOUNT_MESSAGES.otpWrong(3),
        ACCOUNT_MESSAGES.otpWrong(2),
        ACCOUNT_MESSAGES.otpWrong(1),
        ACCOUNT_MESSAGES.otpWrong(0),
        ACCOUNT_MESSAGES.otpLocked,
      ]);
    }
    // Spent for this source even with the right code; another source still has its own five.
    expect((await post('/api/users/login-code/verify', { phoneNumber: owner.phoneNumber, code: right }, { ip })).statusCode).toBe(
      429,
    );
    t.clock.advance(10 * 60 * 1000 + 1000);
    const late = await post('/api/users/login-code/verify', { phoneNumber: owner.phoneNumber, code: right }, { ip: nextIp() });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(ACCOUNT_MESSAGES.otpExpired);
  });

  it('50 login codes in a minute for one number: one text, the rest a clear 429, never a 500', async () => {
    const owner = await registerAndVerifyBySms(t, { phoneNumber: newNumber() });
    t.clock.advance(61 * 60 * 1000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/api/users/login-code', { phoneNumber: owner.phoneNumber }, { ip: `10.7.0.${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 429),
      JSON.stringify(statuses),
    ).toBe(true);
    // Strangers together: at most ten an hour for a number, each source one a minute.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(10);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json().message).toMatch(/^Too many login codes for this number\. Please try again in \d+ minutes?\.$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The sender's own limit holds the texts: three codes an hour to a number.
    expect(await settledTexts(owner.phoneNumber)).toBeLessThanOrEqual(1 + 3);
    const nepali = await post('/api/users/login-code', { phoneNumber: owner.phoneNumber }, { ip: '10.7.0.1', lang: 'ne' });
    expect(nepali.statusCode).toBe(429);
    expect(nepali.json().message).toMatch(/^यो नम्बरका लागि धेरै पटक लगइन कोड मागियो।/);
  });

  it.each([
    ['9 digits', '984123456', 'Phone Number should be 10 digits'],
    ['11 digits', '98412345678', 'Phone Number should be 10 digits'],
    ['a landline', '0144123456', SMS_MESSAGES.notMobile],
    ['a foreign number', '+14155550123', 'Phone Number should be 10 digits'],
    ['a ten-digit foreign-looking number', '4155550123', SMS_MESSAGES.notMobile],
  ])('refuses %s with a clear 400, in both languages', async (_label, phoneNumber, message) => {
    const res = await post('/api/users/login-code', { phoneNumber }, { ip: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phoneNumber: message });
    const ne = await post('/api/users/login-code', { phoneNumber }, { ip: nextIp(), lang: 'ne' });
    expect(ne.statusCode).toBe(400);
    expect(ne.json().errors.phoneNumber).toMatch(/[\u0900-\u097F]/);
  });

  it('refuses a code of letters, and takes Nepali digits and +977', async () => {
    const letters = await post('/api/users/login-code/verify', { phoneNumber: '9841000000', code: 'abcdef' }, { ip: nextIp() });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors).toEqual({ code: 'OTP must be 6 digits' });
    const owner = await registerAndVerifyBySms(t, { phoneNumber: newNumber() });
    const typed = `+977 ${owner.phoneNumber.replace(/\d/g, (d) => String.fromCharCode(0x0966 + Number(d)))}`;
    expect((await post('/api/users/login-code', { phoneNumber: typed }, { ip: nextIp() })).statusCode).toBe(200);
    const code = await smsCodeFor(t, owner.phoneNumber, 0, 'login code');
    const nepaliCode = code.replace(/\d/g, (d) => String.fromCharCode(0x0966 + Number(d)));
    const res = await post('/api/users/login-code/verify', { phoneNumber: typed, code: nepaliCode }, { ip: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('resets a forgotten password by a text to a proved number; an unproved one gets nothing', async () => {
    const owner = await registerAndVerifyBySms(t, { phoneNumber: newNumber() });
    const unproved = await registerAndVerify(t, { phoneNumber: newNumber() });
    for (const phoneNumber of [owner.phoneNumber, unproved.phoneNumber]) {
      const res = await post('/api/users/forgot-password', { phoneNumber }, { ip: nextIp() });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('If an account uses this email, we have sent it a code to reset the password.');
    }
    expect(await settledTexts(unproved.phoneNumber)).toBe(1); // its registration's only
    const otp = await smsCodeFor(t, owner.phoneNumber, 0, 'password reset code');

    const body = { phoneNumber: owner.phoneNumber, otp, password: 'a-new-password', confirmPassword: 'a-new-password' };
    const reset = await post('/api/users/reset-password', body, { ip: nextIp() });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(owner.phoneNumber, 'a-new-password')).statusCode).toBe(200);
    const both = await post('/api/users/forgot-password', { email: owner.email, phoneNumber: owner.phoneNumber });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ phoneNumber: PHONE_CODE_MESSAGES.emailOrPhoneNotBoth });
    const none = await post('/api/users/forgot-password', {});
    expect(none.json().errors).toEqual({ email: 'Email is required' });
  });

  it('the Profile tab proves an unproved number with a texted code', async () => {
    const shopper = await registerAndVerify(t, { phoneNumber: newNumber() });
    const token = await loginAs(t, shopper);
    const sent = await post('/api/users/phone-code', {}, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(
      PHONE_CODE_MESSAGES.phoneCodeSent(`${shopper.phoneNumber.slice(0, 2)}*****${shopper.phoneNumber.slice(-3)}`),
    );
    const soon = await post('/api/users/phone-code', {}, { token });
    expect(soon.statusCode).toBe(429);
    const code = await smsCodeFor(t, shopper.phoneNumber, 0, 'confirm this number');
    expect((await post('/api/users/verify-phone', { otp: code === '000000' ? '000001' : '000000' }, { token })).statusCode).toBe(
      400,
    );
    const proved = await post('/api/users/verify-phone', { otp: code }, { token });
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json()).toMatchObject({ message: PHONE_CODE_MESSAGES.phoneVerified, user: { phoneVerified: true } });
    const again = await post('/api/users/phone-code', {}, { token });
    expect(again.statusCode).toBe(409);
    expect((await login(shopper.phoneNumber, shopper.password)).statusCode).toBe(200);
    expect((await post('/api/users/phone-code', {})).statusCode).toBe(401);
  });

  it('registering a number someone proved is refused; an unproved one is not', async () => {
    const owner = await registerAndVerifyBySms(t, { phoneNumber: newNumber() });
    const refused = await post('/api/users/register', shopperData({ phoneNumber: owner.phoneNumber }));
    expect(refused.statusCode).toBe(409);
    const unproved = await registerAndVerify(t, { phoneNumber: newNumber() });
    expect((await post('/api/users/register', shopperData({ phoneNumber: unproved.phoneNumber }))).statusCode).toBe(201);
  });
});
