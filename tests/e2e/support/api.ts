import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { workerShop } from './worker-shop.js';
import { requestJson } from '../../helpers/processes.js';
import { E2E_ADMIN } from './constants.js';

/** Talks to the running shop over HTTP, the way another client would (no database access). */

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the tests
export async function api<T = Record<string, any>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  pathname: string,
  options: { body?: unknown; token?: string } = {},
): Promise<ApiResponse<T>> {
  return requestJson<T>(new URL(pathname, workerShop().baseUrl), { method, ...options });
}

/** The e2e admin's token, from a login through the API. */
export async function adminToken(): Promise<string> {
  const res = await api<{ token: string }>('POST', '/api/admin/login', { body: E2E_ADMIN });
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}`);
  return res.body.token;
}

/**
 * Makes a category with one subcategory and the given child categories under it, through the admin
 * API; throws unless each is created. Answers the category's id.
 */
export async function createCategoryTree(token: string, category: string, sub: string, children: string[]): Promise<number> {
  const created = await api<{ category: { id: number } }>('POST', '/api/category', { body: { name: category }, token });
  if (created.status !== 201) throw new Error(`category answered ${created.status}`);
  const categoryId = created.body.category.id;
  const subRes = await api<{ subCategory: { id: number } }>('POST', `/api/category/${categoryId}/subcategory`, {
    body: { name: sub },
    token,
  });
  if (subRes.status !== 201) throw new Error(`subcategory answered ${subRes.status}`);
  for (const name of children) {
    const childRes = await api('POST', `/api/category/${categoryId}/subcategory/${subRes.body.subCategory.id}/childcategory`, {
      body: { name },
      token,
    });
    if (childRes.status !== 201) throw new Error(`child category answered ${childRes.status}`);
  }
  return categoryId;
}

/** A PNG of one colour, drawn by sharp: a product picture for a test. */
export function drawnPng(colour: string, width = 400, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export interface ProductPicture {
  png: Uint8Array;
  filename: string;
}

/**
 * Adds a product through the API as the admin form does: multipart fields (name, description,
 * price, category, stock, …; undefined ones left out) and PNG pictures. Throws unless it is created.
 */
export async function uploadProduct(
  token: string,
  fields: Record<string, string | number | undefined>,
  pictures: ProductPicture[],
): Promise<{ id: number; name: string; images: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, String(value));
  for (const picture of pictures) {
    form.append('images', new Blob([new Uint8Array(picture.png)], { type: 'image/png' }), picture.filename);
  }
  const res = await fetch(new URL('/api/products/', workerShop().baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as { id: number; name: string; images: string };
}

/** The raw HTML the server sends for a page, before any script runs. */
export async function rawHtml(pathname: string): Promise<string> {
  const res = await fetch(new URL(pathname, workerShop().baseUrl));
  if (!res.ok) throw new Error(`GET ${pathname} answered ${res.status}`);
  return res.text();
}

/** The mail the shop sent, captured by the SMTP server of the global setup. */
export const mailbox = {
  /** How many messages were captured so far: pass it as `since` to wait for the next one. */
  async count(): Promise<number> {
    const res = await fetch(new URL('/messages', workerShop().mailboxUrl));
    const body = (await res.json()) as { count: number };
    return body.count;
  },
  async messagesTo(email: string): Promise<Array<{ index: number; subject: string; text: string }>> {
    const url = new URL('/messages', workerShop().mailboxUrl);
    url.searchParams.set('to', email);
    const res = await fetch(url);
    return ((await res.json()) as { messages: Array<{ index: number; subject: string; text: string }> }).messages;
  },
  /** The 6-digit code of the first mail to `email` after `since` messages (waits for it). */
  async otpFor(email: string, since = 0): Promise<string> {
    const url = new URL('/otp', workerShop().mailboxUrl);
    url.searchParams.set('to', email);
    url.searchParams.set('since', String(since));
    url.searchParams.set('timeoutMs', '15000');
    const res = await fetch(url);
    const body = (await res.json()) as { code?: string; error?: string };
    if (!res.ok || !body.code) throw new Error(`no OTP mail for ${email}: ${body.error ?? res.status}`);
    return body.code;
  },
};

/** The texts the shop wrote to its dev SMS outbox (DATA_DIR/outbox/sms: the e2e shop sets no gateway). */
export const smsbox = {
  textsTo(phone: string): string[] {
    const folder = path.join(workerShop().dataDir, 'outbox', 'sms');
    if (!fs.existsSync(folder)) return [];
    return fs
      .readdirSync(folder)
      .filter((name) => name.includes(`-${phone}-`))
      .sort()
      .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'));
  },
  count(phone: string): number {
    return smsbox.textsTo(phone).length;
  },
  /**
   * The code of the first text to `phone` after `since` texts, among those `containing` a phrase when
   * given (the shop's worker may write two texts queued together in either order); waits for it.
   */
  async codeFor(phone: string, since = 0, containing = ''): Promise<string> {
    for (let waited = 0; waited < 15_000; waited += 100) {
      const text = smsbox.textsTo(phone).filter((body) => body.includes(containing))[since];
      const code = text && /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n\n'))?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no text to ${phone} after ${since}`);
  },
};

export interface ShopperInput {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
}

export interface Shopper extends ShopperInput {
  userId: number;
}

/** Details nobody else in the run uses: a unique email and 10-digit phone number. */
export function newShopperInput(overrides: Partial<ShopperInput> = {}): ShopperInput {
  const tag = crypto.randomBytes(5).toString('hex');
  const phone = `98${crypto.randomInt(0, 100_000_000).toString().padStart(8, '0')}`;
  const password = overrides.password ?? 'Himalaya#2081';
  return {
    firstName: 'Sita',
    lastName: 'Sharma',
    email: `sita.${tag}@example.com`,
    phoneNumber: phone,
    password,
    confirmPassword: password,
    ...overrides,
  };
}

/** Registers a shopper through the API (the server mails a code, which stays unread). */
export async function registerShopper(overrides: Partial<ShopperInput> = {}): Promise<Shopper> {
  const input = newShopperInput(overrides);
  const res = await api<{ message: string; userId: number }>('POST', '/api/users/register', { body: input });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...input, userId: res.body.userId };
}

/** Registers a shopper and verifies the account with the mailed code, as the OTP screen would. */
export async function registerVerifiedShopper(overrides: Partial<ShopperInput> = {}): Promise<Shopper> {
  const since = await mailbox.count();
  const shopper = await registerShopper(overrides);
  const otp = await mailbox.otpFor(shopper.email, since);
  const res = await api('POST', '/api/users/verify-otp', { body: { userId: shopper.userId, otp } });
  if (res.status !== 200) throw new Error(`verify-otp answered ${res.status}: ${JSON.stringify(res.body)}`);
  return shopper;
}

/** Registers a shopper and verifies with the texted code: the account is verified and owns its number. */
export async function registerShopperVerifiedBySms(overrides: Partial<ShopperInput> = {}): Promise<Shopper> {
  const input = newShopperInput(overrides);
  const since = smsbox.count(input.phoneNumber);
  const shopper = await registerShopper(input);
  const otp = await smsbox.codeFor(shopper.phoneNumber, since);
  const res = await api('POST', '/api/users/verify-otp', { body: { userId: shopper.userId, otp } });
  if (res.status !== 200) throw new Error(`verify-otp answered ${res.status}: ${JSON.stringify(res.body)}`);
  return shopper;
}

/** Where an order made through the API goes (a test that reads the address back names its own). */
export interface DeliveryAddress {
  province: string;
  district: string;
  city: string;
  address: string;
  landmark: string;
}

/** Logs the shopper in, fills the cart and checks out with cash on delivery, all through the API; returns the order id. */
export async function placeCodOrder(
  who: Shopper,
  lines: Array<[{ id: number; price: number }, number]>,
  delivery: DeliveryAddress,
): Promise<string> {
  const login = await api<{ token: string }>('POST', '/api/users/login', {
    body: { emailOrPhone: who.email, password: who.password },
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  const token = login.body.token;
  let total = 0;
  for (const [product, quantity] of lines) {
    const added = await api('POST', '/api/cart/add-to-cart', {
      token,
      body: { userId: who.userId, productId: product.id, quantity },
    });
    if (added.status !== 200) throw new Error(`add-to-cart answered ${added.status}: ${JSON.stringify(added.body)}`);
    total += product.price * quantity;
  }
  const res = await api<{ order: { id: string } }>('POST', '/api/orders/create', {
    token,
    body: {
      userId: who.userId,
      totalAmount: total,
      cartItems: [],
      fullName: `${who.firstName} ${who.lastName}`,
      phone: who.phoneNumber,
      ...delivery,
      paymentMethod: 'cod',
    },
  });
  if (res.status !== 201) throw new Error(`orders/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.order.id;
}
