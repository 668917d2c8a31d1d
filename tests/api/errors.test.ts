import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer, loginAs, registerShopper, type Shopper } from '../helpers/accounts.js';

const POST_ROUTES = [
  '/api/users/register',
  '/api/users/send-otp',
  '/api/users/verify-otp',
  '/api/users/login',
  '/api/users/refresh-token',
  '/api/users/logout',
  '/api/admin/login',
  '/api/admin/refresh-token',
  '/api/admin/logout',
];

/** A client error body: JSON with a message, and nothing that looks like a stack trace or a file path. */
function expectCleanError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const json = JSON.parse(res.body) as Record<string, unknown>;
  expect(typeof json.message).toBe('string');
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|\/src\/|stack/i);
}

describe('errors: every client mistake gets a JSON 4xx, never a 500 or a stack trace', () => {
  let t: TestApp;
  let shopper: Shopper;
  let token: string;
  let ip = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    shopper = await registerShopper(t);
    token = await loginAs(t, shopper);
  });
  afterAll(async () => t.close());

  const post = (
    url: string,
    payload: string | object,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.20.${Math.floor(++ip / 250)}.${ip % 250}` });

  it.each(POST_ROUTES)('%s: malformed JSON is 400', async (url) => {
    for (const body of ['{', '{"a":', "{'a': 1}", '{"a": 1,}', 'undefined', '{"a": 01}']) {
      const res = await post(url, body);
      expectCleanError(res, 400);
      expect(res.json().message).toBe('Malformed JSON body');
    }
  });

  it.each(POST_ROUTES)('%s: a body over 1 MB is 413', async (url) => {
    const res = await post(url, JSON.stringify({ token: 'x'.repeat(1024 * 1024 + 10) }));
    expectCleanError(res, 413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it.each(POST_ROUTES)('%s: a non-JSON content type is 415', async (url) => {
    const bodies: Array<[string, string]> = [
      ['text/plain', '{"emailOrPhone":"a","password":"b"}'],
      ['application/x-www-form-urlencoded', 'emailOrPhone=a&password=b'],
      ['application/xml', '<a/>'],
    ];
    for (const [type, body] of bodies) {
      const res = await post(url, body, { 'content-type': type });
      expectCleanError(res, 415);
      expect(res.json().message).toBe('Unsupported content type');
    }
  });

  it('refuses prototype-poisoning JSON with 400', async () => {
    for (const body of [
      '{"__proto__": {"isAdmin": true}, "userId": 1}',
      '{"constructor": {"prototype": {"x": 1}}, "userId": 1}',
    ]) {
      expectCleanError(await post('/api/users/send-otp', body), 400);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses text PostgreSQL could not store (NUL) with 400 on both databases', async () => {
    const cases: Array<[string, object]> = [
      ['/api/users/login', { emailOrPhone: 'a\u0000b@example.com', password: 'whatever1' }],
      ['/api/admin/login', { username: 'root\u0000admin', password: 'whatever1' }],
      [
        '/api/users/register',
        {
          firstName: 'A\u0000',
          lastName: 'B',
          email: 'nul@example.com',
          phoneNumber: '9800000009',
          password: 'abcdefgh',
          confirmPassword: 'abcdefgh',
        },
      ],
      [
        '/api/users/register',
        {
          firstName: 'A',
          lastName: 'B',
          email: 'n\u0000ul@example.com',
          phoneNumber: '9800000009',
          password: 'abcdefgh',
          confirmPassword: 'abcdefgh',
        },
      ],
    ];
    for (const [url, payload] of cases) expectCleanError(await post(url, payload), 400);
    const res = await post('/api/users/login', { emailOrPhone: 'x\u0000', password: 'whatever1' });
    expect(res.json().message).toBe('Email or Phone Number contains invalid characters');
  });

  it('answers unknown routes and methods with a JSON 404', async () => {
    expectCleanError(await t.app.inject({ method: 'GET', url: '/api/users/register' }), 404);
    expectCleanError(await t.app.inject({ method: 'DELETE', url: '/api/users/findUser/1' }), 404);
    expectCleanError(await t.app.inject({ method: 'POST', url: '/api/users/nope', payload: {} }), 404);
  });

  it('documents every account route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    for (const route of [...POST_ROUTES, '/api/users/findUser/{id}', '/api/admin/me']) expect(paths).toContain(route);
  });

  it('survives arbitrary JSON bodies on every route (property test)', async () => {
    const fieldNames = [
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'password',
      'confirmPassword',
      'emailOrPhone',
      'userId',
      'otp',
      'token',
      'username',
    ];
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(
        '',
        ' ',
        '\u0000',
        "' OR 1=1 --",
        '9800000000',
        'a@b.co',
        '123456',
        'x'.repeat(300),
        '1e309',
        '-1',
        '2147483648',
      ),
      fc.integer(),
      fc.double(),
    );
    const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_ROUTES), body, async (url, payload) => {
        const res = await post(url, JSON.stringify(payload));
        expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
        expect(typeof res.json().message === 'string' || res.statusCode < 300).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('survives arbitrary ids and tokens on findUser (property test)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.boolean(), async (id, withToken) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/users/findUser/${encodeURIComponent(id)}`,
          headers: withToken ? bearer(token) : {},
        });
        expect(res.statusCode, `${id} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
