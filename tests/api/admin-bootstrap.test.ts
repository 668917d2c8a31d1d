import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context.js';
import { ensureBootstrapAdmin } from '../../src/server/features/admin/bootstrap.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ROOT_ADMIN, bearer } from '../helpers/accounts.js';

/** A logger that keeps what it is told, to check what start-up says (and does not say). */
function captureLog() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => lines.push(JSON.stringify(args));
  return { lines, log: { info: keep, warn: keep } as unknown as FastifyBaseLogger };
}

const adminLogin = (t: TestApp, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: '10.9.0.1' });

describe('ensureBootstrapAdmin with ADMIN_USERNAME and ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const withAdmin = (admin: { username: string; password: string }): AppContext => ({
    ...t.app.ctx,
    config: { ...t.app.ctx.config, admin },
  });
  const hashOf = async (username: string) =>
    (await t.app.ctx.db.selectFrom('admins').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow())
      .password_hash;

  it('creates that admin and nothing else (no generated admin, no password file)', async () => {
    expect((await adminLogin(t, ROOT_ADMIN.username, ROOT_ADMIN.password)).statusCode).toBe(200);
    const admins = await t.app.ctx.db.selectFrom('admins').select('username').execute();
    expect(admins).toEqual([{ username: 'root-admin' }]);
    expect(fs.existsSync(path.join(t.dataDir, 'initial-admin-password'))).toBe(false);
  });

  it('changes nothing when started again with the same password', async () => {
    const before = await hashOf('root-admin');
    const { log, lines } = captureLog();
    await ensureBootstrapAdmin(t.app.ctx, log);
    expect(await hashOf('root-admin')).toBe(before);
    expect(lines).toEqual([]);
  });

  it('makes the environment the truth: a changed ADMIN_PASSWORD replaces the stored one and ends old sessions', async () => {
    const old = await adminLogin(t, ROOT_ADMIN.username, ROOT_ADMIN.password);
    const oldToken = old.json().token as string;
    const { log, lines } = captureLog();
    await ensureBootstrapAdmin(withAdmin({ username: 'root-admin', password: 'a brand new passphrase' }), log);

    expect((await adminLogin(t, 'root-admin', ROOT_ADMIN.password)).statusCode).toBe(401);
    expect((await adminLogin(t, 'root-admin', 'a brand new passphrase')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(oldToken) })).statusCode).toBe(401);
    expect(lines.join('\n')).toContain('ADMIN_PASSWORD');
    expect(lines.join('\n')).not.toContain('a brand new passphrase');

    await ensureBootstrapAdmin(withAdmin(ROOT_ADMIN), captureLog().log);
    expect((await adminLogin(t, ROOT_ADMIN.username, ROOT_ADMIN.password)).statusCode).toBe(200);
  });

  it('adds a newly named admin beside the existing ones', async () => {
    await ensureBootstrapAdmin(withAdmin({ username: 'second-admin', password: 'second admin password' }), captureLog().log);
    expect((await adminLogin(t, 'second-admin', 'second admin password')).statusCode).toBe(200);
    expect((await adminLogin(t, ROOT_ADMIN.username, ROOT_ADMIN.password)).statusCode).toBe(200);
  });

  it('refuses a password the login form could never send', async () => {
    await expect(
      ensureBootstrapAdmin(withAdmin({ username: 'x-admin', password: 'p'.repeat(201) }), captureLog().log),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
  });
});

describe('ensureBootstrapAdmin without ADMIN_* variables', () => {
  let t: TestApp;
  let initialPassword = '';
  const file = () => path.join(t.dataDir, 'initial-admin-password');
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
  });
  afterAll(async () => t.close());

  it('creates "admin" with a random password written to DATA_DIR/initial-admin-password (0600)', async () => {
    expect(t.app.ctx.config.admin).toBeUndefined();
    const stat = fs.statSync(file());
    expect(stat.mode & 0o777).toBe(0o600);
    initialPassword = fs.readFileSync(file(), 'utf8').trim();
    expect(initialPassword.length).toBeGreaterThanOrEqual(16);
    expect((await adminLogin(t, 'admin', initialPassword)).statusCode).toBe(200);
  });

  it('has no default password', async () => {
    for (const guess of ['admin', 'password', 'admin123', 'changeme', 'Admin@123', '']) {
      expect((await adminLogin(t, 'admin', guess)).statusCode).not.toBe(200);
    }
  });

  it('does nothing when an admin exists', async () => {
    fs.rmSync(file());
    const { log, lines } = captureLog();
    await ensureBootstrapAdmin(t.app.ctx, log);
    expect(fs.existsSync(file())).toBe(false);
    expect(await t.app.ctx.db.selectFrom('admins').select('username').execute()).toHaveLength(1);
    expect(lines).toEqual([]);
  });

  it('logs that it created the admin and where the password is, never the password', async () => {
    const oldToken = (await adminLogin(t, 'admin', initialPassword)).json().token as string;
    await t.app.ctx.db.deleteFrom('admins').execute();
    fs.writeFileSync(file(), 'stale-password-from-an-older-database\n', { mode: 0o644 });
    const { log, lines } = captureLog();
    await ensureBootstrapAdmin(t.app.ctx, log);
    // A token of the deleted admin is a dead session for /me.
    const stale = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(oldToken) });
    expect(stale.statusCode).toBe(401);

    const password = fs.readFileSync(file(), 'utf8').trim();
    expect(password).not.toContain('stale');
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file());
    expect(lines[0]).toContain("'admin'");
    expect(lines[0]).not.toContain(password);
    expect((await adminLogin(t, 'admin', password)).statusCode).toBe(200);

    // Two starts give two different passwords (it is random, not derived).
    await t.app.ctx.db.deleteFrom('admins').execute();
    await ensureBootstrapAdmin(t.app.ctx, captureLog().log);
    expect(fs.readFileSync(file(), 'utf8').trim()).not.toBe(password);
  });
});
