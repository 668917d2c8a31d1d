import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { entryPointArgs } from '../helpers/processes.js';

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

describe('payment settings', () => {
  it('runs the sandbox only when PAYMENT_SANDBOX is set: unset is off in development and tests', () => {
    // Unset: no sandbox, whatever NODE_ENV (an `npm start` on 0.0.0.0 must not take fake payments).
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const off = loadConfig(NODE_ENV ? { NODE_ENV } : {});
      expect(off.payments.sandbox, `NODE_ENV=${NODE_ENV}`).toBe(false);
      // No wallet is offered without a key: not even eSewa's published test merchant, whose public
      // test wallet would let anyone mark an order paid.
      expect(off.payments.esewa).toBeUndefined();
      expect(off.payments.khalti).toBeUndefined();
    }
    expect(loadConfig({ PAYMENT_SANDBOX: '' }).payments.sandbox).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: '0' }).payments.sandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_SANDBOX: '1' }).payments.sandbox).toBe(true);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'yes' })).toThrow(/PAYMENT_SANDBOX/);
  });

  it('runs the sandbox when asked for, with eSewa and Khalti offered and the test keys', () => {
    const config = loadConfig({ PAYMENT_SANDBOX: 'true' });
    expect(config.payments.sandbox).toBe(true);
    expect(config.payments.esewa).toMatchObject({ productCode: 'EPAYTEST', formUrl: undefined });
    expect(config.payments.khalti).toBeDefined();
    expect(config.payments).toMatchObject({
      timeoutMinutes: 30,
      deliveryFeeValleyPaisa: 10_000,
      deliveryFeeOutsidePaisa: 20_000,
      freeDeliveryFromPaisa: 500_000,
    });
  });

  it('offers no wallet in production until it is configured, and never the sandbox', () => {
    const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://pasal.example' };
    const production = loadConfig(base);
    expect(production.payments).toMatchObject({ sandbox: false, esewa: undefined, khalti: undefined });
    expect(() => loadConfig({ ...base, PAYMENT_SANDBOX: 'true' })).toThrow(/PAYMENT_SANDBOX/);
    expect(() => loadConfig({ ...base, PAYMENT_SANDBOX: '1' })).toThrow(/PAYMENT_SANDBOX/);
    expect(() => loadConfig({ ...base, ESEWA_SECRET_KEY: 'only-the-key' })).toThrow(/ESEWA_SECRET_KEY/);
    // Live Khalti needs its live address spelled out (the default is Khalti's test host).
    expect(() => loadConfig({ ...base, KHALTI_SECRET_KEY: 'live-khalti-key' })).toThrow(/KHALTI_API_URL/);
    const live = loadConfig({
      ...base,
      ESEWA_FORM_URL: 'https://epay.esewa.com.np/api/epay/main/v2/form',
      ESEWA_STATUS_URL: 'https://epay.esewa.com.np/api/epay/transaction/status/',
      ESEWA_PRODUCT_CODE: 'NP-ES-PASAL',
      ESEWA_SECRET_KEY: 'live-secret',
      KHALTI_API_URL: 'https://khalti.com/api/v2/',
      KHALTI_SECRET_KEY: 'live-khalti-key',
      DELIVERY_FEE_VALLEY: '150',
      STORE_PAN: '123456789',
    });
    expect(live.payments.esewa).toEqual({
      formUrl: 'https://epay.esewa.com.np/api/epay/main/v2/form',
      statusUrl: 'https://epay.esewa.com.np/api/epay/transaction/status/',
      productCode: 'NP-ES-PASAL',
      secretKey: 'live-secret',
    });
    expect(live.payments.khalti).toEqual({ apiUrl: 'https://khalti.com/api/v2/', secretKey: 'live-khalti-key' });
    expect(live.payments.deliveryFeeValleyPaisa).toBe(15_000);
    expect(live.store.pan).toBe('123456789');
    expect(() => loadConfig({ STORE_PAN: '12345' })).toThrow(/STORE_PAN/);
    // Opening hours: shown as written, absent when unset or blank.
    expect(live.store.hours).toBeUndefined();
    expect(loadConfig({ STORE_HOURS: '  ' }).store.hours).toBeUndefined();
    expect(loadConfig({ STORE_HOURS: ' Sun–Fri 10:00–19:00 ' }).store.hours).toBe('Sun–Fri 10:00–19:00');
    expect(() => loadConfig({ STORE_HOURS: 'x'.repeat(101) })).toThrow(/STORE_HOURS/);
    expect(() => loadConfig({ DELIVERY_FEE_OUTSIDE: 'two hundred' })).toThrow(/DELIVERY_FEE_OUTSIDE/);
  });

  it('never runs the sandbox beside a real key: `npm start` with a key talks to the real gateway', () => {
    // NODE_ENV unset (as `npm start`), a Khalti key set: no sandbox, Khalti's own (test) host.
    const withKey = loadConfig({ KHALTI_SECRET_KEY: 'test-secret-key' });
    expect(withKey.payments.sandbox).toBe(false);
    expect(withKey.payments.khalti).toEqual({ apiUrl: 'https://dev.khalti.com/api/v2/', secretKey: 'test-secret-key' });
    // A Khalti key does not turn eSewa on.
    expect(withKey.payments.esewa).toBeUndefined();
    expect(() => loadConfig({ KHALTI_SECRET_KEY: 'k', PAYMENT_SANDBOX: 'true' })).toThrow(/PAYMENT_SANDBOX/);
    expect(() => loadConfig({ ESEWA_SECRET_KEY: 'k', PAYMENT_SANDBOX: '1' })).toThrow(/PAYMENT_SANDBOX/);
    expect(loadConfig({ PAYMENT_SANDBOX: 'false' }).payments.esewa).toBeUndefined();
    // An eSewa key outside production: eSewa's UAT hosts and test merchant fill what is unset.
    expect(loadConfig({ ESEWA_SECRET_KEY: 'uat-key' }).payments.esewa).toEqual({
      formUrl: 'https://rc-epay.esewa.com.np/api/epay/main/v2/form',
      statusUrl: 'https://rc.esewa.com.np/api/epay/transaction/status/',
      productCode: 'EPAYTEST',
      secretKey: 'uat-key',
    });
  });
});

describe('SMS settings', () => {
  it('writes texts to the outbox until a gateway is named, with the daily limit of 500', () => {
    expect(loadConfig({}).sms).toEqual({ provider: undefined, dailyLimit: 500, timeoutMs: 15_000 });
    expect(loadConfig({ SMS_PROVIDER: 'aakash', SMS_TOKEN: 't0k3n' }).sms.provider).toEqual({
      name: 'aakash',
      token: 't0k3n',
      from: undefined,
      apiUrl: 'https://sms.aakashsms.com/sms/v3/send',
    });
    const sparrow = loadConfig({ SMS_PROVIDER: 'sparrow', SMS_TOKEN: 't', SMS_FROM: 'Pasal', SMS_API_URL: 'http://127.0.0.1:9/v2/sms/' });
    expect(sparrow.sms.provider).toMatchObject({ name: 'sparrow', from: 'Pasal', apiUrl: 'http://127.0.0.1:9/v2/sms/' });
    expect(loadConfig({ SMS_DAILY_LIMIT: '0', SMS_TIMEOUT_SECONDS: '2' }).sms).toMatchObject({ dailyLimit: 0, timeoutMs: 2000 });
  });

  it('refuses a gateway without its token, Sparrow without its sender, and unknown gateways', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aakash' })).toThrow(/SMS_TOKEN/);
    expect(() => loadConfig({ SMS_PROVIDER: 'sparrow', SMS_TOKEN: 't' })).toThrow(/SMS_FROM/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', SMS_TOKEN: 't' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_API_URL: 'ftp://x' })).toThrow(/SMS_API_URL/);
    expect(() => loadConfig({ SMS_DAILY_LIMIT: '-1' })).toThrow(/SMS_DAILY_LIMIT/);
  });
});

describe('start-up with a bad value', () => {
  it('prints a clear message and exits with status 1', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, entryPointArgs('src/server/main.ts'), {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: '/tmp/pasal-config-test-never-created' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
  });
});

describe('start-up with the payment sandbox', () => {
  /** Starts the server (its source or its build: entryPointArgs, a fresh DATA_DIR, a free port) and answers its log once it listens. */
  async function startLog(extra: Record<string, string>): Promise<string> {
    const { spawn } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { freePort, stopChild } = await import('../helpers/processes.js');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-sandbox-log-'));
    const child = spawn(process.execPath, entryPointArgs('src/server/main.ts'), {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start in 30 s:\n${log}`)), 30_000);
        const read = (chunk: Buffer) => {
          log += chunk.toString('utf8');
          if (/Server listening/.test(log)) {
            clearTimeout(timer);
            // The warnings come right after the listening line.
            setTimeout(resolve, 300);
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', () => reject(new Error(`exited:\n${log}`)));
      });
    } finally {
      await stopChild(child, 5_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return log;
  }

  it('warns in capitals that payments are fake when the sandbox is on, and says nothing when it is off', async () => {
    const on = await startLog({ PAYMENT_SANDBOX: 'true' });
    expect(on).toContain('PAYMENT SANDBOX IS ON: ONLINE PAYMENTS ARE FAKE, NO MONEY MOVES');
    const off = await startLog({ PAYMENT_SANDBOX: '' });
    expect(off).not.toContain('PAYMENT SANDBOX');
  }, 90_000);
});
