import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  KHALTI_DEFAULT_API_URL,
  type KhaltiLookupOutcome,
  khaltiInitiate,
  khaltiLookup,
  khaltiReturnParams,
  khaltiVerdict,
} from '../../src/server/features/payments/khalti.js';

/**
 * The Khalti KPG-2 client against a local HTTP server that answers with Khalti's published
 * examples (docs.khalti.com/khalti-epayment/, "Web Checkout (KPG-2)", copied verbatim below), or
 * with garbage, or not at all.
 */

const SECRET = 'test_secret_key_f59e8b7d18b4499ca40f68195a846e9b';

// --- Khalti's published examples, verbatim -----------------------------------------------------

/** "Success Response" of /epayment/initiate/. */
const DOCS_INITIATE_OK = `{
            "pidx": "bZQLD9wRVWo4CdESSfuSsB",
            "payment_url": "https://test-pay.khalti.com/?pidx=bZQLD9wRVWo4CdESSfuSsB",
            "expires_at": "2023-05-25T16:26:16.471649+05:45",
            "expires_in": 1800
        }`;
/** Error Responses: "Amount is less than 10" and "return_url is invalid". */
const DOCS_AMOUNT_TOO_SMALL = `{
        "amount": [
            "Amount should be greater than Rs. 10, that is 1000 paisa."
        ],
        "error_key": "validation_error"
    }`;
const DOCS_RETURN_URL_INVALID = `{
        "return_url": [
            "Enter a valid URL."
        ],
        "error_key": "validation_error"
    }`;
/** Generic Errors: "When an incorrect Authorization key is passed" and "If incorrect pidx is passed". */
const DOCS_INVALID_TOKEN = `{
   "detail": "Invalid token.",
   "status_code": 401
}`;
const DOCS_NOT_FOUND = `{
   "detail": "Not found.",
   "error_key": "validation_error"
}`;
/** Payment Verification (Lookup): the documented answers. */
const DOCS_LOOKUP_COMPLETED = `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Completed",
   "transaction_id": "GFq9PFS7b2iYvL8Lir9oXe",
   "fee": 0,
   "refunded": false
}`;
const DOCS_LOOKUP_PENDING = `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Pending",
   "transaction_id": null,
   "fee": 0,
   "refunded": false
}`;
const DOCS_LOOKUP_INITIATED = `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Initiated",
   "transaction_id": null,
   "fee": 0,
   "refunded": false
}`;
const DOCS_LOOKUP_REFUNDED = `{
   "pidx": "HT6o6PEZRWFJ5ygavzHWd5",
   "total_amount": 1000,
   "status": "Refunded",
   "transaction_id": "GFq9PFS7b2iYvL8Lir9oXe",
   "fee": 0,
   "refunded": true
}`;
const DOCS_LOOKUP_EXPIRED = `{
   "pidx": "H889Er9gq4j92oCrePrDwf",
   "total_amount": 1000,
   "status": "Expired",
   "transaction_id": null,
   "fee": 0,
   "refunded": false
}`;
const DOCS_LOOKUP_CANCELED = `{
   "pidx": "vNTeXkSEaEXK2J4i7cQU6e",
   "total_amount": 1000,
   "status": "User canceled",
   "transaction_id": null,
   "fee": 0,
   "refunded": false
}`;
/** "Sample Callback Request": the success transaction callback (one parameter a line on the page). */
const DOCS_SUCCESS_CALLBACK = `http://example.com/?pidx=bZQLD9wRVWo4CdESSfuSsB
&txnId=4H7AhoXDJWg5WjrcPT9ixW
&amount=1000
&total_amount=1000
&status=Completed
&mobile=98XXXXX904
&tidx=4H7AhoXDJWg5WjrcPT9ixW
&purchase_order_id=test12
&purchase_order_name=test
&transaction_id=4H7AhoXDJWg5WjrcPT9ixW`;

// -----------------------------------------------------------------------------------------------

interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

describe('the Khalti KPG-2 client', () => {
  let answer: (response: http.ServerResponse) => void = () => undefined;
  const received: Received[] = [];
  let server: http.Server;
  let apiUrl: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          path: request.url ?? '',
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body: text ? JSON.parse(text) : undefined,
        });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
  });

  const reply = (status: number, body: string, type = 'application/json') => {
    answer = (response) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
  };
  const order = {
    returnUrl: 'https://shop.example/pay/khalti/return',
    websiteUrl: 'https://shop.example/',
    amountPaisa: 1300,
    orderId: 'test12',
    orderName: 'test',
    customer: { name: 'Khalti Bahadur', email: 'example@gmail.com', phone: '9800000123' },
  };
  const initiate = (overrides: Partial<Parameters<typeof khaltiInitiate>[0]> = {}) =>
    khaltiInitiate({ apiUrl, secretKey: SECRET, ...order, ...overrides });
  const lookup = (overrides: Partial<Parameters<typeof khaltiLookup>[0]> = {}) =>
    khaltiLookup({ apiUrl, secretKey: SECRET, pidx: 'HT6o6PEZRWFJ5ygavzHWd5', ...overrides });

  describe('initiate', () => {
    it("sends Khalti's request and reads its documented answer", async () => {
      reply(200, DOCS_INITIATE_OK);
      expect(await initiate()).toEqual({
        kind: 'created',
        pidx: 'bZQLD9wRVWo4CdESSfuSsB',
        paymentUrl: 'https://test-pay.khalti.com/?pidx=bZQLD9wRVWo4CdESSfuSsB',
        expiresAt: '2023-05-25T16:26:16.471649+05:45',
        expiresIn: 1800,
      });
      expect(received).toEqual([
        {
          method: 'POST',
          path: '/api/v2/epayment/initiate/',
          authorization: `Key ${SECRET}`,
          contentType: 'application/json',
          body: {
            return_url: 'https://shop.example/pay/khalti/return',
            website_url: 'https://shop.example/',
            amount: 1300,
            purchase_order_id: 'test12',
            purchase_order_name: 'test',
            customer_info: { name: 'Khalti Bahadur', email: 'example@gmail.com', phone: '9800000123' },
          },
        },
      ]);
    });

    it('leaves out the email of a shopper who has none (an account made from a mobile number)', async () => {
      reply(200, DOCS_INITIATE_OK);
      const customer = { name: 'Khalti Bahadur', email: '', phone: '9800000123' };
      expect(await initiate({ customer })).toMatchObject({ kind: 'created' });
      expect((received[0]?.body as { customer_info?: unknown }).customer_info).toEqual({
        name: 'Khalti Bahadur',
        phone: '9800000123',
      });
    });

    it('finds the endpoint whether or not the API URL ends with a slash', async () => {
      reply(200, DOCS_INITIATE_OK);
      expect(await initiate({ apiUrl: apiUrl.replace(/\/$/, '') })).toMatchObject({ kind: 'created' });
      expect(received[0]?.path).toBe('/api/v2/epayment/initiate/');
      expect(KHALTI_DEFAULT_API_URL).toBe('https://dev.khalti.com/api/v2/');
    });

    it('refuses less than Rs. 10 itself, in Khalti’s words, without asking', async () => {
      reply(200, DOCS_INITIATE_OK);
      expect(await initiate({ amountPaisa: 999 })).toEqual({
        kind: 'refused',
        status: 400,
        detail: 'amount: Amount should be greater than Rs. 10, that is 1000 paisa.',
      });
      expect(await initiate({ amountPaisa: 1000.5 })).toMatchObject({ kind: 'refused', status: 400 });
      expect(received).toHaveLength(0);
    });

    it("passes Khalti's refusals on (status and words)", async () => {
      reply(400, DOCS_AMOUNT_TOO_SMALL);
      expect(await initiate({ amountPaisa: 1000 })).toEqual({
        kind: 'refused',
        status: 400,
        detail: 'amount: Amount should be greater than Rs. 10, that is 1000 paisa.',
      });
      reply(400, DOCS_RETURN_URL_INVALID);
      expect(await initiate()).toEqual({ kind: 'refused', status: 400, detail: 'return_url: Enter a valid URL.' });
      reply(401, DOCS_INVALID_TOKEN);
      expect(await initiate()).toEqual({ kind: 'refused', status: 401, detail: 'Invalid token.' });
      reply(403, '<html>Forbidden</html>', 'text/html');
      expect(await initiate()).toEqual({ kind: 'refused', status: 403, detail: 'HTTP 403' });
    });

    it('reports garbage, failures and silence as outcomes', async () => {
      reply(200, 'OK', 'text/plain');
      expect(await initiate()).toMatchObject({ kind: 'invalid' });
      reply(200, '{"pidx":"abc"}');
      expect(await initiate()).toMatchObject({ kind: 'invalid' });
      reply(200, '{"pidx":"abc","payment_url":"javascript:alert(1)","expires_at":"x"}');
      expect(await initiate()).toMatchObject({ kind: 'invalid' });
      reply(502, '<html>Bad gateway</html>', 'text/html');
      expect(await initiate()).toEqual({ kind: 'unavailable', reason: 'Khalti answered HTTP 502' });
      reply(429, '{"detail":"Request was throttled."}');
      expect(await initiate()).toMatchObject({ kind: 'unavailable' });
      answer = () => undefined; // never answers
      expect(await initiate({ timeoutMs: 250 })).toEqual({ kind: 'unavailable', reason: 'no answer within 250 ms' });
    });
  });

  describe('the return redirect', () => {
    it("reads the pidx of Khalti's sample callback", () => {
      const url = new URL(DOCS_SUCCESS_CALLBACK.replace(/\n/g, ''));
      const query = Object.fromEntries(url.searchParams);
      expect(khaltiReturnParams(query)).toEqual({ pidx: 'bZQLD9wRVWo4CdESSfuSsB', status: 'Completed' });
      expect(khaltiReturnParams({})).toBeUndefined();
      expect(khaltiReturnParams({ pidx: ['a', 'b'] })).toBeUndefined();
      expect(khaltiReturnParams({ pidx: '<script>' })).toBeUndefined();
    });
  });

  describe('lookup', () => {
    const expected = { pidx: 'HT6o6PEZRWFJ5ygavzHWd5', amountPaisa: 1000 };

    it('reads the documented Completed answer; only the right pidx and amount is paid', async () => {
      reply(200, DOCS_LOOKUP_COMPLETED);
      const outcome = await lookup();
      expect(outcome).toEqual({
        kind: 'answer',
        status: 'Completed',
        pidx: 'HT6o6PEZRWFJ5ygavzHWd5',
        totalAmountPaisa: 1000,
        transactionId: 'GFq9PFS7b2iYvL8Lir9oXe',
        fee: 0,
        refunded: false,
      });
      expect(received).toEqual([
        {
          method: 'POST',
          path: '/api/v2/epayment/lookup/',
          authorization: `Key ${SECRET}`,
          contentType: 'application/json',
          body: { pidx: 'HT6o6PEZRWFJ5ygavzHWd5' },
        },
      ]);
      expect(khaltiVerdict(outcome, expected)).toBe('paid');
      expect(khaltiVerdict(outcome, { ...expected, amountPaisa: 1100 })).toBe('mismatch');
      expect(khaltiVerdict(outcome, { ...expected, pidx: 'bZQLD9wRVWo4CdESSfuSsB' })).toBe('mismatch');
    });

    it('reads the other documented answers, Expired and User canceled as HTTP 400', async () => {
      const samples: Array<[number, string, string, string]> = [
        [200, DOCS_LOOKUP_PENDING, 'Pending', 'waiting'],
        [200, DOCS_LOOKUP_INITIATED, 'Initiated', 'waiting'],
        [200, DOCS_LOOKUP_REFUNDED, 'Refunded', 'failed'],
        [400, DOCS_LOOKUP_EXPIRED, 'Expired', 'failed'],
        [400, DOCS_LOOKUP_CANCELED, 'User canceled', 'failed'],
      ];
      for (const [status, body, khaltiStatus, verdict] of samples) {
        reply(status, body);
        const outcome = await lookup();
        expect(outcome).toMatchObject({ kind: 'answer', status: khaltiStatus, totalAmountPaisa: 1000 });
        const pidx = (JSON.parse(body) as { pidx: string }).pidx;
        expect(khaltiVerdict(outcome, { pidx, amountPaisa: 1000 })).toBe(verdict);
      }
      // A status Khalti has not documented is held, as Khalti asks.
      reply(200, DOCS_LOOKUP_PENDING.replace('Pending', 'Partially refunded pending review'));
      expect(khaltiVerdict(await lookup(), expected)).toBe('waiting');
    });

    it('reports errors and garbage as invalid, failures and silence as unavailable', async () => {
      reply(404, DOCS_NOT_FOUND);
      expect(await lookup()).toEqual({ kind: 'invalid', reason: 'Khalti does not know this pidx (HTTP 404)' });
      reply(401, DOCS_INVALID_TOKEN);
      expect(await lookup()).toEqual({ kind: 'invalid', reason: 'Khalti refused our key (HTTP 401)' });
      reply(200, '<html>hello</html>', 'text/html');
      expect(await lookup()).toMatchObject({ kind: 'invalid' });
      reply(200, '{"pidx":"HT6o6PEZRWFJ5ygavzHWd5","status":"Completed"}');
      expect(await lookup()).toMatchObject({ kind: 'invalid' });
      reply(200, '{"pidx":"HT6o6PEZRWFJ5ygavzHWd5","status":"Completed","total_amount":"1000"}');
      expect(await lookup()).toMatchObject({ kind: 'invalid' });
      reply(400, '{"pidx":["This field is required."],"error_key":"validation_error"}');
      expect(await lookup()).toEqual({ kind: 'invalid', reason: 'Khalti answered HTTP 400: pidx: This field is required.' });
      reply(500, 'Internal Server Error', 'text/plain');
      expect(await lookup()).toEqual({ kind: 'unavailable', reason: 'Khalti answered HTTP 500' });
      answer = () => undefined;
      expect(await lookup({ timeoutMs: 250 })).toEqual({ kind: 'unavailable', reason: 'no answer within 250 ms' });
      for (const outcome of [{ kind: 'invalid' }, { kind: 'unavailable' }] as KhaltiLookupOutcome[]) {
        expect(khaltiVerdict(outcome, expected)).toBe('waiting');
      }
    });

    it('reports a refused connection as unavailable and never puts the key in a reason', async () => {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const outcomes = [
        await lookup({ apiUrl: `http://127.0.0.1:${port}/api/v2/` }),
        await initiate({ apiUrl: `http://127.0.0.1:${port}/api/v2/` }),
        await lookup({ apiUrl: 'not a url' }),
        await lookup({
          fetch: async () => {
            throw new Error(`failed with Authorization: Key ${SECRET}`);
          },
        }),
      ];
      expect(outcomes[0]).toEqual({ kind: 'unavailable', reason: 'could not reach the gateway (ECONNREFUSED)' });
      expect(outcomes[1]).toEqual({ kind: 'unavailable', reason: 'could not reach the gateway (ECONNREFUSED)' });
      expect(outcomes[2]).toMatchObject({ kind: 'unavailable' });
      expect(outcomes[3]).toEqual({ kind: 'unavailable', reason: 'could not reach the gateway' });
      expect(JSON.stringify(outcomes)).not.toContain(SECRET);
    });
  });
});
