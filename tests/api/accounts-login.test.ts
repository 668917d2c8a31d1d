import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, loginThrottleKeys } from '../../src/server/lib/throttle.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { expectNoSecrets, jwtPayload, registerShopper, type Shopper } from '../helpers/accounts.js';

describe('POST /api/users/login', () => {
  let t: TestApp;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await buildTestApp();
    shopper = await registerShopper(t);
  });
  afterAll(async () => t.close());

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

  it('matches the email in any case and with spaces around it, and the phone number', async () => {
    const ip = nextIp();
    expect((await login({ emailOrPhone: `  ${shopper.email.toUpperCase()} `, password: shopper.password }, ip)).statusCode).toBe(
      200,
    );
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
    await t.app.ctx.throttle.reset(loginThrottleKeys('user-login', ip, `id:${shopper.userId}`).account);
  });

  it('requires both fields with the SPEC §5 messages', async () => {
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

  it('throttles failed logins per account: the 11th try in 15 minutes is 429, even with the right password', async () => {
    const victim = await registerShopper(t);
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i += 1) {
      // Attackers rotate addresses; the account limit still holds.
      expect((await login({ emailOrPhone: victim.email, password: `guess-${i}` }, nextIp())).statusCode).toBe(401);
    }
    const blocked = await login({ emailOrPhone: victim.email, password: victim.password }, nextIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many login attempts. Please try again in 15 minutes.');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The same account by its phone number is the same account.
    expect((await login({ emailOrPhone: victim.phoneNumber, password: victim.password }, nextIp())).statusCode).toBe(429);
    // Other shoppers are not affected.
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, nextIp())).statusCode).toBe(200);

    t.clock.advance(retryAfter * 1000);
    expect((await login({ emailOrPhone: victim.email, password: victim.password }, nextIp())).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const user = await registerShopper(t);
    const ip = nextIp();
    const fail = () => login({ emailOrPhone: user.email, password: 'nope-nope' }, ip);
    for (let i = 0; i < 9; i += 1) expect((await fail()).statusCode).toBe(401);
    expect((await login({ emailOrPhone: user.email, password: user.password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await fail()).statusCode).toBe(401);
    expect((await fail()).statusCode).toBe(429);
  });

  it('throttles unknown accounts the same way, so a 429 reveals nothing', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ emailOrPhone: 'Ghost@Example.com', password: `p${i}-guess` }, nextIp())).statusCode).toBe(401);
    }
    expect((await login({ emailOrPhone: 'ghost@example.com', password: 'another' }, nextIp())).statusCode).toBe(429);
  });

  it('holds the account limit against a parallel burst', async () => {
    const user = await registerShopper(t);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login({ emailOrPhone: user.email, password: `burst-${i}` }, nextIp())),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('throttles per IP generously: over 100 failures from one address in 15 minutes is 429', async () => {
    const ip = nextIp();
    const keys = loginThrottleKeys('user-login', ip, 'unused');
    // Real failures from the address are counted…
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ emailOrPhone: `stranger${i}@example.com`, password: 'whatever1' }, ip)).statusCode).toBe(401);
    }
    const row = () => t.app.ctx.db.selectFrom('throttle').selectAll().where('key', '=', keys.ip).executeTakeFirstOrThrow();
    expect((await row()).count).toBe(3);
    // …and a success does not count against the address.
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, ip)).statusCode).toBe(200);
    expect((await row()).count).toBe(3);

    // Bring the address to its limit (97 more failures), then every login from it is refused.
    await t.app.ctx.db.updateTable('throttle').set({ count: LOGIN_LIMITS.perIp.limit }).where('key', '=', keys.ip).execute();
    const blocked = await login({ emailOrPhone: shopper.email, password: shopper.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses still log in.
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, nextIp())).statusCode).toBe(200);
    t.clock.advance(LOGIN_LIMITS.perIp.windowMs);
    expect((await login({ emailOrPhone: shopper.email, password: shopper.password }, ip)).statusCode).toBe(200);
  });

  it('logs in an unverified shopper (verification gates orders, not login)', async () => {
    const user = await registerShopper(t);
    expect((await login({ emailOrPhone: user.email, password: user.password }, nextIp())).statusCode).toBe(200);
  });
});
