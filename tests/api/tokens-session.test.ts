import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import {
  bearer,
  expectNoSecrets,
  jwtPayload,
  loginAs,
  registerAndVerify,
  registerShopper,
  type Shopper,
} from '../helpers/accounts.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('shopper sessions: refresh-token, logout, findUser', () => {
  let t: TestApp;
  let shopper: Shopper;
  let other: Shopper;
  beforeAll(async () => {
    t = await buildTestApp();
    shopper = await registerAndVerify(t);
    other = await registerShopper(t);
  });
  afterAll(async () => t.close());

  const findUser = (id: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/users/findUser/${id}`, headers });
  const refresh = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/users/refresh-token', payload: { token } });
  const logout = (options: { headers?: Record<string, string>; payload?: object } = {}) =>
    t.app.inject({ method: 'POST', url: '/api/users/logout', ...options });

  describe('GET /api/users/findUser/:id', () => {
    it('returns exactly the public fields of the own account', async () => {
      const token = await loginAs(t, shopper);
      const res = await findUser(shopper.userId, bearer(token));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: {
          id: shopper.userId,
          firstName: shopper.firstName,
          lastName: shopper.lastName,
          email: shopper.email,
          phoneNumber: shopper.phoneNumber,
          emailVerified: true,
          phoneVerified: false,
          language: 'en',
        },
      });
      expectNoSecrets(res.body);
      expect(res.body).not.toContain(token);
    });

    it('answers 403 for another shopper’s id (existing or not)', async () => {
      const token = await loginAs(t, shopper);
      for (const id of [other.userId, 987_654]) {
        const res = await findUser(id, bearer(token));
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You can only access your own account');
        expect(res.body).not.toContain(other.email);
      }
    });

    it('answers 401 without a token or with a malformed authorization header', async () => {
      const token = await loginAs(t, shopper);
      const headerSets: Record<string, string>[] = [
        {},
        { authorization: token },
        { authorization: `Token ${token}` },
        { authorization: 'Bearer' },
        { authorization: 'Bearer a b' },
      ];
      for (const headers of headerSets) {
        const res = await findUser(shopper.userId, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Authentication required');
      }
      expect((await findUser(shopper.userId, { authorization: `bearer ${token}` })).statusCode).toBe(200);
    });

    it('answers 400 for a malformed id, but checks the token first', async () => {
      const token = await loginAs(t, shopper);
      for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999', '%27%20OR%201%3D1']) {
        const res = await findUser(id, bearer(token));
        expect(res.statusCode, id).toBe(400);
        expect(res.json().message).toBe('User id must be a positive whole number');
      }
      expect((await findUser('abc')).statusCode).toBe(401);
    });
  });

  describe('POST /api/users/refresh-token', () => {
    it('rotates the token: a new working token for the same session', async () => {
      const token = await loginAs(t, shopper);
      t.clock.advance(1000); // a different iat, so the token differs beyond its jti
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['newToken']);
      const { newToken } = res.json();
      expect(newToken).not.toBe(token);
      const before = jwtPayload(token);
      const after = jwtPayload(newToken);
      expect(after.id).toBe(shopper.userId);
      expect(after.sid).toBe(before.sid);
      expect(after.jti).not.toBe(before.jti);
      expect((await findUser(shopper.userId, bearer(newToken))).statusCode).toBe(200);
    });

    it('accepts an expired token while the session lives, and the new token works', async () => {
      const token = await loginAs(t, shopper);
      t.clock.advance(HOUR + 1000);
      const expired = await findUser(shopper.userId, bearer(token));
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('Invalid or expired token');
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      expect((await findUser(shopper.userId, bearer(res.json().newToken))).statusCode).toBe(200);
    });

    it('treats a replayed (already rotated) token as theft: 401 and the whole session is revoked', async () => {
      const token = await loginAs(t, shopper);
      const first = (await refresh(token)).json().newToken as string;
      const second = (await refresh(first)).json().newToken as string;
      expect((await findUser(shopper.userId, bearer(second))).statusCode).toBe(200);

      const replay = await refresh(token);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe('This token was already used. Please log in again.');
      // The newest token of that session stops working, for requests and for refresh.
      const dead = await findUser(shopper.userId, bearer(second));
      expect(dead.statusCode).toBe(401);
      expect(dead.json().message).toBe('Session has ended. Please log in again.');
      expect((await refresh(second)).statusCode).toBe(401);
    });

    it('revokes only the session whose token was replayed', async () => {
      const phone = await loginAs(t, shopper);
      const laptop = await loginAs(t, shopper);
      const rotated = (await refresh(phone)).json().newToken as string;
      expect((await refresh(phone)).statusCode).toBe(401);
      expect((await findUser(shopper.userId, bearer(rotated))).statusCode).toBe(401);
      expect((await findUser(shopper.userId, bearer(laptop))).statusCode).toBe(200);
    });

    it('rotates only once when the same token is refreshed twice at the same moment, and ends that session', async () => {
      const token = await loginAs(t, shopper);
      const results = await Promise.all([refresh(token), refresh(token)]);
      expect(results.map((res) => res.statusCode).sort()).toEqual([200, 401]);
      // One token presented twice looks like a replay on either dialect: the session is revoked.
      const winner = results.find((res) => res.statusCode === 200)!.json().newToken as string;
      expect((await findUser(shopper.userId, bearer(winner))).statusCode).toBe(401);
    });

    it('keeps a session 30 days from its last refresh, then refuses it', async () => {
      const token = await loginAs(t, shopper);
      t.clock.advance(29 * DAY);
      const renewed = await refresh(token);
      expect(renewed.statusCode).toBe(200);
      t.clock.advance(29 * DAY);
      const again = await refresh(renewed.json().newToken);
      expect(again.statusCode).toBe(200);
      t.clock.advance(30 * DAY + 1000);
      const late = await refresh(again.json().newToken);
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe('Session has ended. Please log in again.');
    });

    it('answers 401 for garbage and 400 for a missing token', async () => {
      for (const token of ['abc', 'a.b.c', 'x'.repeat(400)]) {
        const res = await refresh(token);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Invalid token');
      }
      const missing = await t.app.inject({ method: 'POST', url: '/api/users/refresh-token', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('token is required');
      expect((await refresh(42)).statusCode).toBe(400);
      expect((await refresh('x'.repeat(5000))).statusCode).toBe(400);
    });
  });

  describe('POST /api/users/logout', () => {
    it('revokes the session of a bearer token', async () => {
      const token = await loginAs(t, shopper);
      const res = await logout({ headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Logged out successfully' });
      expect((await findUser(shopper.userId, bearer(token))).statusCode).toBe(401);
      expect((await refresh(token)).statusCode).toBe(401);
      // Logging out twice is fine.
      expect((await logout({ headers: bearer(token) })).statusCode).toBe(200);
    });

    it('takes the token from the body too, and ends later tokens of the same session', async () => {
      const token = await loginAs(t, shopper);
      const rotated = (await refresh(token)).json().newToken as string;
      const res = await logout({ payload: { token: rotated } });
      expect(res.statusCode).toBe(200);
      expect((await findUser(shopper.userId, bearer(rotated))).statusCode).toBe(401);
    });

    it('accepts an expired token, so a shopper can always log out', async () => {
      const token = await loginAs(t, shopper);
      t.clock.advance(2 * HOUR);
      expect((await logout({ payload: { token } })).statusCode).toBe(200);
      expect((await refresh(token)).statusCode).toBe(401);
    });

    it('accepts a JSON content type with an empty body when the token is in the header', async () => {
      const token = await loginAs(t, shopper);
      const res = await logout({ headers: { ...bearer(token), 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(200);
      expect((await findUser(shopper.userId, bearer(token))).statusCode).toBe(401);
      // A malformed body is still refused.
      const bad = await logout({ headers: { 'content-type': 'application/json' }, payload: '{"token": ' as never });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Malformed JSON body');
    });

    it('leaves other sessions alone', async () => {
      const one = await loginAs(t, shopper);
      const two = await loginAs(t, shopper);
      await logout({ headers: bearer(one) });
      expect((await findUser(shopper.userId, bearer(two))).statusCode).toBe(200);
    });

    it('answers 401 without a token or with a bad one', async () => {
      expect((await logout()).statusCode).toBe(401);
      expect((await logout({ payload: {} })).statusCode).toBe(401);
      const bad = await logout({ payload: { token: 'not-a-token' } });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().message).toBe('Invalid token');
    });
  });
});
