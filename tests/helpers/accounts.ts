import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

export const ROOT_ADMIN = { username: 'root-admin', password: 'correct horse battery' } as const;

export interface Shopper {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

let counter = 0;

/** A valid, unique registration body (emails and phones differ per call and per test file). */
export function shopperData(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  const tag = `${crypto.randomBytes(3).toString('hex')}${counter}`;
  const phone = `98${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  return {
    firstName: 'Sita',
    lastName: 'Sharma',
    email: `sita.${tag}@example.com`,
    phoneNumber: phone,
    password: 'a-good-password',
    confirmPassword: 'a-good-password',
    ...overrides,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a shopper through the API (201 expected) and returns its details. */
export async function registerShopper(t: TestApp, overrides: Partial<Record<string, unknown>> = {}): Promise<Shopper> {
  const body = shopperData(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json<{ userId: number }>().userId;
  return {
    userId,
    firstName: String(body.firstName),
    lastName: String(body.lastName),
    email: String(body.email).toLowerCase(),
    phoneNumber: String(body.phoneNumber),
    password: String(body.password),
  };
}

/** The code in the newest mail to `email` (mails before index `since` are ignored). */
export function latestOtp(t: TestApp, email: string, since = 0): Promise<string> {
  const sent = t.mail.messages.map((mail, index) => ({ mail, index })).filter(({ mail }) => mail.to.includes(email));
  const newest = sent.at(-1);
  return t.mail.otpFor(email, Math.max(since, newest ? newest.index : 0));
}

/** Registers, reads the code from the captured mail and verifies it. */
export async function registerAndVerify(t: TestApp, overrides: Partial<Record<string, unknown>> = {}): Promise<Shopper> {
  const before = t.mail.messages.length;
  const shopper = await registerShopper(t, overrides);
  const otp = await t.mail.otpFor(shopper.email, before);
  const res = await t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload: { userId: shopper.userId, otp } });
  expect(res.statusCode, res.body).toBe(200);
  return shopper;
}

export async function loginAs(t: TestApp, shopper: Pick<Shopper, 'email' | 'password'>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { emailOrPhone: shopper.email, password: shopper.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

/** A token of the root admin that buildTestApp() creates. */
export async function adminToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: ROOT_ADMIN });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

/** The JWT's payload, unverified (for looking at claims in tests). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Fails when a response body holds anything secret-looking: hashes, codes, argon2 strings. */
export function expectNoSecrets(body: string): void {
  expect(body).not.toMatch(/password_hash|passwordHash|code_hash|codeHash|\$argon2/i);
  expect(body).not.toMatch(/"(password|confirmPassword|otp|code)"\s*:/);
}

/** The texts written to the dev SMS outbox for `phone` (DATA_DIR/outbox/sms, no gateway set), oldest first. */
export function textsTo(t: TestApp, phone: string): string[] {
  const folder = path.join(t.dataDir, 'outbox', 'sms');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.includes(`-${phone}-`))
    .sort()
    .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'));
}

/**
 * The code in the text number `index` to `phone` (0 the first), among those `containing` a phrase
 * when given ('login code'): the worker may write two texts queued together in either order.
 */
export async function smsCodeFor(t: TestApp, phone: string, index: number, containing = ''): Promise<string> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const text = textsTo(t, phone).filter((body) => body.includes(containing))[index];
    const code = text && /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n\n'))?.[1];
    if (code) return code;
    t.app.ctx.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no text number ${index} to ${phone}`);
}

/** Registers and verifies with the texted code: the account is verified and owns its number. */
export async function registerAndVerifyBySms(t: TestApp, overrides: Partial<Record<string, unknown>> = {}): Promise<Shopper> {
  const body = shopperData(overrides);
  const before = textsTo(t, String(body.phoneNumber)).length;
  const shopper = await registerShopper(t, body);
  const otp = await smsCodeFor(t, shopper.phoneNumber, before);
  const res = await t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload: { userId: shopper.userId, otp } });
  expect(res.statusCode, res.body).toBe(200);
  return shopper;
}
