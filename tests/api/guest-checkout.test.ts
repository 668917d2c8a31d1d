import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts.js';
import { GUEST_CHECKOUT_MESSAGES } from '../../src/shared/guest-checkout.js';
import { SMS_MESSAGES } from '../../src/shared/sms.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer, jwtPayload, registerAndVerifyBySms, smsCodeFor, textsTo } from '../helpers/accounts.js';
import { fillCart, makeProduct, orderBody } from '../helpers/orders.js';

let serial = 0;
const newNumber = () => `97${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(2, '0')}`;

/** A guest's checkout by phone: a texted code makes (or opens) the number's account, then the order. */
describe('checkout as a guest by phone and code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  let ipCounter = 0;
  const nextIp = () => `10.19.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const post = (url: string, payload: object, options: { token?: string; ip?: string; lang?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.ip ?? nextIp(),
      headers: { ...(options.token ? bearer(options.token) : {}), ...(options.lang ? { 'accept-language': options.lang } : {}) },
    });
  const askCode = (name: string, phoneNumber: string, options: { ip?: string; lang?: string } = {}) =>
    post('/api/users/checkout-code', { name, phoneNumber }, options);
  const verify = (name: string, phoneNumber: string, code: string, options: { ip?: string; lang?: string } = {}) =>
    post('/api/users/checkout-code/verify', { name, phoneNumber, code }, options);
  const accountsWith = (phoneNumber: string) =>
    t.app.ctx.db.selectFrom('users').selectAll().where('phone_number', '=', phoneNumber).execute();

  it('makes an account for a new number on the right code, and the order placed with it is that account’s', async () => {
    const phoneNumber = newNumber();
    const asked = await askCode('Maya Devi Gurung', phoneNumber);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: GUEST_CHECKOUT_MESSAGES.codeSent });
    const code = await smsCodeFor(t, phoneNumber, 0, 'code to confirm this number');
    // Stored hashed only.
    expect(JSON.stringify(await t.app.ctx.db.selectFrom('account_codes').selectAll().execute())).not.toContain(code);

    const ok = await verify('Maya Devi Gurung', phoneNumber, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['message', 'token']);
    expect(ok.json().message).toBe('Login successful');
    const [account, ...others] = await accountsWith(phoneNumber);
    expect(others).toEqual([]);
    expect(account).toMatchObject({ first_name: 'Maya', last_name: 'Devi Gurung', email: null, email_verified: 1 });
    expect(account!.phone_verified_at).not.toBeNull();
    const token = ok.json<{ token: string }>().token;
    expect(jwtPayload(token)).toMatchObject({ id: account!.id, aud: 'pasal:shopper' });
    // The removal of an unproved account is called off.
    const removal = await t.app.ctx.db.selectFrom('jobs').select('status').where('key', '=', `remove-unverified:${account!.id}`).execute();
    expect(removal.every((job) => job.status !== 'queued')).toBe(true);

    const me = await t.app.inject({ method: 'GET', url: `/api/users/findUser/${account!.id}`, headers: bearer(token) });
    expect(me.json().user).toMatchObject({ email: '', phoneNumber, emailVerified: true, phoneVerified: true });

    const product = await makeProduct(t, { price: 1500 });
    await fillCart(t.app.ctx.db, account!.id, [{ productId: product.id, quantity: 2 }]);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      headers: bearer(token),
      payload: orderBody(account!.id, 3100, { phone: phoneNumber, fullName: 'Maya Devi Gurung' }),
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json<{ order: { id: string } }>().order.id;
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/user/${account!.id}`, headers: bearer(token) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(orderId);
    // No address: no mail is queued for this shopper (an empty recipient never becomes a job).
    t.app.ctx.jobs.wake();
    const mails = await t.app.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute();
    expect(mails.some((job) => String(job.payload).includes('"to":""'))).toBe(false);
    // No password either: a password login by the number fails, as a wrong one does.
    const login = await post('/api/users/login', { emailOrPhone: phoneNumber, password: '!' });
    expect(login.statusCode).toBe(401);
  });

  it('logs a proved number into its own account with the same 200, and makes no second account', async () => {
    const owner = await registerAndVerifyBySms(t, { phoneNumber: newNumber() });
    const stranger = newNumber();
    const known = await askCode('Someone Else', owner.phoneNumber);
    const nobody = await askCode('Someone Else', stranger);
    for (const res of [known, nobody]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: GUEST_CHECKOUT_MESSAGES.codeSent });
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(nobody.headers).sort());
    const code = await smsCodeFor(t, owner.phoneNumber, 0, 'login code');
    const ok = await verify('Someone Else', owner.phoneNumber, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(jwtPayload(ok.json().token)).toMatchObject({ id: owner.userId });
    const rows = await accountsWith(owner.phoneNumber);
    expect(rows.map((row) => row.id)).toEqual([owner.userId]);
    // The name typed at checkout does not rename the owner's account.
    expect(rows[0]).toMatchObject({ first_name: owner.firstName, email: owner.email });
  });

  it('holds the limits under parallel requests: one waiting account, at most three texts an hour to the number', async () => {
    const phoneNumber = newNumber();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => askCode('Ram Thapa', phoneNumber, { ip: `10.29.0.${i}` })));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.every((status) => status === 200 || status === 429), JSON.stringify(statuses)).toBe(true);
    expect((await accountsWith(phoneNumber)).length).toBe(1);
    t.app.ctx.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(textsTo(t, phoneNumber).length).toBeGreaterThanOrEqual(1);
    expect(textsTo(t, phoneNumber).length).toBeLessThanOrEqual(3);
    const counted = await t.app.ctx.db.selectFrom('sms_messages').select('id').where('phone', '=', phoneNumber).execute();
    expect(counted.length).toBeLessThanOrEqual(3);
  });

  it('allows five wrong guesses per source, then locks', async () => {
    const phoneNumber = newNumber();
    const ip = nextIp();
    expect((await askCode('Gita Rai', phoneNumber, { ip })).statusCode).toBe(200);
    const right = await smsCodeFor(t, phoneNumber, 0);
    const wrong = right === '111111' ? '222222' : '111111';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await verify('Gita Rai', phoneNumber, wrong, { ip }));
    expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(answers.map((res) => res.json<{ message: string }>().message)).toEqual([
      ACCOUNT_MESSAGES.otpWrong(4),
      ACCOUNT_MESSAGES.otpWrong(3),
      ACCOUNT_MESSAGES.otpWrong(2),
      ACCOUNT_MESSAGES.otpWrong(1),
      ACCOUNT_MESSAGES.otpWrong(0),
      ACCOUNT_MESSAGES.otpLocked,
    ]);
    expect((await verify('Gita Rai', phoneNumber, right, { ip })).statusCode).toBe(429);
    // Still no proved account for the number.
    expect((await accountsWith(phoneNumber)).every((row) => row.phone_verified_at === null)).toBe(true);
  });

  it.each([
    ['9 digits', '984123456', 'Phone Number should be 10 digits'],
    ['11 digits', '98412345678', 'Phone Number should be 10 digits'],
    ['a landline', '0144123456', SMS_MESSAGES.notMobile],
    ['a foreign number', '+14155550123', 'Phone Number should be 10 digits'],
    ['letters', '98abcdefgh', 'Phone Number should be 10 digits'],
  ])('refuses %s with a clear 400, in both languages', async (_label, phoneNumber, message) => {
    const res = await askCode('Hari', phoneNumber);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phoneNumber: message });
    const ne = await askCode('Hari', phoneNumber, { lang: 'ne' });
    expect(ne.statusCode).toBe(400);
    expect(ne.json().errors.phoneNumber).toMatch(/[\u0900-\u097F]/);
  });

  it('refuses a missing name in both languages', async () => {
    const res = await askCode('  ', newNumber());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'Full Name is required' });
    const ne = await askCode('', newNumber(), { lang: 'ne' });
    expect(ne.json().errors.name).toMatch(/[\u0900-\u097F]/);
  });

  it('a phone-only account sets a password by a texted reset code, then logs in with it', async () => {
    const phoneNumber = newNumber();
    await askCode('Sita Magar', phoneNumber);
    expect((await verify('Sita Magar', phoneNumber, await smsCodeFor(t, phoneNumber, 0))).statusCode).toBe(200);
    expect((await post('/api/users/forgot-password', { phoneNumber })).statusCode).toBe(200);
    const otp = await smsCodeFor(t, phoneNumber, 0, 'password reset code');
    const reset = await post('/api/users/reset-password', { phoneNumber, otp, password: 'a-new-password', confirmPassword: 'a-new-password' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('/api/users/login', { emailOrPhone: phoneNumber, password: 'a-new-password' })).statusCode).toBe(200);
  });
});
