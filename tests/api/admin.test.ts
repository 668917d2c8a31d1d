import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_POLICY, loginBackoffKeys } from '../../src/server/lib/login-guard.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ROOT_ADMIN, adminToken, bearer, expectNoSecrets, jwtPayload } from '../helpers/accounts.js';

describe('admin API: /api/admin/login, refresh-token, logout, me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  let ipCounter = 0;
  const nextIp = () => `172.16.0.${++ipCounter}`;
  const login = (payload: unknown, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: payload as object, remoteAddress: ip });
  const refresh = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', payload: { token } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });

  it('logs the configured admin in: 200 with a token for the admin audience', async () => {
    const res = await login(ROOT_ADMIN);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.message).toBe('Login successful');
    expect(typeof json.token).toBe('string');
    expectNoSecrets(res.body);
    const claims = jwtPayload(json.token);
    expect(claims.aud).toBe('pasal:admin');
    expect(Number.isInteger(claims.exp)).toBe(true);
    expect(claims.exp as number).toBeGreaterThan(t.clock.now().getTime() / 1000);
  });

  it('answers GET /me with the admin’s id, username, role and what the role may do', async () => {
    const token = await adminToken(t);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      admin: {
        id: jwtPayload(token).id,
        username: 'root-admin',
        role: 'owner',
        permissions: expect.arrayContaining(['staff', 'settings', 'refunds', 'orders.write']),
        mustChangePassword: false,
        totpRequired: false,
        totpOn: false,
      },
    });
    expectNoSecrets(res.body);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Authentication required');
  });

  it('gives a wrong password and an unknown username the same 401 {message}', async () => {
    const responses = [
      await login({ username: 'root-admin', password: 'wrong horse battery' }),
      await login({ username: 'nobody', password: 'correct horse battery' }),
      await login({ username: 'ROOT-ADMIN', password: 'correct horse battery' }),
      await login({ username: "root-admin' --", password: 'x' }),
      await login({ username: "' OR '1'='1", password: "' OR '1'='1" }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid username or password', code: 'UNAUTHORIZED' });
    }
  });

  it('requires username and password', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: 'Username is required', password: 'Password is required' });
    expect((await login({ username: '  ', password: 'x' })).json().message).toBe('Username is required');
  });

  it('slows failed admin logins per account, across addresses, but not the admin’s own browser', async () => {
    // A success clears the failures earlier tests left on this account, and gives this browser its cookie.
    const first = await login(ROOT_ADMIN);
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^pasal_device=a\d+\./);
    for (let i = 0; i < LOGIN_POLICY.account.free; i += 1) {
      expect((await login({ username: 'root-admin', password: `guess ${i}` }, nextIp())).statusCode).toBe(401);
    }
    const blocked = await login(ROOT_ADMIN, nextIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many login attempts. Please try again in 1 minute.');
    expect(Number(blocked.headers['retry-after'])).toBe(1);
    // The admin's own browser is not locked out by a stranger.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: ROOT_ADMIN,
      headers: { cookie },
      remoteAddress: nextIp(),
    });
    expect(own.statusCode).toBe(200);
    // Shopper logins of the same name are a separate counter.
    const shopperLogin = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { emailOrPhone: 'root-admin', password: 'x' },
    });
    expect(shopperLogin.statusCode).toBe(401);
    t.clock.advance(1000);
    expect((await login(ROOT_ADMIN)).statusCode).toBe(200);
  });

  it('slows an address over its free failures', async () => {
    const ip = nextIp();
    await t.app.ctx.db
      .insertInto('backoff')
      .values({
        key: loginBackoffKeys('admin-login', ip, '').source,
        failures: LOGIN_POLICY.source.free,
        last_at: t.clock.now().toISOString(),
      })
      .execute();
    expect((await login(ROOT_ADMIN, ip)).statusCode).toBe(429);
    expect((await login(ROOT_ADMIN)).statusCode).toBe(200);
  });

  it('refreshes: a new working token; a replayed one revokes the session', async () => {
    const token = await adminToken(t);
    const res = await refresh(token);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['newToken']);
    const newToken = res.json().newToken as string;
    expect((await me(newToken)).statusCode).toBe(200);

    const replay = await refresh(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('This token was already used. Please log in again.');
    expect((await me(newToken)).statusCode).toBe(401);
  });

  it('refreshes an expired admin token while its session lives', async () => {
    const token = await adminToken(t);
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await me(token)).statusCode).toBe(401);
    const res = await refresh(token);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().newToken)).statusCode).toBe(200);
  });

  it('logs out by bearer or body token; the token is then refused', async () => {
    const one = await adminToken(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(one) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out successfully' });
    expect((await me(one)).statusCode).toBe(401);
    expect((await refresh(one)).statusCode).toBe(401);

    const two = await adminToken(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', payload: { token: two } })).statusCode).toBe(200);
    expect((await me(two)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
  });
});
