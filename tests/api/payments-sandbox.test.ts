import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../../src/server/db/client.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import {
  ESEWA_DEFAULTS,
  esewaFormFields,
  esewaSign,
  esewaStatus,
  esewaVerdict,
  parseEsewaCallback,
} from '../../src/server/features/payments/esewa.js';
import { khaltiInitiate, khaltiLookup, khaltiReturnParams, khaltiVerdict } from '../../src/server/features/payments/khalti.js';
import { paymentSandboxRoutes } from '../../src/server/features/payments/sandbox/routes.js';
import { createTestDatabase, TestClock } from '../helpers/app.js';

/**
 * The payment sandbox through our own clients, over real HTTP: eSewa's form → Pay → a signed
 * success redirect that parseEsewaCallback accepts and a status API that says COMPLETE for this
 * payment only; Cancel; Khalti's initiate → Pay → return → lookup Completed; Cancel → lookup 400;
 * expiry; keys and signatures checked. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ESEWA_KEY = ESEWA_DEFAULTS.uatSecretKey;
const KHALTI_KEY = 'test_secret_key_sandbox_0a1b2c';

describe('the payment sandbox', () => {
  let app: FastifyInstance;
  let handle: DbHandle;
  let drop: () => Promise<void>;
  let dataDir: string;
  const clock = new TestClock();
  let origin: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-sandbox-'));
    const database = await createTestDatabase();
    drop = () => database.drop();
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir });
    await migrateToLatest(handle.db as Kysely<unknown>);
    app = Fastify({ logger: false });
    await app.register(
      paymentSandboxRoutes(
        { db: handle.db, clock },
        { esewaSecret: ESEWA_KEY, esewaProductCode: ESEWA_DEFAULTS.productCode, khaltiSecretKey: KHALTI_KEY },
      ),
      { prefix: '/sandbox' },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const formBody = (fields: object) => new URLSearchParams(fields as Record<string, string>).toString();
  const postForm = (url: string, fields: object = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(fields),
    });
  /** The action of the page's form whose button says `label`. */
  const actionOf = (html: string, label: 'Pay' | 'Cancel') => {
    const match = new RegExp(`<form method="post" action="([^"]+)"><button type="submit" class="\\w+">${label}</button>`).exec(
      html,
    );
    if (!match?.[1]) throw new Error(`no ${label} button`);
    return match[1];
  };
  const expectSelfContained = (html: string) => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
  };

  describe('eSewa', () => {
    let n = 0;
    const form = (overrides: Partial<Parameters<typeof esewaFormFields>[0]> = {}) =>
      esewaFormFields({
        amountPaisa: 140_000,
        taxPaisa: 0,
        deliveryChargePaisa: 10_000,
        transactionUuid: `ORD-SBX-${Date.now()}-${(n += 1)}`,
        productCode: 'EPAYTEST',
        successUrl: 'https://shop.test/api/payments/esewa/success?order=ORD-1',
        failureUrl: 'https://shop.test/api/payments/esewa/failure?order=ORD-1',
        secret: ESEWA_KEY,
        ...overrides,
      });
    const status = (fields: { total_amount: string; transaction_uuid: string; product_code: string }) =>
      esewaStatus({
        statusUrl: `${origin}/sandbox/esewa/status`,
        productCode: fields.product_code,
        totalAmount: fields.total_amount,
        transactionUuid: fields.transaction_uuid,
      });

    it('takes a payment: form → Pay → signed success redirect → status COMPLETE for this payment only', async () => {
      const fields = form();
      const page = await postForm('/sandbox/esewa/form', fields);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('eSewa sandbox');
      expect(page.body).toContain('Rs. 1,500');
      expectSelfContained(page.body);
      expect(await status(fields)).toMatchObject({ kind: 'answer', status: 'PENDING' });

      const paid = await postForm(actionOf(page.body, 'Pay'));
      expect(paid.statusCode).toBe(303);
      const location = new URL(paid.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe('https://shop.test/api/payments/esewa/success');
      expect(location.searchParams.get('order')).toBe('ORD-1');
      const data = location.searchParams.get('data') ?? '';
      // eSewa's own shape: the total written "1500.0", six fields signed in eSewa's order.
      const message = JSON.parse(Buffer.from(data, 'base64').toString()) as Record<string, string>;
      expect(Object.keys(message)).toEqual([
        'transaction_code',
        'status',
        'total_amount',
        'transaction_uuid',
        'product_code',
        'signed_field_names',
        'signature',
      ]);
      expect(message.total_amount).toBe('1500.0');
      expect(message.transaction_code).toMatch(/^[0-9A-Z]{7}$/);

      const callback = parseEsewaCallback(data, ESEWA_KEY);
      expect(callback).toEqual({
        ok: true,
        fields: {
          transaction_code: message.transaction_code,
          status: 'COMPLETE',
          total_amount: '1500.0',
          transaction_uuid: fields.transaction_uuid,
          product_code: 'EPAYTEST',
        },
      });
      expect(parseEsewaCallback(data, 'another key').ok).toBe(false);

      const outcome = await status(fields);
      expect(outcome).toEqual({
        kind: 'answer',
        status: 'COMPLETE',
        refId: message.transaction_code,
        totalAmount: '1500.0',
        productCode: 'EPAYTEST',
        transactionUuid: fields.transaction_uuid,
      });
      const expected = { productCode: 'EPAYTEST', transactionUuid: fields.transaction_uuid, amountPaisa: 150_000 };
      expect(esewaVerdict(outcome, expected)).toBe('paid');
      expect(esewaVerdict(outcome, { ...expected, amountPaisa: 150_100 })).toBe('mismatch');
      // Asked about another amount, uuid or product, eSewa knows no such payment.
      for (const other of [
        { ...fields, total_amount: '1501' },
        { ...fields, transaction_uuid: `${fields.transaction_uuid}-X` },
        { ...fields, product_code: 'NP-ES-OTHER' },
      ]) {
        const answer = await status(other);
        expect(answer).toMatchObject({ kind: 'answer', status: 'NOT_FOUND' });
        expect(
          esewaVerdict(answer, { ...expected, transactionUuid: other.transaction_uuid, productCode: other.product_code }),
        ).not.toBe('paid');
      }
      // "1500", "1500.0" and "1,500.0" are one amount.
      expect(await status({ ...fields, total_amount: '1,500.0' })).toMatchObject({ status: 'COMPLETE' });

      // Pay again (a double click) brings the same message; Cancel can no longer undo it.
      const again = await postForm(actionOf(page.body, 'Pay'));
      expect(new URL(again.headers.location as string).searchParams.get('data')).toBe(data);
      expect((await postForm(actionOf(page.body, 'Cancel'))).statusCode).toBe(409);
      // The uuid cannot be used for another payment.
      expect((await postForm('/sandbox/esewa/form', fields)).statusCode).toBe(400);
    });

    it('cancels: Cancel → 303 to failure_url, status CANCELED, Pay refused afterwards', async () => {
      const fields = form({ amountPaisa: 99_950, deliveryChargePaisa: 0 });
      const page = await postForm('/sandbox/esewa/form', fields);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Rs. 999.50');
      // The same form sent again (a reload) shows the same payment.
      const reload = await postForm('/sandbox/esewa/form', fields);
      expect(actionOf(reload.body, 'Pay')).toBe(actionOf(page.body, 'Pay'));

      const cancelled = await postForm(actionOf(page.body, 'Cancel'));
      expect(cancelled.statusCode).toBe(303);
      expect(cancelled.headers.location).toBe('https://shop.test/api/payments/esewa/failure?order=ORD-1');
      const outcome = await status(fields);
      expect(outcome).toMatchObject({ kind: 'answer', status: 'CANCELED', totalAmount: '999.5' });
      expect(
        esewaVerdict(outcome, { productCode: 'EPAYTEST', transactionUuid: fields.transaction_uuid, amountPaisa: 99_950 }),
      ).toBe('failed');
      const pay = await postForm(actionOf(page.body, 'Pay'));
      expect(pay.statusCode).toBe(409);
      expect(pay.body).toContain('canceled');
    });

    it('refuses forms eSewa would refuse (400), a tampered signature first of all', async () => {
      const fields = form();
      const refused = async (body: object, reason: string) => {
        const answer = await postForm('/sandbox/esewa/form', body);
        expect(answer.statusCode, reason).toBe(400);
        expect(answer.body).toContain(reason);
        expect(answer.body).not.toContain(ESEWA_KEY);
      };
      // The total lowered, and the parts with it, under the original signature.
      await refused({ ...fields, amount: '1', product_delivery_charge: '0', total_amount: '1' }, 'Invalid signature.');
      await refused({ ...fields, signature: esewaSign('wrong key', fields) }, 'Invalid signature.');
      await refused({ ...fields, total_amount: '1400' }, 'total_amount must equal');
      await refused({ ...fields, product_code: 'NP-ES-OTHER' }, 'Unknown product_code.');
      await refused(
        { ...fields, signed_field_names: 'total_amount,transaction_uuid' },
        'signed_field_names must include product_code.',
      );
      await refused({ ...fields, amount: 'one thousand' }, 'Amounts must be rupees');
      await refused({ ...fields, transaction_uuid: 'ORD 1' }, 'letters, digits and hyphens');
      const { signature: _signature, ...unsigned } = fields;
      await refused(unsigned, 'signature is missing');
      // Nothing was stored for them.
      expect(await status(fields)).toMatchObject({ kind: 'answer', status: 'NOT_FOUND' });
      // Pay and Cancel of a payment that does not exist.
      expect((await postForm('/sandbox/esewa/pay/999999')).statusCode).toBe(404);
      expect((await postForm('/sandbox/esewa/pay/abc')).statusCode).toBe(404);
    });

    it('answers the status API as eSewa does: JSON with the amount written 100.0', async () => {
      const answer = await app.inject({
        method: 'GET',
        url: '/sandbox/esewa/status?product_code=EPAYTEST&total_amount=100&transaction_uuid=unknown-1',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(
        '{"product_code":"EPAYTEST","transaction_uuid":"unknown-1","total_amount":100.0,"status":"NOT_FOUND","ref_id":null}',
      );
      const bad = await app.inject({ method: 'GET', url: '/sandbox/esewa/status?product_code=EPAYTEST' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('error_message');
    });
  });

  describe('Khalti', () => {
    let n = 0;
    const start = (overrides: Partial<Parameters<typeof khaltiInitiate>[0]> = {}) =>
      khaltiInitiate({
        apiUrl: `${origin}/sandbox/khalti/`,
        secretKey: KHALTI_KEY,
        returnUrl: 'https://shop.test/api/payments/khalti/return?order=ORD-2',
        websiteUrl: 'https://shop.test/',
        amountPaisa: 250_000,
        orderId: `ORD-K-${(n += 1)}`,
        orderName: 'Pasal order',
        customer: { name: 'Sita Sharma', email: 'sita@example.com', phone: '9841234904' },
        ...overrides,
      });
    const lookup = (pidx: string, secretKey = KHALTI_KEY) =>
      khaltiLookup({ apiUrl: `${origin}/sandbox/khalti/`, secretKey, pidx });
    const pathOf = (url: string) => {
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search}`;
    };

    it('takes a payment: initiate → page → Pay → return with Khalti’s parameters → lookup Completed', async () => {
      const created = await start();
      if (created.kind !== 'created') throw new Error(`not created: ${JSON.stringify(created)}`);
      expect(created.pidx).toMatch(/^[A-Za-z0-9]{22}$/);
      expect(created.paymentUrl).toBe(`${origin}/sandbox/khalti/pay/${created.pidx}`);
      expect(created.expiresIn).toBe(1800);
      expect(created.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+05:45$/);
      expect(Date.parse(created.expiresAt) - clock.now().getTime()).toBeGreaterThan(29 * 60 * 1000);

      const initiated = await lookup(created.pidx);
      expect(initiated).toMatchObject({ kind: 'answer', status: 'Initiated', totalAmountPaisa: 250_000, transactionId: null });
      expect(khaltiVerdict(initiated, { pidx: created.pidx, amountPaisa: 250_000 })).toBe('waiting');

      const page = await app.inject({ method: 'GET', url: pathOf(created.paymentUrl) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Khalti sandbox');
      expect(page.body).toContain('Rs. 2,500');
      expectSelfContained(page.body);

      const paid = await postForm(actionOf(page.body, 'Pay'));
      expect(paid.statusCode).toBe(303);
      const back = new URL(paid.headers.location as string);
      expect(`${back.origin}${back.pathname}`).toBe('https://shop.test/api/payments/khalti/return');
      const query = Object.fromEntries(back.searchParams);
      expect(query).toEqual({
        order: 'ORD-2',
        pidx: created.pidx,
        txnId: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
        amount: '250000',
        total_amount: '250000',
        status: 'Completed',
        mobile: '98XXXXX904',
        tidx: query.txnId,
        purchase_order_id: `ORD-K-${n}`,
        purchase_order_name: 'Pasal order',
        transaction_id: query.txnId,
      });
      expect(khaltiReturnParams(query)).toEqual({ pidx: created.pidx, status: 'Completed' });

      const outcome = await lookup(created.pidx);
      expect(outcome).toEqual({
        kind: 'answer',
        status: 'Completed',
        pidx: created.pidx,
        totalAmountPaisa: 250_000,
        transactionId: query.transaction_id,
        fee: 0,
        refunded: false,
      });
      expect(khaltiVerdict(outcome, { pidx: created.pidx, amountPaisa: 250_000 })).toBe('paid');
      expect(khaltiVerdict(outcome, { pidx: created.pidx, amountPaisa: 260_000 })).toBe('mismatch');
      // Once paid, the link shows that, and Cancel cannot undo it.
      expect((await app.inject({ method: 'GET', url: pathOf(created.paymentUrl) })).body).toContain('already complete');
      expect((await postForm(actionOf(page.body, 'Cancel'))).statusCode).toBe(400);
    });

    it('cancels: Cancel → return with status=User canceled → lookup answers HTTP 400 User canceled', async () => {
      const created = await start({ amountPaisa: 1000 });
      if (created.kind !== 'created') throw new Error('not created');
      const page = await app.inject({ method: 'GET', url: pathOf(created.paymentUrl) });
      const cancelled = await postForm(actionOf(page.body, 'Cancel'));
      expect(cancelled.statusCode).toBe(303);
      const query = Object.fromEntries(new URL(cancelled.headers.location as string).searchParams);
      expect(query).toMatchObject({ pidx: created.pidx, status: 'User canceled', transaction_id: '', amount: '1000' });

      const raw = await app.inject({
        method: 'POST',
        url: '/sandbox/khalti/epayment/lookup/',
        headers: { authorization: `Key ${KHALTI_KEY}` },
        payload: { pidx: created.pidx },
      });
      expect(raw.statusCode).toBe(400);
      expect(raw.json()).toEqual({
        pidx: created.pidx,
        total_amount: 1000,
        status: 'User canceled',
        transaction_id: null,
        fee: 0,
        refunded: false,
      });
      const outcome = await lookup(created.pidx);
      expect(outcome).toMatchObject({ kind: 'answer', status: 'User canceled' });
      expect(khaltiVerdict(outcome, { pidx: created.pidx, amountPaisa: 1000 })).toBe('failed');
      expect((await postForm(actionOf(page.body, 'Pay'))).statusCode).toBe(400);
    });

    it('expires a link 30 minutes after initiate: lookup answers HTTP 400 Expired', async () => {
      const created = await start();
      if (created.kind !== 'created') throw new Error('not created');
      clock.advance(29 * 60 * 1000);
      expect(await lookup(created.pidx)).toMatchObject({ status: 'Initiated' });
      clock.advance(2 * 60 * 1000);
      const outcome = await lookup(created.pidx);
      expect(outcome).toMatchObject({ kind: 'answer', status: 'Expired' });
      expect(khaltiVerdict(outcome, { pidx: created.pidx, amountPaisa: 250_000 })).toBe('failed');
      const page = await app.inject({ method: 'GET', url: pathOf(created.paymentUrl) });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('expired');
      expect((await postForm(pathOf(created.paymentUrl))).statusCode).toBe(400);
    });

    it("checks the Authorization key and the amount, answering in Khalti's shapes", async () => {
      expect(await start({ secretKey: 'wrong' })).toEqual({ kind: 'refused', status: 401, detail: 'Invalid token.' });
      const created = await start();
      if (created.kind !== 'created') throw new Error('not created');
      expect(await lookup(created.pidx, 'wrong')).toEqual({ kind: 'invalid', reason: 'Khalti refused our key (HTTP 401)' });

      const payload = {
        return_url: 'https://shop.test/r',
        website_url: 'https://shop.test/',
        amount: 999,
        purchase_order_id: 'x',
        purchase_order_name: 'y',
      };
      const noKey = await app.inject({ method: 'POST', url: '/sandbox/khalti/epayment/initiate/', payload });
      expect(noKey.statusCode).toBe(401);
      expect(noKey.json()).toEqual({ detail: 'Authentication credentials were not provided.', status_code: 401 });
      const bearer = await app.inject({
        method: 'POST',
        url: '/sandbox/khalti/epayment/initiate/',
        headers: { authorization: `Bearer ${KHALTI_KEY}` },
        payload,
      });
      expect(bearer.statusCode).toBe(401);

      // Past our client's own check: the sandbox refuses less than Rs. 10 as Khalti does.
      const small = await app.inject({
        method: 'POST',
        url: '/sandbox/khalti/epayment/initiate/',
        headers: { authorization: `key ${KHALTI_KEY}` },
        payload,
      });
      expect(small.statusCode).toBe(400);
      expect(small.json()).toEqual({
        amount: ['Amount should be greater than Rs. 10, that is 1000 paisa.'],
        error_key: 'validation_error',
      });
      const invalid = await app.inject({
        method: 'POST',
        url: '/sandbox/khalti/epayment/initiate/',
        headers: { authorization: `Key ${KHALTI_KEY}` },
        payload: { ...payload, amount: 'ten', return_url: 'not a url', purchase_order_name: '' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({
        return_url: ['Enter a valid URL.'],
        amount: ['A valid integer is required.'],
        purchase_order_name: ['This field may not be blank.'],
        error_key: 'validation_error',
      });
      // Khalti's own examples send the amount as digits in a string.
      const digits = await app.inject({
        method: 'POST',
        url: '/sandbox/khalti/epayment/initiate/',
        headers: { authorization: `Key ${KHALTI_KEY}` },
        payload: { ...payload, amount: '1000' },
      });
      expect(digits.statusCode).toBe(200);

      const unknown = await lookup('NoSuchPidx0000000000000');
      expect(unknown).toEqual({ kind: 'invalid', reason: 'Khalti does not know this pidx (HTTP 404)' });
      expect((await app.inject({ method: 'GET', url: '/sandbox/khalti/pay/NoSuchPidx0000000000000' })).statusCode).toBe(404);
    });
  });
});
