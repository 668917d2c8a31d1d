import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { requestJson, sleep } from './proc.js';

/**
 * A verified shopper made the way a person makes one: POST /api/users/register, the code read
 * from the dev outbox (DATA_DIR/outbox, the server runs without SMTP), POST /api/users/verify-otp,
 * then POST /api/users/login for the bearer token. The code is never printed.
 */
export async function verifiedShopper(baseUrl: string, dataDir: string): Promise<{ userId: number; token: string }> {
  const tag = crypto.randomBytes(4).toString('hex');
  const email = `bench.${tag}@example.com`;
  const password = 'Bench#Himalaya2081';
  const register = await requestJson<{ userId: number }>(`${baseUrl}/api/users/register`, {
    method: 'POST',
    body: {
      firstName: 'Bench',
      lastName: 'Shopper',
      email,
      phoneNumber: `98${crypto.randomInt(0, 100_000_000).toString().padStart(8, '0')}`,
      password,
      confirmPassword: password,
    },
  });
  if (register.status !== 201) throw new Error(`register answered ${register.status}: ${JSON.stringify(register.body)}`);
  const userId = register.body.userId;

  const otp = await otpFromOutbox(dataDir, email);
  const verify = await requestJson(`${baseUrl}/api/users/verify-otp`, { method: 'POST', body: { userId, otp } });
  if (verify.status !== 200) throw new Error(`verify-otp answered ${verify.status}`);

  const login = await requestJson<{ token: string }>(`${baseUrl}/api/users/login`, {
    method: 'POST',
    body: { emailOrPhone: email, password },
  });
  if (login.status !== 200 || typeof login.body.token !== 'string') throw new Error(`login answered ${login.status}`);
  return { userId, token: login.body.token };
}

async function otpFromOutbox(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    // The dev outbox names a mail `<time>-<to>-<random>.txt` (src/server/lib/mail.ts).
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.includes(`-${email}-`)) : [];
    for (const name of files.sort().reverse()) {
      const text = fs.readFileSync(path.join(outbox, name), 'utf8');
      const code = /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n\n'))?.[1];
      if (code) return code;
    }
    await sleep(100);
  }
  throw new Error(`no OTP mail for ${email} in ${outbox}`);
}

/**
 * The one request of bench/profile.ts and bench/ab.ts: a GET as given, or (another method) sent
 * by a new verified shopper with its bearer token, `$USER` in the body its id, and `$PRODUCT` (in
 * the body or the path) a product drawn from `products` again for every request.
 */
export async function shopperRequest(
  baseUrl: string,
  dataDir: string,
  given: { method: string; path: string; body?: string | undefined },
  products: readonly number[],
) {
  const headers: Record<string, string> = {};
  let body = given.body;
  if (given.method !== 'GET') {
    const shopper = await verifiedShopper(baseUrl, dataDir);
    headers['content-type'] = 'application/json';
    headers.authorization = `Bearer ${shopper.token}`;
    body = body?.replace('$USER', String(shopper.userId));
  }
  return {
    method: given.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: given.path,
    headers,
    setupRequest: <R extends object>(request: R): R => {
      const product = () => String(products[Math.floor(Math.random() * products.length)]);
      const drawn: { path?: string; body?: string } = {};
      if (given.path.includes('$PRODUCT')) drawn.path = given.path.replace('$PRODUCT', product());
      if (body) drawn.body = body.replace('$PRODUCT', product());
      return { ...request, ...drawn };
    },
  };
}
