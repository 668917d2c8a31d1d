import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCli, USAGE } from '../../src/server/cli/admin.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/accounts.js';
import { entryPointArgs } from '../helpers/processes.js';

const run = promisify(execFile);

describe('admin CLI (npm run admin -- create|reset-password USERNAME)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** The environment a shell would have: the same database as the running test app. */
  const baseEnv = () => ({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
  });
  async function cli(args: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(
      args,
      { ...baseEnv(), ...env },
      { stdout: (l) => out.push(l), stderr: (l) => err.push(l) },
      t.clock,
    );
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  }
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: '10.8.0.1' });
  const printedPassword = (stdout: string) => /^Password: (\S+)$/m.exec(stdout)?.[1];

  it('parses its arguments', () => {
    expect(parseAdminArgs(['create', 'ops'])).toEqual({ command: 'create', username: 'ops' });
    expect(parseAdminArgs(['reset-password', ' ops '])).toEqual({ command: 'reset-password', username: 'ops' });
    expect(parseAdminArgs(['--help'])).toEqual({ command: 'help' });
    for (const bad of [
      [],
      ['create'],
      ['delete', 'ops'],
      ['create', 'a b'],
      ['create', 'ops', 'extra'],
      ['create', ''],
      ['create', 'x'.repeat(101)],
    ]) {
      expect(parseAdminArgs(bad)).toHaveProperty('error');
    }
  });

  it('creates an admin with a random password printed once', async () => {
    const res = await cli(['create', 'ops-admin']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("Created the admin 'ops-admin'");
    const password = printedPassword(res.stdout);
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(16);
    expect((await login('ops-admin', password!)).statusCode).toBe(200);
  });

  it('refuses to create an existing admin (exit 1)', async () => {
    const res = await cli(['create', 'root-admin']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("An admin named 'root-admin' already exists");
    expect(res.stdout).not.toContain('Password:');
  });

  it('takes the password from ADMIN_PASSWORD without printing it, and ignores a lone ADMIN_USERNAME', async () => {
    const res = await cli(['create', 'env-admin'], { ADMIN_PASSWORD: 'from the environment' });
    expect(res.code).toBe(0);
    expect(res.stdout).not.toContain('from the environment');
    expect(res.stdout).toContain('ADMIN_PASSWORD');
    expect((await login('env-admin', 'from the environment')).statusCode).toBe(200);
  });

  it('resets a password, ends that admin’s sessions and leaves others', async () => {
    const created = await cli(['create', 'reset-me']);
    const oldPassword = printedPassword(created.stdout)!;
    const token = (await login('reset-me', oldPassword)).json().token as string;
    const rootToken = (await login('root-admin', 'correct horse battery')).json().token as string;

    const res = await cli(['reset-password', 'reset-me']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('1 open session ended');
    const newPassword = printedPassword(res.stdout)!;
    expect(newPassword).not.toBe(oldPassword);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(rootToken) })).statusCode).toBe(200);
    expect((await login('reset-me', oldPassword)).statusCode).toBe(401);
    expect((await login('reset-me', newPassword)).statusCode).toBe(200);
  });

  it('warns when the admin is the one ADMIN_USERNAME manages', async () => {
    const res = await cli(['reset-password', 'env-admin'], {
      ADMIN_USERNAME: 'env-admin',
      ADMIN_PASSWORD: 'another env password',
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('sets its password back to ADMIN_PASSWORD');
  });

  it('fails clearly for an unknown admin (exit 1)', async () => {
    const res = await cli(['reset-password', 'ghost']);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe("Error: There is no admin named 'ghost'");
  });

  it('answers bad usage with the usage text (exit 2) and help with exit 0', async () => {
    for (const args of [[], ['create'], ['remove', 'x'], ['create', 'bad name']]) {
      const res = await cli(args);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(USAGE);
    }
    const help = await cli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(USAGE);
  });

  it('refuses a too short ADMIN_PASSWORD (exit 2) and a bad configuration (exit 1)', async () => {
    const short = await cli(['create', 'short-pass'], { ADMIN_PASSWORD: 'short' });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');
    const badConfig = await cli(['create', 'cfg-admin'], { DATABASE_URL: 'mysql://nope' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toContain('DATABASE_URL');
  });

  it('runs as a script (the entry point behind npm run admin)', async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...baseEnv() };
    const usage = await run(process.execPath, entryPointArgs('src/server/cli/admin.ts'), { env }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage:');

    const created = await run(process.execPath, [...entryPointArgs('src/server/cli/admin.ts'), 'create', 'script-admin'], {
      env,
    });
    const password = printedPassword(created.stdout);
    expect(password).toBeDefined();
    expect((await login('script-admin', password!)).statusCode).toBe(200);
  });
});
