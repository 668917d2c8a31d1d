import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESEWA_DEFAULTS,
  type EsewaStatusOutcome,
  esewaAmountEquals,
  esewaAmountToPaisa,
  esewaFormFields,
  esewaSign,
  esewaSignedMessage,
  esewaStatus,
  esewaVerdict,
  paisaToEsewaAmount,
  parseEsewaCallback,
} from '../../src/server/features/payments/esewa.js';
import { rawText, readRawJsonObject } from '../../src/server/features/payments/raw-json.js';

/**
 * The eSewa ePay v2 client against eSewa's own published examples (developer.esewa.com.np/pages/Epay,
 * copied verbatim below) and against a local HTTP server that answers as eSewa's status API does,
 * or does not answer at all.
 */

const UAT_KEY = '8gBm/:&EnhH.1/q';

/** eSewa's documented form example ("Demo", form-data), with its signature, verbatim. */
const DOCS_FORM = {
  amount: '100',
  failure_url: 'https://developer.esewa.com.np/failure',
  product_delivery_charge: '0',
  product_service_charge: '0',
  product_code: 'EPAYTEST',
  signature: 'i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=',
  signed_field_names: 'total_amount,transaction_uuid,product_code',
  success_url: 'https://developer.esewa.com.np/success',
  tax_amount: '10',
  total_amount: '110',
  transaction_uuid: '241028',
};

/**
 * eSewa's "After Successful Payment" example, "Example (Response Body encoded in Base64)", verbatim
 * (wrapped as on the page). As published it is one character short: the second line reads
 * "dHJhbNhY3Rpb25f" where "transaction_uuid" needs "dHJhbnNhY3Rpb25f" (an "n" went missing), so the
 * text decodes to garbage after `"tra`. DOCS_SUCCESS_DATA_MENDED puts the "n" back.
 */
const DOCS_SUCCESS_DATA = `eyJ0cmFuc2FjdGlvbl9jb2RlIjoiMDAwQVdFTyIsInN0YXR1cyI6IkNPTVBMRVRFIiwidG90YWxfYW1vdW50IjoiMTAwMC4wIiwi
dHJhbNhY3Rpb25fdXVpZCI6IjI1MDYxMC0xNjI0MTMiLCJwcm9kdWN0X2NvZGUiOiJFUEFZVEVTVCIsInNpZ25lZF9maWVsZF9uYW1
lcyI6InRyYW5zYWN0aW9uX2NvZGUsc3RhdHVzLHRvdGFsX2Ftb3VudCx0cmFuc2FjdGlvbl91dWlkLHByb2R1Y3RfY29kZSxzaWd
uZWRfZmllbGRfbmFtZXMiLCJzaWduYXR1cmUiOiI2MkdjZlpUbVZremh0VWVoK1FKMUFxaUpyam9XV0dvZjNVK2VUUFRaN2ZBPSJ9`;
const DOCS_SUCCESS_DATA_MENDED = DOCS_SUCCESS_DATA.replace('dHJhbNhY3Rpb25f', 'dHJhbnNhY3Rpb25f');

/**
 * eSewa's "Example (Decoded Response Body)", verbatim. Note total_amount: the page shows the
 * number 1000.0 here, while its base64 above carries the string "1000.0"; both must verify.
 */
const DOCS_SUCCESS_DECODED = `{
  "transaction_code": "000AWEO",
  "status": "COMPLETE",
  "total_amount": 1000.0,
  "transaction_uuid": "250610-162413",
  "product_code": "EPAYTEST",
  "signed_field_names": "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names",
  "signature": "62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA="
}`;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A success message signed as eSewa signs it, from fields written as given (raw JSON value text). */
function signedMessage(raw: Record<string, string>, key = UAT_KEY): string {
  const names = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
  const values: Record<string, string> = { signed_field_names: names };
  for (const [name, text] of Object.entries(raw)) values[name] = text.startsWith('"') ? (JSON.parse(text) as string) : text;
  const signature = esewaSign(key, values, names.split(','));
  const members = Object.entries(raw).map(([name, text]) => `"${name}":${text}`);
  return `{${members.join(',')},"signed_field_names":"${names}","signature":"${signature}"}`;
}

describe('eSewa signatures and the form', () => {
  it("passes eSewa's published test vector", () => {
    const fields = { total_amount: '110', transaction_uuid: '241028', product_code: 'EPAYTEST' };
    expect(esewaSignedMessage(fields, ['total_amount', 'transaction_uuid', 'product_code'])).toBe(
      'total_amount=110,transaction_uuid=241028,product_code=EPAYTEST',
    );
    expect(esewaSign(UAT_KEY, fields)).toBe('i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=');
    expect(ESEWA_DEFAULTS.uatSecretKey).toBe(UAT_KEY);
  });

  it("builds exactly eSewa's documented form for the same payment", () => {
    const fields = esewaFormFields({
      amountPaisa: 10_000,
      taxPaisa: 1_000,
      transactionUuid: '241028',
      productCode: 'EPAYTEST',
      successUrl: 'https://developer.esewa.com.np/success',
      failureUrl: 'https://developer.esewa.com.np/failure',
      secret: UAT_KEY,
    });
    expect(fields).toEqual(DOCS_FORM);
    expect(Object.keys(fields)).toHaveLength(11);
  });

  it('writes amounts canonically and makes the total the sum of the parts', () => {
    expect(paisaToEsewaAmount(150_000)).toBe('1500');
    expect(paisaToEsewaAmount(150_050)).toBe('1500.5');
    expect(paisaToEsewaAmount(150_005)).toBe('1500.05');
    expect(paisaToEsewaAmount(0)).toBe('0');
    const fields = esewaFormFields({
      amountPaisa: 123_455,
      taxPaisa: 16_049,
      serviceChargePaisa: 1_000,
      deliveryChargePaisa: 15_001,
      transactionUuid: 'ORD-ABC-1',
      productCode: 'EPAYTEST',
      successUrl: 'http://shop.test/ok',
      failureUrl: 'http://shop.test/no',
      secret: UAT_KEY,
    });
    expect(fields).toMatchObject({
      amount: '1234.55',
      tax_amount: '160.49',
      product_service_charge: '10',
      product_delivery_charge: '150.01',
      total_amount: '1555.05',
    });
    const parts = [fields.amount, fields.tax_amount, fields.product_service_charge, fields.product_delivery_charge];
    expect(parts.reduce((sum, part) => sum + esewaAmountToPaisa(part)!, 0)).toBe(esewaAmountToPaisa(fields.total_amount));
    expect(fields.signature).toBe(esewaSign(UAT_KEY, fields));
  });

  it('refuses inputs no order should produce', () => {
    const good = {
      amountPaisa: 1_000,
      transactionUuid: 'ORD-1',
      productCode: 'EPAYTEST',
      successUrl: 'http://shop.test/ok',
      failureUrl: 'http://shop.test/no',
      secret: UAT_KEY,
    };
    expect(() => esewaFormFields({ ...good, amountPaisa: 0 })).toThrow(RangeError);
    expect(() => esewaFormFields({ ...good, amountPaisa: 10.5 })).toThrow(RangeError);
    expect(() => esewaFormFields({ ...good, taxPaisa: -1 })).toThrow(RangeError);
    expect(() => esewaFormFields({ ...good, transactionUuid: 'ORD_1' })).toThrow(RangeError);
    expect(() => esewaFormFields({ ...good, successUrl: 'javascript:alert(1)' })).toThrow(RangeError);
    // The secret never shows in an error.
    try {
      esewaFormFields({ ...good, transactionUuid: 'bad uuid' });
    } catch (error) {
      expect(String(error)).not.toContain(UAT_KEY);
    }
  });

  it('reads the amounts eSewa writes', () => {
    for (const text of ['1,000.0', '1000.0', '1000', '1000.00', ' 1000.0 ']) {
      expect(esewaAmountToPaisa(text)).toBe(100_000);
      expect(esewaAmountEquals(text, 100_000)).toBe(true);
    }
    expect(esewaAmountToPaisa('1,00,000.5')).toBe(10_000_050);
    expect(esewaAmountToPaisa('100.05')).toBe(10_005);
    expect(esewaAmountEquals('1000.0', 100_001)).toBe(false);
    for (const text of ['', 'abc', '-1', '1e3', '1000.001', '1000.', '.5', ',100', '1,0', 'NaN']) {
      expect(esewaAmountToPaisa(text)).toBeUndefined();
    }
  });
});

describe('reading JSON values as written', () => {
  it('keeps numbers as written, unescapes strings and refuses what is not one flat JSON object', () => {
    const members = readRawJsonObject(
      ' { "a" : 1000.0, "b":"x\\"y\\u00e9", "c": -1.5e3, "d": null, "e": [1, "]", {"f": 2}], "g": {"h": "}"} } ',
    );
    expect(members && Object.fromEntries([...members].map(([name, value]) => [name, rawText(value)]))).toEqual({
      a: '1000.0',
      b: 'x"yé',
      c: '-1.5e3',
      d: 'null',
      e: '[1, "]", {"f": 2}]',
      g: '{"h": "}"}',
    });
    for (const text of [
      '',
      '[]',
      '"a"',
      '{"a":1',
      '{"a":1}x',
      '{"a":01}',
      '{"a":1,}',
      "{'a':1}",
      '{"a":1,"a":2}',
      '{"a":"\u0001"}', // a raw control character inside a string
    ]) {
      expect(readRawJsonObject(text), text).toBeUndefined();
    }
    expect(readRawJsonObject('{}')?.size).toBe(0);
  });
});

describe("eSewa's success redirect", () => {
  it("verifies eSewa's published success message with the UAT key (once its missing character is put back)", () => {
    const result = parseEsewaCallback(DOCS_SUCCESS_DATA_MENDED, UAT_KEY);
    expect(result).toEqual({
      ok: true,
      fields: {
        transaction_code: '000AWEO',
        status: 'COMPLETE',
        total_amount: '1000.0',
        transaction_uuid: '250610-162413',
        product_code: 'EPAYTEST',
      },
    });
    // As published (one character short) it is refused with a reason, not a crash.
    const asPublished = parseEsewaCallback(DOCS_SUCCESS_DATA, UAT_KEY);
    expect(asPublished.ok).toBe(false);
  });

  it("verifies the page's decoded example, whose total is the number 1000.0, with the value as written", () => {
    // JSON.parse would make it 1000 and the signature would not match; the raw text is "1000.0".
    const result = parseEsewaCallback(base64(DOCS_SUCCESS_DECODED), UAT_KEY);
    expect(result.ok && result.fields.total_amount).toBe('1000.0');
    expect(result.ok && esewaAmountEquals(result.fields.total_amount, 100_000)).toBe(true);
    // The same message with the total rewritten as 1000 is no longer what eSewa signed.
    const rewritten = DOCS_SUCCESS_DECODED.replace('1000.0', '1000');
    expect(parseEsewaCallback(base64(rewritten), UAT_KEY)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('verifies totals written with thousands separators ("1,000.0")', () => {
    const text = signedMessage({
      transaction_code: '"0LD5CEH"',
      status: '"COMPLETE"',
      total_amount: '"1,000.0"',
      transaction_uuid: '"240613-134231"',
      product_code: '"EPAYTEST"',
    });
    const result = parseEsewaCallback(base64(text), UAT_KEY);
    expect(result.ok && result.fields.total_amount).toBe('1,000.0');
    expect(result.ok && esewaAmountEquals(result.fields.total_amount, 100_000)).toBe(true);
  });

  it('accepts the data however the query decoder left it (URL-safe alphabet, + as spaces)', () => {
    // A message whose base64 holds both '+' and '/', the characters query decoders mangle. ASCII
    // text makes them only from '>' and '?' at every third byte, so the code is made of those.
    let data = '';
    for (let n = 0; n < 3 && !(data.includes('+') && data.includes('/')); n += 1) {
      data = base64(
        signedMessage({
          transaction_code: `"${'x'.repeat(n)}>>>???"`,
          status: '"COMPLETE"',
          total_amount: '"1500.0"',
          transaction_uuid: '"ORD-1"',
          product_code: '"EPAYTEST"',
        }),
      );
    }
    expect(data).toMatch(/\+.*\/|\/.*\+/);
    expect(parseEsewaCallback(data, UAT_KEY).ok).toBe(true);
    expect(parseEsewaCallback(data.replace(/\+/g, ' '), UAT_KEY).ok).toBe(true);
    expect(parseEsewaCallback(data.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), UAT_KEY).ok).toBe(true);
  });

  it('refuses, with a reason and without throwing, anything that is not a good message', () => {
    const good = JSON.parse(Buffer.from(DOCS_SUCCESS_DATA_MENDED, 'base64').toString()) as Record<string, string>;
    const encode = (value: unknown) => base64(JSON.stringify(value));
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /no data/],
      ['', /no data/],
      ['%%%not base64%%%', /not base64/],
      [base64('not json at all'), /not a JSON object/],
      [base64('[1,2,3]'), /not a JSON object/],
      [Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'), /UTF-8/],
      [encode({ ...good, total_amount: '10.0' }), /bad signature/],
      [encode({ ...good, status: 'PENDING' }), /bad signature/],
      [encode({ ...good, signature: 'AAAA' }), /bad signature/],
      [encode({ ...good, signature: undefined }), /no signature/],
      [encode({ ...good, transaction_uuid: undefined }), /lacks transaction_uuid/],
      [encode({ ...good, transaction_uuid: null }), /lacks transaction_uuid/],
      [
        encode({ ...good, signed_field_names: 'total_amount,transaction_uuid,product_code' }),
        /does not cover transaction_code, status/,
      ],
      [encode({ ...good, signed_field_names: `${good.signed_field_names},extra` }), /signed field extra is missing/],
    ];
    for (const [data, reason] of cases) {
      const result = parseEsewaCallback(data, UAT_KEY);
      expect(result.ok, String(data)).toBe(false);
      if (!result.ok) {
        expect(result.reason).toMatch(reason);
        expect(result.reason).not.toContain(UAT_KEY);
      }
    }
    // A member named twice could be read two ways: refused.
    const text = Buffer.from(DOCS_SUCCESS_DATA_MENDED, 'base64').toString();
    const twice = text.replace('"status":"COMPLETE"', '"status":"COMPLETE","status":"PENDING"');
    expect(parseEsewaCallback(base64(twice), UAT_KEY).ok).toBe(false);
    // Another merchant's key does not verify eSewa's UAT message.
    expect(parseEsewaCallback(DOCS_SUCCESS_DATA_MENDED, 'some-other-key')).toEqual({ ok: false, reason: 'bad signature' });
  });
});

describe("eSewa's status API", () => {
  /** What the fake eSewa answers next, and what it was asked. */
  let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void = () => undefined;
  const asked: URL[] = [];
  let server: http.Server;
  let statusUrl: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      asked.push(new URL(request.url ?? '/', 'http://local'));
      answer(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    statusUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/epay/transaction/status/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const reply = (status: number, body: string, type = 'application/json') => {
    answer = (_request, response) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
  };
  const ask = (overrides: Partial<Parameters<typeof esewaStatus>[0]> = {}) =>
    esewaStatus({ statusUrl, productCode: 'EPAYTEST', totalAmount: '100', transactionUuid: '240508-10108', ...overrides });
  const expected = { productCode: 'EPAYTEST', transactionUuid: '240508-10108', amountPaisa: 10_000 };

  it("reads the documented COMPLETE answer and sends eSewa's query", async () => {
    // developer.esewa.com.np "Status Check", Response Types: COMPLETE, verbatim.
    reply(
      200,
      '{\n"product_code": "EPAYTEST",\n"transaction_uuid": "240508-10108",\n"total_amount": 100.0,\n"status": "COMPLETE",\n"ref_id": "0007G36"\n}',
    );
    const outcome = await ask();
    expect(outcome).toEqual({
      kind: 'answer',
      status: 'COMPLETE',
      refId: '0007G36',
      totalAmount: '100.0',
      productCode: 'EPAYTEST',
      transactionUuid: '240508-10108',
    });
    const query = asked.at(-1)!;
    expect(query.pathname).toBe('/api/epay/transaction/status/');
    expect(Object.fromEntries(query.searchParams)).toEqual({
      product_code: 'EPAYTEST',
      total_amount: '100',
      transaction_uuid: '240508-10108',
    });
    expect(esewaVerdict(outcome, expected)).toBe('paid');
    // Only for this order's amount, uuid and product code.
    expect(esewaVerdict(outcome, { ...expected, amountPaisa: 10_001 })).toBe('mismatch');
    expect(esewaVerdict(outcome, { ...expected, transactionUuid: '240508-10109' })).toBe('mismatch');
    expect(esewaVerdict(outcome, { ...expected, productCode: 'OTHER' })).toBe('mismatch');
  });

  it('reads the other documented answers (verbatim) and what they mean for the order', async () => {
    const samples: Array<[string, string]> = [
      [
        '{\n"product_code": "EPAYTEST",\n"transaction_uuid": "240508-101430",\n"total_amount": 100.0,\n"status": "PENDING",\n"ref_id": null\n}',
        'waiting',
      ],
      [
        '{\n"product_code": "EPAYTEST",\n"transaction_uuid": "240508-101431",\n"total_amount": 100,\n"status": "FULL_REFUND",\n"ref_id": "0007G36"\n}',
        'failed',
      ],
      [
        '{\n"product_code": "EPAYTEST",\n"transaction_uuid": "240508-101431",\n"total_amount": 100.0,\n"status": "PARTIAL_REFUND",\n"ref_id": "0007G36"\n}',
        'failed',
      ],
      [
        '{\n"product_code": "EPAYTEST",\n"transaction_uuid": "240508-101431",\n"total_amount": 100.0,\n"status": "AMBIGUOUS",\n"ref_id": "0KDL6NA"\n}',
        'waiting',
      ],
      [
        '{\n"product_code": "EPAYTEST",\n"transaction_uuid": "240508-101430",\n"total_amount": 100.0,\n"status": "NOT_FOUND",\n"ref_id": null\n}',
        'waiting',
      ],
      [
        '{\n"product_code": "EPAYTEST",\n"transaction_uuid": "240508-102939",\n"total_amount": 10.0,\n"status": "CANCELED",\n"ref_id": "0KDL6NA"\n}',
        'failed',
      ],
    ];
    for (const [body, verdict] of samples) {
      reply(200, body);
      const outcome = await ask();
      const sent = JSON.parse(body) as { status: string; transaction_uuid: string; ref_id: string | null };
      expect(outcome).toMatchObject({ kind: 'answer', status: sent.status, transactionUuid: sent.transaction_uuid });
      expect(outcome.kind === 'answer' && outcome.refId).toBe(sent.ref_id ?? undefined);
      expect(esewaVerdict(outcome, { ...expected, transactionUuid: sent.transaction_uuid })).toBe(verdict);
    }
  });

  it('takes NOT_FOUND as an answer whether it comes with HTTP 200 or 404', async () => {
    reply(
      404,
      '{"product_code":"EPAYTEST","transaction_uuid":"240508-10108","total_amount":100.0,"status":"NOT_FOUND","ref_id":null}',
    );
    expect(await ask()).toMatchObject({ kind: 'answer', status: 'NOT_FOUND' });
  });

  it('reports a gateway that is down, failing or answering garbage as an outcome, not an exception', async () => {
    // The page's first "Response:" example lacks a comma after 100.0 (not JSON): garbage, verbatim.
    reply(
      200,
      '{\n  "product_code": "EPAYTEST",\n  "transaction_uuid": "123",\n  "total_amount": 100.0\n  "status": "COMPLETE",\n  "ref_id": "0001TS9"\n}',
    );
    expect(await ask()).toMatchObject({ kind: 'invalid' });
    // "Service is currently unavailable" (the page breaks the message over two lines; one here).
    reply(200, '{\n"code": 0,\n"error_message": "Service is currently unavailable"\n}');
    expect(await ask()).toEqual({ kind: 'unavailable', reason: 'eSewa: Service is currently unavailable' });
    reply(400, '{"code":0,"error_message":"Invalid payload"}');
    expect(await ask()).toEqual({ kind: 'invalid', reason: 'eSewa answered HTTP 400: Invalid payload' });
    reply(500, '<html>Internal Server Error</html>', 'text/html');
    expect(await ask()).toEqual({ kind: 'unavailable', reason: 'eSewa answered HTTP 500' });
    reply(503, '');
    expect(await ask()).toMatchObject({ kind: 'unavailable' });
    reply(200, '<html>maintenance</html>', 'text/html');
    expect(await ask()).toMatchObject({ kind: 'invalid' });
    reply(200, '{"status":"COMPLETE"}');
    expect(await ask()).toMatchObject({ kind: 'invalid' });
    reply(200, '{"product_code":"EPAYTEST","transaction_uuid":"240508-10108","total_amount":100.0,"status":"PAID","ref_id":"X"}');
    expect(await ask()).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/unknown status/) });
    reply(200, 'null');
    expect(await ask()).toMatchObject({ kind: 'invalid' });
    reply(200, 'x'.repeat(200_000));
    expect(await ask()).toMatchObject({ kind: 'unavailable' });
    for (const garbage of [{ kind: 'invalid' }, { kind: 'unavailable' }] as EsewaStatusOutcome[]) {
      expect(esewaVerdict(garbage, expected)).toBe('waiting');
    }
  });

  it('gives up on a gateway that never answers after the timeout', async () => {
    answer = () => undefined; // hold the request open
    const started = Date.now();
    const outcome = await ask({ timeoutMs: 300 });
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a refused connection as unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await ask({ statusUrl: `http://127.0.0.1:${port}/status/` });
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'could not reach the gateway (ECONNREFUSED)' });
  });

  it('uses a fetch it is given, and survives one that throws', async () => {
    const outcome = await ask({
      fetch: async () => {
        throw new TypeError('boom with secret 8gBm/:&EnhH.1/q');
      },
    });
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'could not reach the gateway' });
  });
});
