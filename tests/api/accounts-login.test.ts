import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_POLICY, loginBackoffKeys } from '../../src/server/lib/login-guard.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { expectNoSecrets, jwtPayload, registerShopper, type Shopper, smsCodeFor } from '../helpers/accounts.js';

describe('POST /api/users/login', () => {
  let t: TestApp;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await buildTestApp();
    shopper = await registerShopper(t);
  });
  afterAll(async () => t.close());
  // Each test starts with clean login allowances (they are the subject of some tests, not of all).
  afterEach(async () => {
    await t.app.ctx.db.deleteFrom('backoff').execute();
  });

  let ipCounter = 0;
  /** Each test logs in from its own address unless told, so per-IP counts do not mix. */
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const login = (payload: unknown, ip = '10.255.255.1') =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: payload as object, remoteAddress: ip });

  it('logs in with the email: 200 {message, token} with the id and an exp in seconds', async () => {
    const res = await login({ emailOrPhone: shopper.email, password: shopper.password }, nextIp());
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['message', 'token']);
    expect(json.message).toBe('Login successful');
    expectNoSecrets(res.body);

    const token: string = json.token;
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const claims = jwtPayload(token);
    expect(claims.id).toBe(shopper.userId);
    expect(claims.aud).toBe('pasal:shopper');
    expect(Number.isInteger(claims.exp)).toBe(true);
    const nowSeconds = t.clock.now().getTime() / 1000;
    expect(claims.exp as number).toBeGreaterThan(nowSeconds + 3500);
    expect(claims.exp as number).toBeLessThanOrEqual(nowSeconds + 3601);
  });

  it('matches the email in any case and with spaces around it, and a phone number once proved by text', async () => {
    const ip = nextIp();
    expect((await login({ emailOrPhone: `  ${shopper.email.toUpperCase()} `, password: shopper.password }, ip)).statusCode).toBe(
      200,
    );
    // Typed into a registration, a number proves nothing: it logs in only once its texted code is back.
    const unproved = await login({ emailOrPhone: shopper.phoneNumber, password: shopper.password }, ip);
    expect(unproved.statusCode).toBe(401);
    expect(unproved.json().message).toBe('Invalid email/phone or password');
    const otp = await smsCodeFor(t, shopper.phoneNumber, 0);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/users/verify-otp',
      payload: { userId: shopper.userId, otp },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await login({ emailOrPhone: shopper.phoneNumber, password: shopper.password }, ip)).statusCode).toBe(200);
  });

  it('gives unknown accounts and wrong passwords the same 401 body', async () => {
    const ip = nextIp();
    const responses = [
      await login({ emailOrPhone: shopper.email, password: 'wrong-password' }, ip),
      await login({ emailOrPhone: shopper.phoneNumber, password: 'wrong-password' }, ip),
      await login({ emailOrPhone: 'nobody@example.com', password: 'wrong-password' }, ip),
      await login({ emailOrPhone: '9811111111', password: shopper.password }, ip),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email/phone or password', code: 'UNAUTHORIZED' });
    }
    // The password is case-sensitive.
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password.toUpperCase() }, ip)).statusCode).toBe(401);
  });

  it('spends about the same time on unknown accounts as on wrong passwords', async () => {
    const ip = nextIp();
    const time = async (emailOrPhone: string) => {
      const started = performance.now();
      expect((await login({ emailOrPhone, password: 'wrong-password' }, ip)).statusCode).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    await time('warm-up@example.com');
    for (let i = 0; i < 4; i += 1) {
      known.push(await time(shopper.email));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Both run one argon2 verification; without it an unknown account would answer many times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('requires both fields, each with its own message', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ emailOrPhone: 'Email or Phone Number is required', password: 'Password is required' });
    const blank = await login({ emailOrPhone: '   ', password: '' });
    expect(blank.json().errors).toEqual({ emailOrPhone: 'Email or Phone Number is required', password: 'Password is required' });
  });

  it('treats SQL-looking input as plain text', async () => {
    const ip = nextIp();
    const countUsers = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countUsers();
    const attempts = [
      { emailOrPhone: "' OR '1'='1", password: "' OR '1'='1" },
      { emailOrPhone: "' OR 1=1 --", password: 'x' },
      { emailOrPhone: `${shopper.email}' --`, password: 'anything' },
      { emailOrPhone: `${shopper.email}' OR '1'='1`, password: 'anything' },
      { emailOrPhone: '1; DROP TABLE users; --', password: 'x' },
      { emailOrPhone: "admin'/*", password: '*/ OR 1=1 --' },
      { emailOrPhone: shopper.email, password: "' OR '1'='1" },
      { emailOrPhone: '" OR ""="', password: '" OR ""="' },
      { emailOrPhone: '%', password: '%' },
      { emailOrPhone: '*', password: '*' },
    ];
    for (const payload of attempts) {
      const res = await login(payload, ip);
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
      expect(res.json().message).toBe('Invalid email/phone or password');
    }
    expect(await countUsers()).toBe(before);
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, ip)).statusCode).toBe(200);
  });

  /** The browser's device cookie from a login or registration answer (`pasal_device=…`). */
  const deviceCookie = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;
  const loginWith = (payload: object, ip: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });

  it('gives a browser that logged in a device cookie: HttpOnly, SameSite=Strict, for /api only', async () => {
    const res = await login({ emailOrPhone: shopper.email, password: shopper.password }, nextIp());
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^pasal_device=u\d+\.[\w-]+\.[\w-]+; Path=\/api; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
    expect(header).toContain(`u${shopper.userId}.`);
  });

  it('lets a stranger’s failures slow the stranger, never the owner’s browser', async () => {
    const victim = await registerShopper(t);
    const owned = deviceCookie(await login({ emailOrPhone: victim.email, password: victim.password }, nextIp()));
    // A stranger rotating addresses: five free failures, then each must wait longer.
    const answers = [];
    for (let i = 0; i < 12; i += 1)
      answers.push((await login({ emailOrPhone: victim.email, password: `guess-${i}` }, nextIp())).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    // The owner's browser logs in at once, with the right password, from an address never seen.
    expect((await loginWith({ emailOrPhone: victim.email, password: victim.password }, nextIp(), owned)).statusCode).toBe(200);
    // So does a wrong password from it answer 401, not 429: it has its own allowance.
    expect((await loginWith({ emailOrPhone: victim.email, password: 'typo-typo' }, nextIp(), owned)).statusCode).toBe(401);
    // A new browser of the owner waits as the stranger does, seconds not a lock, then gets in.
    const waiting = await login({ emailOrPhone: victim.email, password: victim.password }, nextIp());
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toBe('Too many login attempts. Please try again in 1 minute.');
    t.clock.advance(Number(waiting.headers['retry-after']) * 1000);
    expect((await login({ emailOrPhone: victim.email, password: victim.password }, nextIp())).statusCode).toBe(200);
    // Other shoppers were never affected.
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, nextIp())).statusCode).toBe(200);
  });

  it('grows the delay after the free failures (1 s, 2 s, 4 s …) up to 15 minutes, never a lock', async () => {
    const user = await registerShopper(t);
    const fail = () => login({ emailOrPhone: user.email, password: 'nope-nope' }, nextIp());
    for (let i = 0; i < 5; i += 1) expect((await fail()).statusCode).toBe(401);
    for (const seconds of [1, 2, 4, 8]) {
      const early = await fail();
      expect(early.statusCode).toBe(429);
      expect(Number(early.headers['retry-after'])).toBe(seconds);
      t.clock.advance(seconds * 1000);
      expect((await fail()).statusCode).toBe(401);
    }
    await t.app.ctx.db
      .updateTable('backoff')
      .set({ failures: 100 })
      .where('key', '=', loginBackoffKeys('user-login', '', `u${user.userId}`).account)
      .execute();
    const capped = await fail();
    expect(Number(capped.headers['retry-after'])).toBe(15 * 60);
    expect(capped.json().message).toBe('Too many login attempts. Please try again in 15 minutes.');
    t.clock.advance(15 * 60 * 1000);
    expect((await login({ emailOrPhone: user.email, password: user.password }, nextIp())).statusCode).toBe(200);
  });

  it('trusts only a genuine device cookie of this account', async () => {
    const owner = await registerShopper(t);
    const other = await registerShopper(t);
    const othersCookie = deviceCookie(await login({ emailOrPhone: other.email, password: other.password }, nextIp()));
    const ownCookie = deviceCookie(await login({ emailOrPhone: owner.email, password: owner.password }, nextIp()));
    const forged = ownCookie.replace(/\.[\w-]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    for (let i = 0; i < 5; i += 1)
      expect((await login({ emailOrPhone: owner.email, password: `x-${i}-guess` }, nextIp())).statusCode).toBe(401);
    expect((await loginWith({ emailOrPhone: owner.email, password: owner.password }, nextIp(), othersCookie)).statusCode).toBe(
      429,
    );
    expect((await loginWith({ emailOrPhone: owner.email, password: owner.password }, nextIp(), forged)).statusCode).toBe(429);
    expect((await loginWith({ emailOrPhone: owner.email, password: owner.password }, nextIp(), ownCookie)).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const user = await registerShopper(t);
    const ip = nextIp();
    const fail = () => login({ emailOrPhone: user.email, password: 'nope-nope' }, ip);
    for (let i = 0; i < 5; i += 1) expect((await fail()).statusCode).toBe(401);
    t.clock.advance(1000);
    expect((await login({ emailOrPhone: user.email, password: user.password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await fail()).statusCode).toBe(401);
    expect((await fail()).statusCode).toBe(429);
  });

  it('slows unknown accounts the same way, so a 429 reveals nothing', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ emailOrPhone: 'Ghost@Example.com', password: `p${i}-guess` }, nextIp())).statusCode).toBe(401);
    }
    expect((await login({ emailOrPhone: 'ghost@example.com', password: 'another' }, nextIp())).statusCode).toBe(429);
  });

  it('holds the account allowance against a parallel burst', async () => {
    const user = await registerShopper(t);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login({ emailOrPhone: user.email, password: `burst-${i}` }, nextIp())),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_POLICY.account.free);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16 - LOGIN_POLICY.account.free);
  });

  it('slows an address generously (50 free failures), but not the browsers that logged in before', async () => {
    const ip = nextIp();
    const keys = loginBackoffKeys('user-login', ip, 'unused');
    const owned = deviceCookie(await login({ emailOrPhone: shopper.email, password: shopper.password }, nextIp()));
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ emailOrPhone: `stranger${i}@example.com`, password: 'whatever1' }, ip)).statusCode).toBe(401);
    }
    const row = () => t.app.ctx.db.selectFrom('backoff').selectAll().where('key', '=', keys.source).executeTakeFirstOrThrow();
    expect((await row()).failures).toBe(3);
    // A success does not count against the address.
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, ip)).statusCode).toBe(200);
    expect((await row()).failures).toBe(3);

    await t.app.ctx.db
      .updateTable('backoff')
      .set({ failures: LOGIN_POLICY.source.free + 3 })
      .where('key', '=', keys.source)
      .execute();
    const blocked = await login({ emailOrPhone: shopper.email, password: shopper.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(8);
    // The same address with the shopper's device cookie, and other addresses, still log in.
    expect((await loginWith({ emailOrPhone: shopper.email, password: shopper.password }, ip, owned)).statusCode).toBe(200);
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, nextIp())).statusCode).toBe(200);
    t.clock.advance(8000);
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, ip)).statusCode).toBe(200);
  });

  it('logs in an unverified shopper (verification gates orders, not login)', async () => {
    const user = await registerShopper(t);
    expect((await login({ emailOrPhone: user.email, password: user.password }, nextIp())).statusCode).toBe(200);
  });
});
