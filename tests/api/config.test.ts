import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.store.phones).toHaveLength(3);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', JWT_SECRET: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ STORE_EMAIL: 'not-an-email' }, 'STORE_EMAIL'],
    [{ STORE_PHONES: '1,2,3,4' }, 'STORE_PHONES'],
  ])('rejects %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('reads the admin, store facts and CORS origins', () => {
    const config = loadConfig({
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'long enough password',
      STORE_PHONES: '01-5550000, 9800000000',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config.admin).toEqual({ username: 'boss', password: 'long enough password' });
    expect(config.store.phones).toEqual(['01-5550000', '9800000000']);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});

describe('start-up with a bad value', () => {
  it('prints a clear message and exits with status 1', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: '/tmp/pasal-config-test-never-created' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
  });
});
