import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../../src/server/db/client.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { accountChangedMail, otpMail } from '../../src/server/features/accounts/otp-mail.js';
import { orderConfirmationMail } from '../../src/server/features/orders/mail.js';
import { ACCOUNT_MESSAGES, REGISTER_SUCCESS_MESSAGE } from '../../src/shared/accounts.js';
import { formatBikramSambat } from '../../src/shared/bikram-sambat.js';
import type { Locale } from '../../src/shared/locale.js';
import { formatPrice } from '../../src/shared/money.js';
import { type CreateOrderResponse, type Order, formatOrderId } from '../../src/shared/orders.js';
import { buildTestApp, createTestDatabase, type TestApp } from '../helpers/app.js';
import { adminToken, shopperData } from '../helpers/accounts.js';
import { type TestShopper, bearer, fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';
import { freePort } from '../helpers/processes.js';
import { type CapturedMail, MailCatcher } from '../helpers/smtp.js';

/**
 * A shopper's language: kept on the account (PUT /api/users/language, and the page's
 * language at registration), and every mail the shop sends them written in it. English mails stay
 * exactly as they were.
 */

// ---------------------------------------------------------------------------------------------
// Reading a captured mail: a Nepali one comes base64 or quoted-printable in UTF-8, its subject in
// encoded words, which the catcher's `text` and `subject` leave as they are.

interface ReadMail {
  subject: string;
  text: string;
  html: string;
}

function unfoldedHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  const text =
    kind === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : kind === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return text.replace(/\r\n/g, '\n');
}

/** RFC 2047: `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words, the space between two of them dropped. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_word, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function readMail(mail: CapturedMail): ReadMail {
  const split = mail.raw.search(/\r?\n\r?\n/);
  const headers = unfoldedHeaders(mail.raw.slice(0, split));
  const body = mail.raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => {
          const partSplit = part.search(/\r?\n\r?\n/);
          const partHeaders = unfoldedHeaders(part.slice(0, partSplit));
          const partBody = part.slice(partSplit).replace(/^\r?\n\r?\n/, '');
          return {
            type: partHeaders.get('content-type') ?? '',
            text: decodeBody(partBody.replace(/\r?\n$/, ''), partHeaders.get('content-transfer-encoding')),
          };
        })
    : [{ type: headers.get('content-type') ?? 'text/plain', text: decodeBody(body, headers.get('content-transfer-encoding')) }];
  return {
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts.find((part) => part.type.startsWith('text/plain'))?.text ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.text ?? '',
  };
}

const NEPALI_BROWSER = { 'accept-language': 'ne-NP,ne;q=0.9,en;q=0.8' };

// ---------------------------------------------------------------------------------------------

describe('a shopper’s language', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The payment mails are walked through the sandbox, which runs only when asked for by name.
    t = await buildTestApp({ PAYMENT_SANDBOX: 'true' });
  });
  afterAll(async () => t.close());

  const setLanguage = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/users/language', payload: payload as object, headers });
  const findUser = (who: TestShopper) =>
    t.app.inject({ method: 'GET', url: `/api/users/findUser/${who.userId}`, headers: bearer(who.token) });
  const languageOf = async (userId: number) =>
    (await t.app.ctx.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirstOrThrow()).language;

  /** The first mail to `to` after index `since`, read. */
  const mailTo = async (to: string, since: number) => readMail(await t.mail.waitFor(to, { since }));

  async function placeOrder(who: TestShopper, price: number, quantity = 1): Promise<Order> {
    const product = await makeProduct(t, { price, stock: null });
    await fillCart(t.app.ctx.db, who.userId, [{ productId: product.id, quantity }]);
    const total = (Math.round(price * 100) * quantity) / 100;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(who.userId, total),
      headers: bearer(who.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: Order }>().order;
  }

  describe('PUT /api/users/language', () => {
    it('needs a shopper token (none, garbage or an admin token: 401), checked before the body', async () => {
      const admin = await adminToken(t);
      for (const headers of [{}, bearer('not-a-token'), bearer(admin)]) {
        const res = await setLanguage({ language: 'ne' }, headers);
        expect(res.statusCode).toBe(401);
        // Even an invalid body is 401 for a stranger: the token is checked first.
        expect((await setLanguage({ language: 'fr' }, headers)).statusCode).toBe(401);
      }
    });

    it('sets the language of the token’s own account and answers the public user with it', async () => {
      const sita = await makeShopper(t);
      expect((await findUser(sita)).json().user.language).toBe('en');

      const res = await setLanguage({ language: 'ne' }, bearer(sita.token));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        user: {
          id: sita.userId,
          firstName: sita.firstName,
          lastName: sita.lastName,
          email: sita.email,
          phoneNumber: sita.phoneNumber,
          emailVerified: true,
          phoneVerified: false,
          language: 'ne',
        },
      });
      expect(await languageOf(sita.userId)).toBe('ne');
      expect((await findUser(sita)).json().user.language).toBe('ne');

      // Setting it again changes nothing; back to English works too.
      expect((await setLanguage({ language: 'ne' }, bearer(sita.token))).json().user.language).toBe('ne');
      expect((await setLanguage({ language: 'en' }, bearer(sita.token))).json().user.language).toBe('en');
      expect(await languageOf(sita.userId)).toBe('en');
    });

    it('refuses anything but en or ne with 400, and leaves the language as it was', async () => {
      const ram = await makeShopper(t, { firstName: 'Ram' });
      await setLanguage({ language: 'ne' }, bearer(ram.token));
      const cases: Array<[unknown, string]> = [
        [{ language: 'fr' }, ACCOUNT_MESSAGES.languageInvalid],
        [{ language: 'NE' }, ACCOUNT_MESSAGES.languageInvalid],
        [{ language: 'ne-NP' }, ACCOUNT_MESSAGES.languageInvalid],
        [{ language: '' }, ACCOUNT_MESSAGES.languageInvalid],
        [{ language: 1 }, ACCOUNT_MESSAGES.languageInvalid],
        [{ language: ['ne'] }, ACCOUNT_MESSAGES.languageInvalid],
        [{ language: null }, ACCOUNT_MESSAGES.languageInvalid],
        [{}, ACCOUNT_MESSAGES.languageRequired],
      ];
      for (const [payload, message] of cases) {
        const res = await setLanguage(payload, bearer(ram.token));
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ message, code: 'VALIDATION_FAILED', errors: { language: message } });
      }
      // Not a JSON object at all.
      const text = await t.app.inject({
        method: 'PUT',
        url: '/api/users/language',
        payload: '"ne"',
        headers: { ...bearer(ram.token), 'content-type': 'application/json' },
      });
      expect(text.statusCode).toBe(400);
      expect(await languageOf(ram.userId)).toBe('ne');
    });

    it('acts on the token’s own account only: a userId in the body changes nothing', async () => {
      const sita = await makeShopper(t);
      const ram = await makeShopper(t, { firstName: 'Ram' });
      // The id in the body is ignored: the token names the account.
      const res = await setLanguage({ language: 'ne', userId: ram.userId }, bearer(sita.token));
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(sita.userId);
      expect(await languageOf(ram.userId)).toBe('en');
    });
  });

  describe('registration', () => {
    it('keeps the page’s language (Accept-Language ne): the code mail is in Nepali and its code works', async () => {
      const body = shopperData();
      const before = t.mail.messages.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body, headers: NEPALI_BROWSER });
      expect(res.statusCode, res.body).toBe(201);
      // The success answer stays as it was, in English (the error handler may translate errors, not this).
      expect(res.json().message).toBe(REGISTER_SUCCESS_MESSAGE);
      const { userId } = res.json<{ userId: number }>();
      expect(await languageOf(userId)).toBe('ne');

      const mail = await mailTo(body.email, before);
      expect(mail.subject).toBe('तपाईंको Pasal प्रमाणीकरण कोड');
      expect(mail.text).toContain('नमस्ते,');
      expect(mail.text).toContain('तपाईंको Pasal प्रमाणीकरण कोड यो हो:');
      expect(mail.text).toContain('यो कोड १० मिनेटसम्म मान्य छ र एक पटक मात्र चल्छ।');
      expect(mail.text).not.toMatch(/Namaste|Your Pasal|valid for/);
      expect(mail.html).toContain('<html lang="ne">');
      expect(mail.html).toContain('तपाईंको Pasal प्रमाणीकरण कोड यो हो:');
      // The code keeps its Latin digits (the shopper types it) and verifies the account.
      const code = /^(\d{6})$/m.exec(mail.text)?.[1];
      expect(code).toBeDefined();
      expect(mail.html).toContain(`>${code}</p>`);
      const verified = await t.app.inject({ method: 'POST', url: '/api/users/verify-otp', payload: { userId, otp: code } });
      expect(verified.statusCode, verified.body).toBe(200);
    });

    it('without Accept-Language (or with English) the account is English and the mail is as it always was', async () => {
      for (const headers of [{}, { 'accept-language': 'en-US,en;q=0.9' }, { 'accept-language': 'fr-FR' }]) {
        const body = shopperData();
        const before = t.mail.messages.length;
        const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body, headers });
        expect(res.statusCode, res.body).toBe(201);
        expect(await languageOf(res.json<{ userId: number }>().userId)).toBe('en');
        const mail = await mailTo(body.email, before);
        expect(mail.subject).toBe('Your Pasal verification code');
        expect(mail.text).toMatch(
          /^Namaste,\n\nYour Pasal verification code is:\n\n\d{6}\n\nIt is valid for 10 minutes and works once\.\n/,
        );
        expect(mail.text).toContain(
          'If you did not ask for it, you can ignore this email: nobody can use your address at Pasal without this code.',
        );
        expect(mail.html).toContain('<html>\n');
      }
    });

    it('a code asked for again (send-otp) follows the account’s language, whatever the request’s', async () => {
      const body = shopperData();
      const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body, headers: NEPALI_BROWSER });
      const { userId } = res.json<{ userId: number }>();
      t.clock.advance(61_000);
      const before = t.mail.messages.length;
      const again = await t.app.inject({ method: 'POST', url: '/api/users/send-otp', payload: { userId } });
      expect(again.statusCode, again.body).toBe(200);
      expect((await mailTo(body.email, before)).subject).toBe('तपाईंको Pasal प्रमाणीकरण कोड');
    });
  });

  describe('account mails', () => {
    it('mails a Nepali account its reset code in Nepali', async () => {
      const sita = await makeShopper(t);
      await setLanguage({ language: 'ne' }, bearer(sita.token));
      const before = t.mail.messages.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: sita.email } });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await mailTo(sita.email, before);
      expect(mail.subject).toBe('तपाईंको Pasal पासवर्ड रिसेट कोड');
      expect(mail.text).toContain('Pasal मा नयाँ पासवर्ड राख्ने तपाईंको कोड यो हो:');
      expect(mail.text).toMatch(/^\d{6}$/m);
    });

    it('writes the notices of a changed email or password in the account’s language', () => {
      const email = accountChangedMail({
        to: 'sita@example.com',
        storeName: 'Pasal',
        change: 'email',
        newEmail: 'sita.new@example.com',
        locale: 'ne',
      });
      expect(email.subject).toBe('तपाईंको Pasal इमेल परिवर्तन भयो');
      expect(email.text).toContain('तपाईंको Pasal खाताको इमेल s***w@example.com मा परिवर्तन गरिएको छ।');
      const password = accountChangedMail({ to: 'sita@example.com', storeName: 'Pasal', change: 'password', locale: 'ne' });
      expect(password.subject).toBe('तपाईंको Pasal पासवर्ड परिवर्तन भयो');
      // English, asked for or by default, is the mail as it always was.
      const english = accountChangedMail({ to: 'sita@example.com', storeName: 'Pasal', change: 'password', locale: 'en' });
      expect(english).toEqual(accountChangedMail({ to: 'sita@example.com', storeName: 'Pasal', change: 'password' }));
      expect(english.subject).toBe('Your Pasal password was changed');
      expect(english.text).toBe(
        'Namaste,\n\nThis is to let you know that the password of your Pasal account was changed.\n\nIf this was not you, reply to this email or contact Pasal at once.\n\n- Pasal',
      );
      const code = otpMail({
        to: 'x@example.com',
        storeName: 'Pasal',
        code: '012345',
        validMinutes: 10,
        purpose: 'change-email',
        locale: 'ne',
      });
      expect(code.subject).toBe('तपाईंको नयाँ इमेल पुष्टि गर्ने Pasal कोड');
      expect(code.text).toContain('\n012345\n');
    });
  });

  describe('order mails', () => {
    let admin: string;
    beforeAll(async () => {
      admin = await adminToken(t);
    });

    it('a Nepali shopper’s confirmation is in Nepali, with रू amounts and the Bikram Sambat date', async () => {
      const sita = await makeShopper(t);
      await setLanguage({ language: 'ne' }, bearer(sita.token));
      const before = t.mail.messages.length;
      const order = await placeOrder(sita, 61_728.25, 2);
      expect(order.totalAmount).toBe(123_456.5 + order.deliveryFee);

      const mail = await mailTo(sita.email, before);
      expect(mail.subject).toBe(`तपाईंको Pasal अर्डर ${formatOrderId(order.id)}`);
      const total = formatPrice(order.totalAmount, 'ne');
      expect(total).toMatch(/^रू [०-९,.]+$/);
      const bikramSambat = formatBikramSambat(new Date(order.createdAt));
      expect(bikramSambat).toMatch(/^[०-९]{4} \S+ [०-९]{1,2}$/);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('नमस्ते Sita Sharma जी,');
        expect(part).toContain('Pasal मा किनमेल गर्नुभएकोमा धन्यवाद।');
        expect(part).toContain(total);
        expect(part).toContain(formatPrice(61_728.25, 'ne'));
        expect(part).toContain(bikramSambat);
        expect(part).toContain('डेलिभरीमा नगद भुक्तानी');
        expect(part).toContain('बागमती प्रदेश, नेपाल');
        // The district by its Nepali name (the order stores Kathmandu).
        expect(part).toContain(', काठमाडौं');
        expect(part).not.toMatch(/Rs\.|Namaste|Thank you|Delivery address/);
      }
      expect(mail.text).toContain(`जम्मा: ${total} (भ्याट ${formatPrice(order.vatAmount, 'ne')} समावेश)`);
      expect(mail.text).toContain('रू ६१,७२८.२५ = रू १,२३,४५६.५०');
      // Bikram Sambat first, then the date and time in Nepal, in Nepali digits.
      expect(mail.text).toMatch(
        new RegExp(`अर्डर मिति: ${bikramSambat} \\([०-९]{4}-[०-९]{2}-[०-९]{2}, [०-९]{2}:[०-९]{2} \\S+\\)`),
      );
      expect(mail.html).toContain('<html lang="ne">');
    });

    it('a Nepali shopper’s status mails are in Nepali too', async () => {
      const sita = await makeShopper(t);
      await setLanguage({ language: 'ne' }, bearer(sita.token));
      const order = await placeOrder(sita, 2_500);
      await t.mail.waitFor(sita.email);
      const before = t.mail.messages.length;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}/status`,
        payload: { status: 'shipped' },
        headers: bearer(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await mailTo(sita.email, before);
      expect(mail.subject).toBe(`तपाईंको Pasal अर्डर ${formatOrderId(order.id)}: पठाइएको`);
      expect(mail.text).toContain(`तपाईंको अर्डर ${formatOrderId(order.id)} अब पठाइएको छ।`);
      expect(mail.text).toContain('(पहिले पुष्टि हुन बाँकी थियो।)');
      expect(mail.text).toContain(`जम्मा: ${formatPrice(order.totalAmount, 'ne')}`);
      expect(mail.html).toContain(`तपाईंको अर्डर <strong>${formatOrderId(order.id)}</strong> अब <strong>पठाइएको</strong> छ।`);
    });

    it('an English shopper’s mails are exactly as before', async () => {
      const ram = await makeShopper(t, { firstName: 'Ram' });
      const before = t.mail.messages.length;
      const order = await placeOrder(ram, 61_728.25, 2);
      const mail = await mailTo(ram.email, before);
      const invoiceUrl = `${t.config.publicUrl ?? `http://localhost:${t.config.port}`}/orders/${order.id}/invoice`;
      // The mail as the English code writes it (tests/api/orders.test.ts and others match its lines).
      const expected = orderConfirmationMail({ to: ram.email, storeName: 'Pasal', order, invoiceUrl });
      expect(mail.subject).toBe(`Your Pasal order ${formatOrderId(order.id)}`);
      expect(mail.text.trimEnd()).toBe(expected.text);
      expect(mail.html.trimEnd()).toBe(expected.html);
      expect(mail.text).toContain(
        'Thank you for shopping at Pasal. We have received your order and will call you before delivery.',
      );
      expect(mail.text).toContain('2 x ');
      expect(mail.text).toContain('@ Rs. 61,728.25 = Rs. 1,23,456.50');
      expect(mail.text).toContain('Bagmati Province, Nepal');
      expect(mail.text).not.toMatch(/[\u0900-\u097F]/);

      const since = t.mail.messages.length;
      const status = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}/status`,
        payload: { status: 'confirmed' },
        headers: bearer(admin),
      });
      expect(status.statusCode).toBe(200);
      const changed = await mailTo(ram.email, since);
      expect(changed.subject).toBe(`Your Pasal order ${formatOrderId(order.id)} is Confirmed`);
      expect(changed.text).toContain(`Your order ${formatOrderId(order.id)} is now Confirmed.\n(It was Pending.)`);
      expect(changed.text).not.toMatch(/[\u0900-\u097F]/);
    });

    it('the English explicitly chosen is the same English', async () => {
      const hari = await makeShopper(t, { firstName: 'Hari' });
      await setLanguage({ language: 'ne' }, bearer(hari.token));
      await setLanguage({ language: 'en' }, bearer(hari.token));
      const before = t.mail.messages.length;
      const order = await placeOrder(hari, 999);
      const mail = await mailTo(hari.email, before);
      expect(mail.subject).toBe(`Your Pasal order ${formatOrderId(order.id)}`);
      expect(mail.text).toContain(`Total: ${formatPrice(order.totalAmount)}`);
      expect(mail.text).not.toMatch(/[\u0900-\u097F]/);
    });
  });

  describe('payment mails', () => {
    /** A Nepali shopper's order paid by wallet (one product of `price`), as the checkout answers it. */
    async function walletOrder(method: 'esewa' | 'khalti', price: number) {
      const shopper = await makeShopper(t);
      await setLanguage({ language: 'ne' }, bearer(shopper.token));
      const product = await makeProduct(t, { price, stock: null });
      await fillCart(t.app.ctx.db, shopper.userId, [{ productId: product.id, quantity: 1 }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/create',
        payload: orderBody(shopper.userId, price, { paymentMethod: method }),
        headers: bearer(shopper.token),
      });
      expect(res.statusCode, res.body).toBe(201);
      return { shopper, body: res.json<CreateOrderResponse>() };
    }

    it('tells a Nepali shopper in Nepali that their Khalti payment came', async () => {
      const { shopper, body } = await walletOrder('khalti', 2_500);
      const confirmation = await mailTo(shopper.email, 0);
      expect(confirmation.text).toContain('भुक्तानी: खल्ती (तपाईंको भुक्तानी बाँकी छ)');
      const since = t.mail.messages.length;

      // The sandbox's Khalti page, Pay, and back at the shop.
      const page = await t.app.inject({ method: 'GET', url: body.payment!.url });
      const pay = /<form method="post" action="([^"]+)"><button[^>]*>Pay<\/button>/.exec(page.body)?.[1];
      expect(pay).toBeDefined();
      const gateway = await t.app.inject({ method: 'POST', url: pay!.replace(/&amp;/g, '&') });
      const back = new URL(gateway.headers.location as string, 'http://localhost');
      expect((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` })).statusCode).toBe(303);

      const mail = await mailTo(shopper.email, since);
      expect(mail.subject).toBe(`तपाईंको Pasal अर्डर ${formatOrderId(body.order.id)} को भुक्तानी प्राप्त भयो`);
      const amount = formatPrice(body.order.totalAmount, 'ne');
      expect(mail.text).toContain(
        `अर्डर ${formatOrderId(body.order.id)} का लागि खल्ती मार्फत गर्नुभएको ${amount} भुक्तानी हामीले पाएका छौं।`,
      );
      expect(mail.text).toMatch(/^खल्ती सन्दर्भ नम्बर: \S+$/m);
      expect(mail.html).toContain(`<strong>${amount}</strong>`);
    });

    it('tells a Nepali shopper in Nepali that an order not paid in time was cancelled', async () => {
      const { shopper, body } = await walletOrder('esewa', 4_000);
      await mailTo(shopper.email, 0);
      const since = t.mail.messages.length;
      // Past the payment deadline: the payment check cancels the order.
      t.clock.advance(31 * 60_000);
      t.app.ctx.jobs.wake();
      const mail = await mailTo(shopper.email, since);
      expect(mail.subject).toBe(`तपाईंको Pasal अर्डर ${formatOrderId(body.order.id)} रद्द गरियो`);
      expect(mail.text).toContain(`तपाईंको इसेवा भुक्तानी समयमै हामीसम्म नआइपुगेकाले अर्डर ${formatOrderId(body.order.id)} रद्द गरिएको छ।`);
      expect(mail.text).not.toMatch(/Namaste|cancelled|wallet/);
    });
  });
});

describe('a mail already in the outbox when the shopper switches language', () => {
  let t: TestApp;
  let smtpPort: number;
  let comeback: MailCatcher | undefined;

  beforeAll(async () => {
    smtpPort = await freePort();
    // Nothing listens on this port yet: the mail waits in the outbox.
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  });
  afterAll(async () => {
    await t.close();
    await comeback?.stop();
  });

  it('goes out in the language the shopper had when it was written', async () => {
    const sita = await makeShopper(t);
    const setLanguage = (language: Locale) =>
      t.app.inject({ method: 'PUT', url: '/api/users/language', payload: { language }, headers: bearer(sita.token) });
    expect((await setLanguage('ne')).statusCode).toBe(200);
    const product = await makeProduct(t, { price: 1_500, stock: null });
    await fillCart(t.app.ctx.db, sita.userId, [{ productId: product.id, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(sita.userId, 1_500),
      headers: bearer(sita.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ order: Order }>().order;
    const mailJobs = () => t.app.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'mail').execute();
    await expect.poll(async () => (await mailJobs()).filter((job) => job.attempts >= 1).length, { timeout: 10_000 }).toBe(1);

    // The shopper switches to English while the confirmation waits for the mail server.
    expect((await setLanguage('en')).statusCode).toBe(200);
    comeback = new MailCatcher();
    await comeback.start(smtpPort);
    t.clock.advance(10 * 60_000);
    t.app.ctx.jobs.wake();
    const mail = readMail(await comeback.waitFor(sita.email, { timeoutMs: 20_000 }));
    expect(mail.subject).toBe(`तपाईंको Pasal अर्डर ${formatOrderId(order.id)}`);
    expect(mail.text).toContain(formatPrice(order.totalAmount, 'ne'));

    // The next mail is in the new language.
    const since = comeback.messages.length;
    const admin = await adminToken(t);
    const status = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'confirmed' },
      headers: bearer(admin),
    });
    expect(status.statusCode).toBe(200);
    expect(readMail(await comeback.waitFor(sita.email, { since })).subject).toBe(
      `Your Pasal order ${formatOrderId(order.id)} is Confirmed`,
    );
  });
});

describe('migration 014: the users’ language', () => {
  let handle: DbHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await drop?.();
  });

  it('gives existing shoppers English and accepts only en or ne', async () => {
    const database = await createTestDatabase();
    drop = () => database.drop();
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-lang-')) });
    const db = handle.db as unknown as Kysely<unknown>;
    await migrateTo(db, '013_name_search');
    const now = new Date().toISOString();
    const insert = (id: number, email: string, phone: string) =>
      sql`insert into users (id, first_name, last_name, email, phone_number, password_hash, email_verified, created_at, updated_at)
        values (${id}, 'Sita', 'Shrestha', ${email}, ${phone}, 'x', 1, ${now}, ${now})`.execute(db);
    await insert(2 ** 33, 'old@example.com', '9800000001');

    await migrateToLatest(db);
    const rows = await sql<{ language: string }>`select language from users`.execute(db);
    expect(rows.rows).toEqual([{ language: 'en' }]);

    // A shopper written without a language (as before the migration) is English.
    await insert(2 ** 33 + 1, 'new@example.com', '9800000002');
    expect(
      (await sql<{ language: string }>`select language from users where email = 'new@example.com'`.execute(db)).rows,
    ).toEqual([{ language: 'en' }]);
    await sql`update users set language = 'ne' where email = 'new@example.com'`.execute(db);
    await expect(sql`update users set language = 'fr' where email = 'new@example.com'`.execute(db)).rejects.toThrow();
    await expect(sql`update users set language = null where email = 'new@example.com'`.execute(db)).rejects.toThrow();
    expect((await sql<{ language: string }>`select language from users order by email`.execute(db)).rows).toEqual([
      { language: 'ne' },
      { language: 'en' },
    ]);
  });
});
