import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, jwtPayload, loginAs, registerShopper, type Shopper } from '../helpers/accounts.js';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('JWT checks: algorithm pinned, signature, audience, expiry, session', () => {
  let t: TestApp;
  let shopper: Shopper;
  let victim: Shopper;
  let token: string;
  let secret: Uint8Array;
  beforeAll(async () => {
    t = await buildTestApp();
    shopper = await registerShopper(t);
    victim = await registerShopper(t);
    token = await loginAs(t, shopper);
    // The test app has no JWT_SECRET, so the server generated one into DATA_DIR: forge with the real key.
    secret = new TextEncoder().encode(fs.readFileSync(path.join(t.dataDir, 'jwt-secret'), 'utf8').trim());
  });
  afterAll(async () => t.close());

  const findUser = (id: number, jwt: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/findUser/${id}`, headers: bearer(jwt) });
  const refresh = (jwt: string) => t.app.inject({ method: 'POST', url: '/api/users/refresh-token', payload: { token: jwt } });
  const adminMe = (jwt: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(jwt) });

  /** A token with the real claims of `token`, changed by `claims`, signed as told. */
  const realClaims = () => jwtPayload(token);
  const signWith = (alg: string, key: Parameters<SignJWT['sign']>[0], claims: Record<string, unknown> = {}) =>
    new SignJWT({ ...realClaims(), ...claims }).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);

  /** Refused by a protected route and by refresh, with 401 either way. */
  async function expectRefused(jwt: string, id = shopper.userId) {
    const res = await findUser(id, jwt);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/token|session/i);
    expect((await refresh(jwt)).statusCode).toBe(401);
  }

  it('accepts the genuine token (the control case)', async () => {
    expect((await findUser(shopper.userId, token)).statusCode).toBe(200);
    // A token re-signed with the real key and the real claims is accepted, so the refusals below are about what changed.
    expect((await findUser(shopper.userId, await signWith('HS256', secret))).statusCode).toBe(200);
  });

  it('refuses a forged signature', async () => {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    await expectRefused(`${header}.${payload}.${flipped}`);
    await expectRefused(await signWith('HS256', new TextEncoder().encode('a'.repeat(64))));
  });

  it('refuses a changed payload under the original signature (another user’s id)', async () => {
    const [header, , signature] = token.split('.') as [string, string, string];
    const tampered = `${header}.${b64({ ...realClaims(), id: victim.userId })}.${signature}`;
    await expectRefused(tampered, victim.userId);
  });

  it('refuses alg "none" tokens', async () => {
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64({ ...realClaims(), id: victim.userId })}.`;
      await expectRefused(unsigned, victim.userId);
      await expectRefused(`${b64({ alg, typ: 'JWT' })}.${b64(realClaims())}.`);
    }
  });

  it('refuses other algorithms even with the real secret (HS384, HS512)', async () => {
    await expectRefused(await signWith('HS512', secret));
    await expectRefused(await signWith('HS384', secret));
  });

  it('refuses asymmetric algorithms (RS256, ES256)', async () => {
    const rsa = await generateKeyPair('RS256');
    await expectRefused(await signWith('RS256', rsa.privateKey));
    const ec = await generateKeyPair('ES256');
    await expectRefused(await signWith('ES256', ec.privateKey));
  });

  it('refuses a correctly signed token with the wrong issuer, audience or claim types', async () => {
    await expectRefused(await signWith('HS256', secret, { iss: 'someone-else' }));
    await expectRefused(await signWith('HS256', secret, { aud: 'pasal:admin' }));
    await expectRefused(await signWith('HS256', secret, { aud: undefined }));
    await expectRefused(await signWith('HS256', secret, { id: String(shopper.userId) }));
    await expectRefused(await signWith('HS256', secret, { sid: undefined }));
    await expectRefused(await signWith('HS256', secret, { exp: undefined }));
  });

  it('refuses a correctly signed token for a session that does not exist or belongs to someone else', async () => {
    await expectRefused(await signWith('HS256', secret, { sid: crypto.randomBytes(18).toString('base64url') }));
    // The shopper's real session, but claiming to be the victim.
    await expectRefused(await signWith('HS256', secret, { id: victim.userId }), victim.userId);
  });

  it('refuses an expired token (after 1 hour) but refresh still accepts it', async () => {
    const fresh = await loginAs(t, shopper);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const res = await findUser(shopper.userId, fresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid or expired token');
    expect((await refresh(fresh)).statusCode).toBe(200);
    token = await loginAs(t, shopper);
  });

  it('refuses a token whose session was revoked (logout)', async () => {
    const fresh = await loginAs(t, shopper);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(fresh) });
    expect(out.statusCode).toBe(200);
    const res = await findUser(shopper.userId, fresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session has ended. Please log in again.');
  });

  it('keeps shopper and admin tokens apart (separate audiences)', async () => {
    const admin = await adminToken(t);
    expect((await adminMe(admin)).statusCode).toBe(200);

    // A live shopper token on admin routes: never an admin, but known, so 403 (the one admin guard).
    const me = await adminMe(token);
    expect(me.statusCode).toBe(403);
    expect(me.json().message).toBe('Only an admin can do this');
    // …and it cannot refresh or end an admin session: 401.
    const adminRefresh = await t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', payload: { token } });
    expect(adminRefresh.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) })).statusCode).toBe(401);

    // An admin token on shopper routes: 401 (even for the id it carries).
    const adminId = jwtPayload(admin).id as number;
    expect((await findUser(shopper.userId, admin)).statusCode).toBe(401);
    expect((await findUser(adminId, admin)).statusCode).toBe(401);
    expect((await refresh(admin)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(admin) })).statusCode).toBe(401);
    // Neither refusal hurt the other session.
    expect((await adminMe(admin)).statusCode).toBe(200);
    expect((await findUser(shopper.userId, token)).statusCode).toBe(200);
  });

  it('refuses garbage in the bearer header without a 500', async () => {
    for (const garbage of ['x', 'a.b.c', '...', 'eyJ.eyJ.sig', `${b64({ alg: 'HS256' })}.%%%.abc`, 'e'.repeat(10_000)]) {
      const res = await findUser(shopper.userId, garbage);
      expect(res.statusCode).toBe(401);
    }
  });
});
