import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort, requestJson, snapshotApp, stopChild } from '../../helpers/processes.js';
import { MailCatcher } from '../../helpers/smtp.js';
import { E2E_ADMIN } from './constants.js';

/**
 * A shop from the build: a snapshot of dist/ (the rest of the project linked beside it, so a
 * rebuild while the tests run cannot pull the assets from under the browser), a fresh DATA_DIR and
 * its own mail catcher, with the environment asked for. global-setup.ts starts one per test worker
 * (NODE_ENV=production); a test file may start one of its own: the payments test needs
 * NODE_ENV=development and PAYMENT_SANDBOX=true, where the payment sandbox (/sandbox/esewa,
 * /sandbox/khalti) is on, refused in production by design. No vitest here: a script (screenshots) may use it too.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(root, 'dist/server/server/main.js');

export interface Shop {
  baseUrl: string;
  dataDir: string;
  mail: MailCatcher;
  stop(): Promise<void>;
}

export async function startShop(extraEnv: Record<string, string> = {}, label = 'shop2'): Promise<Shop> {
  if (!fs.existsSync(serverEntry)) throw new Error('dist/ is missing: run `npm run build` first.');
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-e2e-shop-'));
  const dataDir = path.join(workDir, 'data');
  const appDir = snapshotApp(root, path.join(workDir, 'app'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG ?? 'C.UTF-8',
    TZ: process.env.TZ,
    NODE_ENV: 'development',
    PUBLIC_URL: baseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'false',
    // The browser tests all sign up from 127.0.0.1; the limits themselves are tested in the API tests.
    REGISTER_PER_IP_MINUTE: '10000',
    REGISTER_PER_IP_HOUR: '10000',
    SEND_OTP_PER_IP_HOUR: '10000',
    VERIFY_OTP_PER_IP_HOUR: '10000',
    // Few shoppers place many orders, some of many units: the order limits are tested in the API
    // tests (order-limits.test.ts), and a browser test that needs them sets them in extraEnv.
    MAX_OPEN_ORDERS: '1000',
    MAX_UNITS_PER_ORDER: '1000',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, [path.join(appDir, path.relative(root, serverEntry))], {
    cwd: appDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let captured = '';
  const relay = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    captured = (captured + text).slice(-20_000);
    for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`[${label}] ${line}\n`);
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);

  const stop = async () => {
    await stopChild(child, 10_000);
    await mail.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the ${label} server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${captured}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${label} server did not answer ${baseUrl}/api/health within 60 s:\n${captured}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, dataDir, mail, stop };
}

export interface ShopShopper {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  token: string;
}

/** The API of one shop, as tests/e2e/support/api.ts has it for the shared one. */
export function shopApi(shop: Shop) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the tests
  const call = <T = Record<string, any>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    pathname: string,
    options: { body?: unknown; token?: string } = {},
  ) => requestJson<T>(new URL(pathname, shop.baseUrl), { method, ...options });

  return {
    call,

    async adminToken(): Promise<string> {
      const res = await call<{ token: string }>('POST', '/api/admin/login', { body: E2E_ADMIN });
      if (res.status !== 200) throw new Error(`admin login answered ${res.status}`);
      return res.body.token;
    },

    /** A product with one drawn picture, in a new category. */
    async product(token: string, fields: { name: string; price: number; category: string }): Promise<{ id: number }> {
      const category = await call('POST', '/api/category', { token, body: { name: fields.category } });
      if (category.status !== 201 && category.status !== 409) throw new Error(`category answered ${category.status}`);
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0ea5e9' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('name', fields.name);
      form.set('description', `${fields.name}, made by the payments browser test.`);
      form.set('price', String(fields.price));
      form.set('category', fields.category);
      form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'product.png');
      const res = await fetch(new URL('/api/products/', shop.baseUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as { id: number };
    },

    /** Registers, verifies with the mailed code and logs in. */
    async verifiedShopper(): Promise<ShopShopper> {
      const tag = crypto.randomBytes(4).toString('hex');
      const input = {
        firstName: 'Maya',
        lastName: 'Gurung',
        email: `maya.${tag}@example.com`,
        phoneNumber: `98${crypto.randomInt(0, 100_000_000).toString().padStart(8, '0')}`,
        password: 'Annapurna#2081',
        confirmPassword: 'Annapurna#2081',
      };
      const since = shop.mail.messages.length;
      const registered = await call<{ userId: number }>('POST', '/api/users/register', { body: input });
      if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
      const otp = await shop.mail.otpFor(input.email, since);
      const verified = await call('POST', '/api/users/verify-otp', { body: { userId: registered.body.userId, otp } });
      if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}`);
      const login = await call<{ token: string }>('POST', '/api/users/login', {
        body: { emailOrPhone: input.email, password: input.password },
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}`);
      return { ...input, userId: registered.body.userId, token: login.body.token };
    },

    async addToCart(shopper: ShopShopper, productId: number, quantity = 1): Promise<void> {
      const res = await call('POST', '/api/cart/add-to-cart', {
        token: shopper.token,
        body: { userId: shopper.userId, productId, quantity },
      });
      if (res.status !== 200) throw new Error(`add-to-cart answered ${res.status}`);
    },
  };
}
