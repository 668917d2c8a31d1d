import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { staticPageMeta } from '../../src/server/features/web/meta.js';
import { ERRORS_NE, serverMessage } from '../../src/server/i18n/errors-ne.js';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts.js';
import { CART_MESSAGES } from '../../src/shared/cart.js';
import { toNepaliDigits } from '../../src/shared/locale.js';
import { patternRegExp, placeholders } from '../../src/shared/message-patterns.js';
import { formatPrice } from '../../src/shared/money.js';
import { ORDER_MESSAGES } from '../../src/shared/orders.js';
import { PAYMENT_MESSAGES } from '../../src/shared/payments.js';
import { VALIDATION_NE, ZOD_DEFAULTS_NE, validationMessage } from '../../src/shared/validation-ne.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { catalogWeb } from '../helpers/web.js';
import { adminToken, registerShopper } from '../helpers/accounts.js';
import { bearer, categoryId, makeProduct, makeShopper } from '../helpers/orders.js';

/**
 * The server in Nepali: error answers in the request's language (Accept-Language, which
 * the web app sets to its page's), the same status, code and other fields in both, English to the
 * letter without it; page heads in the page's language; and catalogues that cover every message
 * the server throws or the shared schemas give, and nothing more.
 */

const NE = { 'accept-language': 'ne' };
const DEVANAGARI = /[\u0900-\u097F]/;
const root = path.resolve(import.meta.dirname, '../..');

describe('error answers in the request’s language', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  type Call = Pick<InjectOptions, 'method' | 'url' | 'payload'> & { headers?: Record<string, string> };
  const nextAddress = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;
  /** Each test's calls from their own address, so the per-address limits stay out of the way. */
  const call = (options: Call, remoteAddress = nextAddress()) => t.app.inject({ ...options, remoteAddress });

  /** The same request in English (no Accept-Language) and in Nepali, from one address. */
  async function both(options: Call, remoteAddress = nextAddress()) {
    const en = await call(options, remoteAddress);
    const ne = await call({ ...options, headers: { ...options.headers, ...NE } }, remoteAddress);
    expect(ne.statusCode, ne.body).toBe(en.statusCode);
    return { en, ne, enBody: en.json<Record<string, unknown>>(), neBody: ne.json<Record<string, unknown>>() };
  }

  it('a bad login: 401 with the same code, in Nepali with Accept-Language ne', async () => {
    const shopper = await registerShopper(t);
    const { en, enBody, neBody } = await both({
      method: 'POST',
      url: '/api/users/login',
      payload: { emailOrPhone: shopper.email, password: 'not-the-password' },
    });
    expect(en.statusCode).toBe(401);
    expect(enBody).toEqual({ message: ACCOUNT_MESSAGES.loginFailed, code: 'UNAUTHORIZED' });
    // The English comes beside the translation, so the web can tell refusals apart by it.
    expect(neBody).toEqual({
      message: 'इमेल/फोन वा पासवर्ड मिलेन',
      sourceMessage: ACCOUNT_MESSAGES.loginFailed,
      code: 'UNAUTHORIZED',
    });
    // A browser's own header that prefers Nepali counts too; one that names neither gets English.
    const preferred = await call({
      method: 'POST',
      url: '/api/users/login',
      payload: { emailOrPhone: 'nobody@example.com', password: 'whatever1' },
      headers: { 'accept-language': 'ne-NP,ne;q=0.9,en;q=0.8' },
    });
    expect(preferred.json().message).toBe('इमेल/फोन वा पासवर्ड मिलेन');
    const other = await call({
      method: 'POST',
      url: '/api/users/login',
      payload: { emailOrPhone: 'nobody@example.com', password: 'whatever1' },
      headers: { 'accept-language': 'fr-FR,en;q=0.5' },
    });
    expect(other.json().message).toBe(ACCOUNT_MESSAGES.loginFailed);
  });

  it('a validation failure: the message and every field’s message in Nepali, limits in Nepali digits', async () => {
    const { en, ne, enBody, neBody } = await both({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        firstName: '',
        lastName: 'Sharma',
        email: 'not-an-email',
        phoneNumber: '98412',
        password: 'short',
        confirmPassword: 'short',
      },
    });
    expect(en.statusCode).toBe(400);
    expect(enBody).toEqual({
      message: 'First Name is required',
      code: 'VALIDATION_FAILED',
      errors: {
        firstName: 'First Name is required',
        email: 'Invalid email format',
        phoneNumber: 'Phone Number should be 10 digits',
        password: 'Password must be at least 8 characters',
      },
    });
    expect(neBody).toEqual({
      message: 'पहिलो नाम लेख्नुहोस्',
      code: 'VALIDATION_FAILED',
      errors: {
        firstName: 'पहिलो नाम लेख्नुहोस्',
        email: 'इमेलको ढाँचा मिलेन',
        phoneNumber: 'फोन नम्बर १० अङ्कको हुनुपर्छ',
        password: 'पासवर्डमा कम्तीमा ८ अक्षर हुनुपर्छ',
      },
    });
    // The answer depends on the language: caches keep one per language.
    expect(String(ne.headers.vary)).toMatch(/accept-language/i);
    expect(String(en.headers.vary)).toMatch(/accept-language/i);
  });

  it('a whole body that is not JSON, a route that does not exist, a product that does not exist: 400 and 404', async () => {
    const malformed = await both({
      method: 'POST',
      url: '/api/users/login',
      payload: '{"emailOrPhone":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.en.statusCode).toBe(400);
    expect(malformed.enBody.message).toBe('Malformed JSON body');
    expect(malformed.neBody).toEqual({ ...malformed.enBody, message: 'अनुरोधको JSON बिग्रिएको छ' });

    const route = await both({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(route.en.statusCode).toBe(404);
    expect(route.enBody).toEqual({ message: 'Route GET /api/no-such-thing not found', code: 'NOT_FOUND' });
    expect(route.neBody).toEqual({ message: 'GET /api/no-such-thing भन्ने ठेगाना भेटिएन', code: 'NOT_FOUND' });

    const product = await both({ method: 'GET', url: '/api/products/999999' });
    expect(product.en.statusCode).toBe(404);
    expect(product.enBody).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    expect(product.neBody).toEqual({ message: 'सामान भेटिएन', sourceMessage: 'Product not found', code: 'NOT_FOUND' });

    const badId = await both({ method: 'GET', url: '/api/products/abc' });
    expect(badId.en.statusCode).toBe(400);
    expect(badId.enBody.message).toBe('Invalid product id');
    expect(badId.neBody).toEqual({ ...badId.enBody, message: 'सामानको id मिलेन', errors: { id: 'सामानको id मिलेन' } });
  });

  it('too many login attempts: 429 with Retry-After, the wait in Nepali', async () => {
    const shopper = await registerShopper(t);
    const wrong = {
      method: 'POST' as const,
      url: '/api/users/login',
      payload: { emailOrPhone: shopper.email, password: 'wrong-password' },
    };
    /** Wrong passwords until the account must wait (five are free, ADR 0017). */
    const untilRefused = async (headers: Record<string, string>) => {
      let res = await t.app.inject({ ...wrong, headers });
      for (let tries = 0; res.statusCode === 401 && tries < 20; tries += 1) res = await t.app.inject({ ...wrong, headers });
      expect(res.statusCode, res.body).toBe(429);
      const wait = Number(res.headers['retry-after']);
      return { body: res.json<Record<string, unknown>>(), wait, minutes: Math.max(1, Math.ceil(wait / 60)) };
    };
    const ne = await untilRefused(NE);
    expect(ne.body).toEqual({
      message: `धेरै पटक लगइन गर्ने प्रयास भयो। कृपया ${toNepaliDigits(String(ne.minutes))} मिनेटपछि फेरि प्रयास गर्नुहोस्।`,
      sourceMessage: ACCOUNT_MESSAGES.tooManyLogins(ne.minutes),
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: ne.wait,
    });
    const en = await untilRefused({});
    expect(en.body).toEqual({
      message: ACCOUNT_MESSAGES.tooManyLogins(en.minutes),
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: en.wait,
    });
    expect(en.minutes).toBe(1);
    expect(en.body.message).toBe('Too many login attempts. Please try again in 1 minute.');
  });

  it('asking for a code again too soon: 429, the seconds of Retry-After in each language’s digits', async () => {
    const shopper = await registerShopper(t);
    const again = { method: 'POST' as const, url: '/api/users/send-otp', payload: { userId: shopper.userId } };
    // A code to this address; asking again from it within a minute is refused.
    const address = nextAddress();
    expect((await call(again, address)).statusCode).toBe(200);
    const { en, ne, enBody, neBody } = await both(again, address);
    expect(en.statusCode).toBe(429);
    const seconds = (res: typeof en) => Number(res.headers['retry-after']);
    expect(enBody).toMatchObject({ message: ACCOUNT_MESSAGES.otpResendWait(seconds(en)), code: 'TOO_MANY_REQUESTS' });
    expect(neBody).toMatchObject({
      message: `नयाँ OTP माग्नुअघि कृपया ${toNepaliDigits(String(seconds(ne)))} सेकेन्ड पर्खनुहोस्`,
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('not enough stock: 409 with the product’s name as it is and the same figures beside the message', async () => {
    const shopper = await makeShopper(t);
    const product = await makeProduct(t, { name: 'Mechanical Keyboard K2', stock: 2 });
    const { en, enBody, neBody } = await both({
      method: 'POST',
      url: '/api/cart/add-to-cart',
      payload: { userId: shopper.userId, productId: product.id, quantity: 5 },
      headers: bearer(shopper.token),
    });
    expect(en.statusCode).toBe(409);
    expect(enBody).toEqual({
      message: CART_MESSAGES.notEnoughStock(product.name, 2, 0),
      code: 'OUT_OF_STOCK',
      productId: product.id,
      available: 2,
      inCart: 0,
    });
    expect(neBody).toEqual({
      ...enBody,
      message: 'स्टकमा "Mechanical Keyboard K2" २ वटा मात्र बाँकी छ',
      sourceMessage: enBody.message,
    });
  });

  it('a category that still has a subcategory and products: 409, which level and what is left, in Nepali', async () => {
    const admin = await adminToken(t);
    await makeProduct(t, { category: 'Drones' });
    await makeProduct(t, { category: 'Drones' });
    const drones = await categoryId(t, 'Drones');
    const sub = await call({
      method: 'POST',
      url: `/api/category/${drones}/subcategory`,
      payload: { name: 'Camera Drones' },
      headers: bearer(admin),
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const { en, enBody, neBody } = await both({ method: 'DELETE', url: `/api/category/${drones}`, headers: bearer(admin) });
    expect(en.statusCode).toBe(409);
    expect(enBody.message).toBe(
      'Cannot delete the category "Drones": it still has 1 subcategory and 2 products. Remove its subcategories and delete or move its products first.',
    );
    expect(neBody).toEqual({
      ...enBody,
      sourceMessage: enBody.message,
      message:
        'क्याटेगोरी "Drones" मेटाउन मिल्दैन: यसभित्र अझै १ वटा सब-क्याटेगोरी र २ वटा सामान बाँकी छ। पहिले सब-क्याटेगोरी हटाउनुहोस्, अनि सामान मेटाउनुहोस् वा अर्कै ठाउँमा सार्नुहोस्।',
    });
  });

  it('no token: 401 in Nepali', async () => {
    const { en, enBody, neBody } = await both({ method: 'GET', url: '/api/cart/view-cart/1' });
    expect(en.statusCode).toBe(401);
    expect(enBody).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
    expect(neBody).toEqual({ message: 'कृपया पहिले लगइन गर्नुहोस्', sourceMessage: 'Authentication required', code: 'UNAUTHORIZED' });
  });
});

describe('messages with amounts and counts', () => {
  it('writes rupees and numbers in Nepali digits and keeps names as they are', () => {
    expect(serverMessage(PAYMENT_MESSAGES.tooSmallForKhalti, 'ne')).toBe('खल्तीबाट रू १० वा सोभन्दा बढी मात्र तिर्न सकिन्छ');
    expect(serverMessage(ORDER_MESSAGES.totalChanged(123456.5), 'ne')).toBe(
      `तपाईंको कार्टका सामानको मूल्य परिवर्तन भएको छ: अब जम्मा ${formatPrice(123456.5, 'ne')} भयो। कृपया कार्ट हेरेर फेरि प्रयास गर्नुहोस्।`,
    );
    expect(serverMessage(ACCOUNT_MESSAGES.otpWrong(2), 'ne')).toBe('OTP मिलेन। अब २ पटक मात्र प्रयास गर्न सकिन्छ।');
    expect(serverMessage(ACCOUNT_MESSAGES.otpWrong(1), 'ne')).toBe('OTP मिलेन। अब १ पटक मात्र प्रयास गर्न सकिन्छ।');
    expect(serverMessage(ACCOUNT_MESSAGES.otpWrong(0), 'ne')).toBe('OTP मिलेन। अब प्रयास गर्ने मौका बाँकी छैन; कृपया नयाँ OTP माग्नुहोस्।');
    expect(serverMessage(ACCOUNT_MESSAGES.tooManyOtpRequests(12), 'ne')).toBe(
      'यहाँबाट धेरै पटक कोड मागियो। कृपया १२ मिनेटपछि फेरि प्रयास गर्नुहोस्।',
    );
    expect(serverMessage(CART_MESSAGES.notEnoughStock('Xbox 360 "S"', 3, 1), 'ne')).toBe(
      'स्टकमा "Xbox 360 "S"" ३ वटा मात्र बाँकी छ, र तपाईंको कार्टमा पहिल्यै १ वटा छ',
    );
    expect(serverMessage(ORDER_MESSAGES.reopenOutOfStock('PS5', 0), 'ne')).toBe(
      'यो अर्डर फेरि खोल्न मिल्दैन: स्टकमा "PS5" ० वटा मात्र बाँकी छ',
    );
    // Every way category-service.ts says why a category cannot go (level × what is left, one or many).
    const has = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    for (const n of [1, 2]) {
      const products = has(n, 'product', 'products');
      const variants = [
        `Cannot delete the category "A": it still has ${has(n, 'subcategory', 'subcategories')} and ${products}. Remove its subcategories and delete or move its products first.`,
        `Cannot delete the category "A": it still has ${has(n, 'subcategory', 'subcategories')}. Remove its subcategories first.`,
        `Cannot delete the category "A": it still has ${products}. Delete those products or move them to another category first.`,
        `Cannot delete the subcategory "A": it still has ${has(n, 'child category', 'child categories')} and ${products}. Remove its child categories and delete or move its products first.`,
        `Cannot delete the subcategory "A": it still has ${has(n, 'child category', 'child categories')}. Remove its child categories first.`,
        `Cannot delete the subcategory "A": it still has ${products}. Delete those products or move them to another subcategory first.`,
        `Cannot delete the child category "A": it still has ${products}. Delete those products or move them to another child category first.`,
      ];
      for (const english of variants) {
        const nepali = serverMessage(english, 'ne');
        expect(nepali, english).toMatch(/^(क्याटेगोरी|सब-क्याटेगोरी|चाइल्ड क्याटेगोरी) "A" मेटाउन मिल्दैन: /);
        expect(nepali, english).toContain(`${toNepaliDigits(String(n))} वटा`);
        expect(nepali, english).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
    // English stays English, to the letter; text nobody translated stays as it is.
    expect(serverMessage(ORDER_MESSAGES.totalChanged(10), 'en')).toBe(ORDER_MESSAGES.totalChanged(10));
    expect(serverMessage('Something new', 'ne')).toBe('Something new');
    expect(validationMessage('Password must be at least 8 characters', 'ne')).toBe('पासवर्डमा कम्तीमा ८ अक्षर हुनुपर्छ');
    expect(validationMessage('Password must be at least 8 characters', 'en')).toBe('Password must be at least 8 characters');
  });
});

describe('page heads in the page’s language', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let closeWeb: () => Promise<void>;
  const PUBLIC_URL = 'https://pasal.example';

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    ({ web, close: closeWeb } = await catalogWeb(
      t,
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pasal</title><!--app-head--></head><body><div id="root"></div></body></html>',
    ));
  });
  afterAll(async () => {
    await closeWeb();
    await t.close();
  });

  it('?lang=ne: a Nepali title and description, html lang, and the hreflang alternates', async () => {
    const res = await web.inject({ method: 'GET', url: '/login?lang=ne' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="ne">');
    expect(html).toContain('<title>लगइन | Pasal</title>');
    expect(html).toContain('<meta name="description" content="आफ्नो Pasal खातामा लगइन गर्नुहोस्।">');
    expect(html).toContain('<meta property="og:title" content="लगइन | Pasal">');
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${PUBLIC_URL}/login">`);
    expect(html).toContain(`<link rel="alternate" hreflang="ne" href="${PUBLIC_URL}/login?lang=ne">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/login">`);

    const home = (await web.inject({ method: 'GET', url: '/?lang=ne' })).body;
    expect(home).toContain('<title>Pasal | नेपालमा इलेक्ट्रोनिक्स र गेमिङ सामान</title>');
    // The rest of the head is the same: Home's hero image is still preloaded.
    expect(home).toContain('<link rel="preload" as="image" href="/hero/technology.svg" fetchpriority="high">');

    const english = (await web.inject({ method: 'GET', url: '/login' })).body;
    expect(english).toContain('<title>Login | Pasal</title>');
    expect(english).toContain('<meta name="description" content="Log in to your Pasal account.">');
  });

  it('every page without a database has its title and description in Nepali, with the digits of Nepali', () => {
    const paths = [
      '/',
      '/about',
      '/products',
      '/privacy-policy',
      '/terms-and-conditions',
      '/login',
      '/register',
      '/otp-verification',
      '/forgot-password',
      '/account',
      '/admin',
      '/admin/login',
      '/somewhere-else',
    ];
    for (const pathname of paths) {
      const en = staticPageMeta(pathname);
      const ne = staticPageMeta(pathname, 'ne');
      expect(ne.description, pathname).not.toBe(en.description);
      expect(ne.description, pathname).toMatch(DEVANAGARI);
      expect(ne.description, pathname).not.toMatch(/[0-9]/);
      if (en.title !== 'Pasal') {
        expect(ne.title, pathname).toMatch(DEVANAGARI);
        expect(ne.title, pathname).toMatch(/ \| Pasal$|^Pasal \| /);
      }
      expect(ne.extraHead, pathname).toBe(en.extraHead);
    }
    expect(staticPageMeta('/about', 'ne').description).toContain('२०१५');
    expect(staticPageMeta('/about').description).toBe(
      'Founded in Kathmandu in 2015, Pasal brings gamers and tech lovers across Nepal the gear they want.',
    );
  });
});

// -------------------------------------------------------------------------------------------------
// The catalogues against the code: every message has Nepali, every Nepali text has a message.

/** A message as found in the code: the English text, with HOLE where a template has a variable part. */
const HOLE = '\u0000';

/** Index just past the string or template literal that starts at `start`. */
function endOfString(src: string, start: number): number {
  const quote = src[start];
  let i = start + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote === '`' && c === '$' && src[i + 1] === '{') i = endOfBlock(src, i + 1);
    else i += 1;
  }
  return i;
}

/** Index just past the bracket that closes the one at `open` (strings and comments skipped). */
function endOfBlock(src: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = endOfString(src, i);
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i);
      i = end < 0 ? src.length : end;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i) + 2;
      continue;
    }
    if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  return i;
}

/** The arguments (source text) of the call whose `(` is at `open`. */
function callArguments(src: string, open: number): string[] {
  const inner = src.slice(open + 1, endOfBlock(src, open) - 1);
  const args: string[] = [];
  let start = 0;
  let i = 0;
  while (i < inner.length) {
    const c = inner[i]!;
    if (c === "'" || c === '"' || c === '`') i = endOfString(inner, i);
    else if ('([{'.includes(c)) i = endOfBlock(inner, i);
    else {
      if (c === ',') {
        args.push(inner.slice(start, i));
        start = i + 1;
      }
      i += 1;
    }
  }
  args.push(inner.slice(start));
  return args.map((arg) => arg.trim());
}

const unescape = (text: string) => text.replace(/\\(.)/g, '$1');

/** The string and template literals in `expr` that read as messages (a word and a space), templates with HOLEs. */
function literalsIn(expr: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i]!;
    if (c === '/' && expr[i + 1] === '/') {
      const end = expr.indexOf('\n', i);
      i = end < 0 ? expr.length : end;
      continue;
    }
    if (c !== "'" && c !== '"' && c !== '`') {
      i += 1;
      continue;
    }
    const end = endOfString(expr, i);
    const body = expr.slice(i + 1, end - 1);
    if (c === '`') {
      let text = '';
      let j = 0;
      while (j < body.length) {
        if (body[j] === '\\') {
          text += body[j + 1];
          j += 2;
        } else if (body[j] === '$' && body[j + 1] === '{') {
          const close = endOfBlock(body, j + 1);
          found.push(...literalsIn(body.slice(j + 2, close - 1)));
          text += HOLE;
          j = close;
        } else {
          text += body[j];
          j += 1;
        }
      }
      found.push(text);
    } else {
      found.push(unescape(body));
    }
    i = end;
  }
  return found.filter((text) => /[A-Za-z]/.test(text) && / /.test(text.replace(new RegExp(HOLE, 'g'), '')));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sharedModules = import.meta.glob<Record<string, unknown>>('../../src/shared/*.ts', { eager: true });

/** The shared *_MESSAGES objects by name. */
const messageObjects = new Map<string, Record<string, unknown>>();
for (const module of Object.values(sharedModules)) {
  for (const [name, value] of Object.entries(module)) {
    if (name.endsWith('_MESSAGES') && value && typeof value === 'object')
      messageObjects.set(name, value as Record<string, unknown>);
  }
}

/** `ACCOUNT_MESSAGES.otpWrong` → its text, or the texts its function writes (templates with HOLEs). */
function resolveMessage(object: string, key: string): string[] {
  const value = messageObjects.get(object)?.[key];
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return literalsIn(String(value));
  return [];
}

function referencesIn(expr: string): string[] {
  return [...expr.matchAll(/\b([A-Z][A-Z_]*_MESSAGES)\.(\w+)/g)].flatMap((match) => resolveMessage(match[1]!, match[2]!));
}

/**
 * The calls that make an error answer, and which argument is its message: lib/errors.ts's helpers,
 * AppError itself, the path-parameter schemas, the ownership check, sign-in limits, and the
 * features' own small wrappers (conflictWith, stockConflict, insertUnique, validationFailed).
 */
const THROWERS: Array<[RegExp, number]> = [
  [/\b(?:badRequest|unauthorized|forbidden|notFound|conflict|unsupportedMediaType|payloadTooLarge|tooManyRequests)\(/g, 0],
  [/\bnew AppError\(/g, 2],
  [/\b(?:idParam|userIdParam|userIdParamOf)\(/g, 0],
  [/\bassertOwner\(/g, 2],
  [/\bthrottle\.limit\(/g, 1],
  [/\bconflictWith\(/g, 1],
  [/\bstockConflict\(/g, 0],
  [/\binsertUnique\(/g, 2],
  [/\bvalidationFailed\(/g, 0],
];

/**
 * Texts only the admin CLI and the start-up bootstrap print (features/admin/service.ts's
 * createAdmin, resetAdminPassword): they go to the operator's console, never to an HTTP client.
 */
const OPERATOR_ONLY = [/^Cannot create admin: /, /^Cannot reset the password: /, /^There is no admin named /, /^An admin named /];

/** Every message src/server can answer a client with (templates with HOLEs). */
function serverMessages(): Set<string> {
  const messages = new Set<string>();
  const add = (texts: string[]) => {
    for (const text of texts) if (!OPERATOR_ONLY.some((pattern) => pattern.test(text))) messages.add(text);
  };
  for (const file of sourceFiles(path.join(root, 'src/server'))) {
    const src = fs.readFileSync(file, 'utf8');
    for (const [pattern, index] of THROWERS) {
      for (const match of src.matchAll(pattern)) {
        const arg = callArguments(src, match.index + match[0].length - 1)[index];
        if (arg) add([...literalsIn(arg), ...referencesIn(arg)]);
      }
    }
    // The shared texts the server uses anywhere but as a success answer's `message` (a payment's
    // note, `paymentMessage`, is translated like an error: orders/routes.ts).
    for (const match of src.matchAll(/\b([A-Z][A-Z_]*_MESSAGES)\.(\w+)/g)) {
      const before = src.slice(Math.max(0, match.index - 40), match.index);
      if (/\bmessage\s*:\s*$/.test(before)) continue;
      add(resolveMessage(match[1]!, match[2]!));
    }
    // Error bodies written out: { message: '…', code: … }.
    for (const match of src.matchAll(/\{\s*message:\s*(['"`])/g)) {
      const start = match.index + match[0].length - 1;
      const after = src.slice(endOfString(src, start), endOfString(src, start) + 20);
      if (/^\s*,\s*code:/.test(after)) add(literalsIn(src.slice(start, endOfString(src, start))));
    }
    // The defaults of lib/errors.ts's helpers.
    if (file.endsWith(path.join('lib', 'errors.ts'))) {
      for (const match of src.matchAll(/\(message = (['"`])/g)) {
        const start = match.index + match[0].length - 1;
        add(literalsIn(src.slice(start, endOfString(src, start))));
      }
    }
    // The error handler's own answers (its log lines are lower case).
    if (file.endsWith(path.join('lib', 'error-handler.ts'))) add(literalsIn(src).filter((text) => /^[A-Z]/.test(text)));
  }
  return messages;
}

/** Walks a zod schema: the messages of its checks and errors (an error function is asked about a missing and a wrong value). */
function schemaMessages(): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const ask = (error: unknown) => {
    if (typeof error !== 'function') return;
    for (const input of [undefined, 'x']) {
      const out: unknown = (error as (issue: unknown) => unknown)({ code: 'invalid_type', input });
      if (typeof out === 'string') found.add(out);
      else if (out && typeof (out as { message?: unknown }).message === 'string') found.add((out as { message: string }).message);
    }
  };
  const walk = (schema: unknown) => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    ask(def.error);
    for (const check of (def.checks as { _zod: { def: { error?: unknown } } }[] | undefined) ?? []) ask(check._zod.def.error);
    for (const key of ['in', 'out', 'innerType', 'element', 'keyType', 'valueType', 'left', 'right']) walk(def[key]);
    for (const value of Object.values((def.shape as Record<string, unknown> | undefined) ?? {})) walk(value);
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option);
  };
  for (const module of Object.values(sharedModules)) for (const value of Object.values(module)) walk(value);
  // Issues added by hand in the schemas' transforms.
  for (const file of sourceFiles(path.join(root, 'src/shared'))) {
    const src = fs.readFileSync(file, 'utf8');
    for (const match of src.matchAll(/\baddIssue\(/g)) {
      const arg = callArguments(src, match.index + match[0].length - 1)[0] ?? '';
      const message = /message:\s*([^,}]+)/.exec(arg)?.[1] ?? '';
      for (const text of [...literalsIn(message), ...referencesIn(message)]) found.add(text);
    }
  }
  // Shared texts the web's forms show through validationMessage() (the image checks before upload).
  for (const file of sourceFiles(path.join(root, 'src/web'))) {
    const src = fs.readFileSync(file, 'utf8');
    for (const match of src.matchAll(/\bvalidationMessage\(\s*([A-Z][A-Z_]*_MESSAGES)\.(\w+)/g)) {
      for (const text of resolveMessage(match[1]!, match[2]!)) found.add(text);
    }
  }
  return found;
}

/** What zod writes itself for a schema without a message of its own. */
function zodDefaultMessages(): string[] {
  const samples: Array<[z.ZodType, unknown]> = [
    [z.union([z.string(), z.number()]), true],
    [z.string(), 1],
    [z.enum(['a', 'b']), 'c'],
    [z.string().regex(/^\d+$/), 'x'],
    [z.string().max(1), 'ab'],
    [z.string().min(2), 'a'],
    [z.array(z.number()).max(1), [1, 2]],
    [z.number().max(1), 2],
    [z.number().min(1), 0],
  ];
  return samples.map(([schema, input]) => schema.safeParse(input).error!.issues[0]!.message);
}

const isShape = (text: string) => text.includes(HOLE);
const shapeRegExp = (shape: string) =>
  new RegExp(
    `^${shape
      .split(HOLE)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*')}$`,
  );
/** A catalogue key with its parts filled in: what a template in the code could write. */
const filled = (key: string) => key.replace(/\{\w+\}/g, 'x');
/** Key `key` is the text of `message` (a template's when it has HOLEs). */
const keyMatches = (key: string, message: string) =>
  isShape(message) ? shapeRegExp(message).test(filled(key)) : patternRegExp(key).test(message);

describe('the catalogues against the code', () => {
  const server = serverMessages();
  const schemas = schemaMessages();
  const zodDefaults = zodDefaultMessages();
  const allKeys = [...Object.keys(ERRORS_NE), ...Object.keys(VALIDATION_NE), ...Object.keys(ZOD_DEFAULTS_NE)];

  it('finds the messages it checks (the scan still reads the code)', () => {
    expect(server.size).toBeGreaterThan(80);
    expect(server).toContain('Invalid email/phone or password');
    expect(server).toContain('Route \u0000 \u0000 not found');
    expect(server).toContain('Product not found');
    expect(server).toContain('Cart item id must be a positive whole number');
    expect(schemas.size).toBeGreaterThan(80);
    expect(schemas).toContain('Password must be at least 8 characters');
    expect(schemas).toContain('imageOrder must be a JSON list of image addresses');
    expect(schemas).toContain('Only JPEG, PNG, WebP, AVIF and GIF images are accepted');
  });

  it('every message the server answers with has Nepali', () => {
    const missing = [...server].filter((message) =>
      isShape(message) ? !allKeys.some((key) => keyMatches(key, message)) : serverMessage(message, 'ne') === message,
    );
    expect(missing.map((message) => message.split(HOLE).join('{…}'))).toEqual([]);
  });

  it('every message of the shared schemas, and zod’s own, has Nepali', () => {
    const missing = [...schemas, ...zodDefaults].filter((message) => validationMessage(message, 'ne') === message);
    expect(missing).toEqual([]);
  });

  it('no Nepali text is left that nothing uses', () => {
    const messages = [...server, ...schemas];
    expect(Object.keys(ERRORS_NE).filter((key) => !messages.some((message) => keyMatches(key, message)))).toEqual([]);
    expect(Object.keys(VALIDATION_NE).filter((key) => ![...schemas].some((message) => keyMatches(key, message)))).toEqual([]);
    expect(Object.keys(ZOD_DEFAULTS_NE).filter((key) => !zodDefaults.some((message) => keyMatches(key, message)))).toEqual([]);
  });

  it('each text is in one catalogue, in Devanagari, with only the parts its English has and no digits of its own', () => {
    const errorKeys = new Set(Object.keys(ERRORS_NE));
    expect(Object.keys(VALIDATION_NE).filter((key) => errorKeys.has(key))).toEqual([]);
    for (const catalogue of [ERRORS_NE, VALIDATION_NE, ZOD_DEFAULTS_NE]) {
      for (const [english, nepali] of Object.entries(catalogue)) {
        expect(nepali, english).toMatch(DEVANAGARI);
        // Digits come from the English's numbers ({max}), written in Nepali by the code.
        expect(nepali, english).not.toMatch(/[0-9०-९]/);
        expect(english, english).not.toMatch(/[0-9]/);
        const parts = new Set(placeholders(english));
        for (const part of placeholders(nepali)) expect(parts.has(part), `${english}: {${part}}`).toBe(true);
      }
    }
  });
});
