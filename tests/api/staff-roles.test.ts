import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../src/server/lib/totp.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer, expectNoSecrets } from '../helpers/accounts.js';

/** Staff roles, the owner's staff calls, and two-factor sign-in (on SQLite and, in the PostgreSQL pass, PostgreSQL). */
describe('staff roles and two-factor sign-in', () => {
  let t: TestApp;
  let owner: string;
  let ip = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await adminToken(t);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      remoteAddress: `10.9.0.${++ip % 250}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = (body: Record<string, unknown>) => call('POST', '/api/admin/login', undefined, body);

  /** An account the owner made, signed in, its one-time password replaced. */
  async function staffMember(role: string, extra: Record<string, unknown> = {}) {
    const username = `${role}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await call('POST', '/api/admin/staff', owner, { username, role, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    const { password, staff } = created.json<{ password: string; staff: { id: number } }>();
    const first = await login({ username, password });
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json<{ token: string }>().token;
    const newPassword = 'a brand new password 42';
    const changed = await call('POST', '/api/admin/change-password', token, {
      currentPassword: password,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    return { id: staff.id, username, password: newPassword, token };
  }

  it('the bootstrap admin is an owner; the owner adds staff with a one-time password to change first', async () => {
    const created = await call('POST', '/api/admin/staff', owner, { username: 'ram.counter', role: 'staff' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.staff).toMatchObject({ username: 'ram.counter', role: 'staff', mustChangePassword: true, totpOn: false });
    expect(body.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(created.body).not.toMatch(/password_hash|argon2/);

    const again = await call('POST', '/api/admin/staff', owner, { username: 'ram.counter', role: 'manager' });
    expect(again.statusCode).toBe(409);

    const first = await login({ username: 'ram.counter', password: body.password });
    expect(first.statusCode).toBe(200);
    const token = first.json().token as string;
    const me = await call('GET', '/api/admin/me', token);
    expect(me.json().admin).toMatchObject({
      role: 'staff',
      mustChangePassword: true,
      permissions: ['catalog.read', 'orders.read', 'orders.write', 'returns', 'warranty'],
    });
    // Until the one-time password is replaced, the account can do nothing else.
    const orders = await call('GET', '/api/orders/all', token);
    expect(orders.statusCode).toBe(403);
    expect(orders.json().message).toBe('Please finish setting up your sign-in first');
    const changed = await call('POST', '/api/admin/change-password', token, {
      currentPassword: body.password,
      password: 'my own password 123',
      confirmPassword: 'my own password 123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/orders/all', token)).statusCode).toBe(200);
  });

  it('refuses a role that does not exist, and a bad username, with 400 and nothing written', async () => {
    const before = (await call('GET', '/api/admin/staff', owner)).json().staff.length;
    for (const payload of [
      { username: 'x1', role: 'superuser' },
      { username: 'x2' },
      { username: 'x3', role: 'OWNER' },
      { username: 'has space', role: 'staff' },
      { username: '', role: 'staff' },
    ]) {
      const res = await call('POST', '/api/admin/staff', owner, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/Role must be one of owner, manager, staff|Role is required|Username/);
    }
    const ne = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { ...bearer(owner), 'accept-language': 'ne' },
      payload: { username: 'x4', role: 'boss' },
    });
    expect(ne.statusCode).toBe(400);
    expect(ne.json().message).not.toMatch(/Role must/);
    const member = await staffMember('staff');
    const put = await call('PUT', `/api/admin/staff/${member.id}`, owner, { role: 'king' });
    expect(put.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/staff', owner)).json().staff.length).toBe(before + 1);
  });

  it('staff calling owner-only routes: 403 before the body is read (a body that would fail validation)', async () => {
    const member = await staffMember('staff');
    const refused = [
      await call('POST', '/api/admin/staff', member.token, { username: '', role: 'nobody' }),
      await call('PUT', `/api/admin/staff/${member.id}`, member.token, { role: 'owner' }),
      await call('PUT', '/api/admin/staff/not-a-number', member.token, 'not json at all'),
      await call('DELETE', '/api/admin/staff/1', member.token),
      await call('GET', '/api/admin/staff', member.token),
      await call('PUT', '/api/orders/whatever/payment', member.token, { paymentStatus: 'nonsense' }),
      await call('GET', '/api/admin/orders/export.csv', member.token),
      await call('POST', '/api/category', member.token, { nope: 1 }),
      await call('GET', '/api/admin/dashboard', member.token),
      await call('GET', '/api/admin/audit', member.token),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Your role does not allow this');
    }
    // What the role allows.
    expect((await call('GET', '/api/orders/all', member.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/products/archived', member.token)).statusCode).toBe(200);
    // Its own account stays its own: me, two-factor setup.
    expect((await call('GET', '/api/admin/me', member.token)).statusCode).toBe(200);
    const ne = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff',
      headers: { ...bearer(member.token), 'accept-language': 'ne' },
    });
    expect(ne.statusCode).toBe(403);
    expect(ne.json().message).not.toBe('Your role does not allow this');
  });

  it('a manager runs the catalogue, orders and dashboard but not staff, refunds or settings', async () => {
    const manager = await staffMember('manager');
    expect((await call('GET', '/api/admin/dashboard', manager.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/orders/export.csv', manager.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/staff', manager.token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/orders/x/payment', manager.token, {})).statusCode).toBe(403);
  });

  it('keeps the last owner: no demotion, no removal; removing staff ends its sessions; the audit log names who', async () => {
    const me = (await call('GET', '/api/admin/me', owner)).json().admin;
    const demote = await call('PUT', `/api/admin/staff/${me.id}`, owner, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('The shop must keep at least one owner');
    const self = await call('DELETE', `/api/admin/staff/${me.id}`, owner);
    expect(self.statusCode).toBe(409);
    expect((await call('GET', '/api/admin/me', owner)).json().admin.role).toBe('owner');

    // A second owner may be demoted; then the first is the last again.
    const other = await staffMember('owner');
    const otherDemotesFirst = await call('PUT', `/api/admin/staff/${me.id}`, other.token, { role: 'staff' });
    expect(otherDemotesFirst.statusCode, otherDemotesFirst.body).toBe(200);
    expect((await call('GET', '/api/admin/staff', owner)).statusCode).toBe(403);
    const back = await call('PUT', `/api/admin/staff/${me.id}`, other.token, { role: 'owner' });
    expect(back.statusCode).toBe(200);
    const removeOther = await call('DELETE', `/api/admin/staff/${other.id}`, owner);
    expect(removeOther.statusCode).toBe(200);
    const dead = await call('GET', '/api/admin/me', other.token);
    expect(dead.statusCode).toBe(401);
    expect((await login({ username: other.username, password: other.password })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/staff/${other.id}`, owner)).statusCode).toBe(404);

    const audit = await call('GET', `/api/admin/audit?entityType=admin&entityId=${other.id}`, owner);
    const entries = audit.json<{ entries: { action: string; adminName: string }[] }>().entries;
    const actions = entries.map((entry) => [entry.action, entry.adminName]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['admin.create', 'root-admin'],
        ['admin.remove', 'root-admin'],
      ]),
    );
    const meAudit = await call('GET', `/api/admin/audit?entityType=admin&entityId=${me.id}&action=admin.update`, owner);
    expect(meAudit.json().entries[0].adminName).toBe(other.username);
  });

  it('two-factor sign-in: required by the owner, set up with the secret, asked at login, recovery codes once', async () => {
    const member = await staffMember('staff', { totpRequired: true });
    expect((await call('GET', '/api/orders/all', member.token)).statusCode).toBe(403);
    const setup = await call('POST', '/api/admin/totp/setup', member.token);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`otpauth://totp/`);
    expect(uri).toContain(`secret=${secret}`);
    const wrong = await call('POST', '/api/admin/totp/confirm', member.token, {
      code: '000000' === totpAt(secret, t.clock.now().getTime()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await call('POST', '/api/admin/totp/confirm', member.token, {
      code: totpAt(secret, t.clock.now().getTime()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect((await call('GET', '/api/orders/all', member.token)).statusCode).toBe(200);

    const noCode = await login({ username: member.username, password: member.password });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({ message: 'Enter the code from your authenticator app', code: 'TOTP_REQUIRED' });
    // The code of the step already used to confirm does not sign in again: wait for the next step.
    t.clock.advance(30_000);
    const ok = await login({
      username: member.username,
      password: member.password,
      code: totpAt(secret, t.clock.now().getTime()),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await login({
      username: member.username,
      password: member.password,
      code: totpAt(secret, t.clock.now().getTime()),
    });
    expect(replay.statusCode).toBe(401);

    const recovery = await login({ username: member.username, password: member.password, code: codes[0] });
    expect(recovery.statusCode, recovery.body).toBe(200);
    expectNoSecrets(recovery.body);
    const used = await login({ username: member.username, password: member.password, code: codes[0] });
    expect(used.statusCode).toBe(401);
    expect(used.json().message).toBe('That code is not right');
  });

  it('a wrong code ten times slows the next try (429 with Retry-After), even with the right code; time lets it through', async () => {
    const member = await staffMember('manager');
    const { secret } = (await call('POST', '/api/admin/totp/setup', member.token)).json();
    expect(
      (await call('POST', '/api/admin/totp/confirm', member.token, { code: totpAt(secret, t.clock.now().getTime()) })).statusCode,
    ).toBe(200);
    t.clock.advance(30_000);
    const right = () => totpAt(secret, t.clock.now().getTime());
    const wrongCode = () => String((Number(right()) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 10; i++) {
      const res = await login({ username: member.username, password: member.password, code: wrongCode() });
      expect(res.statusCode, `try ${i + 1}`).toBe(401);
    }
    const slowed = await login({ username: member.username, password: member.password, code: right() });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(2_000);
    const later = await login({ username: member.username, password: member.password, code: right() });
    expect(later.statusCode, later.body).toBe(200);
  });
});
