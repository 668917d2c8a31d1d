import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, buildApp } from '../../src/server/app.js';
import { serverMessage } from '../../src/server/i18n/errors-ne.js';
import type { RouteAccess } from '../../src/server/lib/access.js';
import { ORDER_MESSAGES, type Order } from '../../src/shared/orders.js';
import { adminToken, bearer } from '../helpers/accounts.js';
import { buildTestApp } from '../helpers/app.js';
import { shopperToken } from '../helpers/catalog.js';
import { fillCart, makeProduct, makeShopper, orderBody } from '../helpers/orders.js';

/**
 * Access, walked from the app's own route table (lib/access.ts, ADR 0030): every /api route that
 * needs a token is called here without anyone listing it. Path values and queries that do not
 * parse, bodies that are empty, malformed or over the size limit: the one guard answers before
 * any of them is looked at.
 */

const t = await buildTestApp();
afterAll(async () => t.close());

/** Tokens that must be refused everywhere: not a token, expired, ended by logout; of either kind. */
async function staleTokens(): Promise<string[]> {
  const expiredAdmin = await adminToken(t);
  const expiredShopper = await shopperToken(t);
  const endedAdmin = await adminToken(t);
  expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(endedAdmin) })).statusCode).toBe(200);
  const endedShopper = await shopperToken(t);
  expect((await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(endedShopper) })).statusCode).toBe(200);
  t.clock.advance(60 * 60 * 1000 + 1000);
  return ['not.a.jwt', expiredAdmin, expiredShopper, endedAdmin, endedShopper];
}

const stale = await staleTokens();
const live = { shopper: await shopperToken(t), admin: await adminToken(t) };

// HEAD twins of GET routes share their GET's options; they are called beside their GET below.
const apiRoutes = t.app.routeAccess.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
const guarded = apiRoutes.filter((route) => route.access !== 'public');
const forAdmins = (route: RouteAccess) => route.access === 'admin' || typeof route.access === 'object';
const hasBody = (route: RouteAccess) => route.method !== 'GET';

/** The route called with path values and a query that do not parse, and an empty body where one goes. */
function call(route: RouteAccess, token?: string, extra: Partial<InjectOptions> = {}) {
  const url = `${route.url.replace(/:\w+/g, 'abc').replace(/\*/g, 'abc')}?page=abc&pageSize=abc&status=nonsense&dryRun=maybe`;
  return t.app.inject({
    method: route.method as InjectOptions['method'],
    url,
    ...(hasBody(route) ? { payload: {} } : {}),
    ...extra,
    headers: { ...(token ? bearer(token) : {}), ...extra.headers },
  });
}

/** Bodies the server must never get to: malformed JSON, and JSON twice the size limit. */
const unreadBodies = [
  { what: 'a malformed body', payload: '{"name": ' },
  { what: 'a body over the size limit', payload: `{"name": "${'x'.repeat(2 * JSON_BODY_LIMIT)}"}` },
].map(({ what, payload }) => ({ what, extra: { payload, headers: { 'content-type': 'application/json' } } }));

const AUTH_REQUIRED = { message: 'Authentication required', code: 'UNAUTHORIZED' };
const ADMIN_ONLY = { message: 'Only an admin can do this', code: 'FORBIDDEN' };
const inNepali = (body: { message: string; code: string }) => ({
  message: serverMessage(body.message, 'ne'),
  sourceMessage: body.message,
  code: body.code,
});

describe('the route table', () => {
  it('lists each route with the access it declared', () => {
    const declared = (method: string, url: string) => apiRoutes.find((r) => r.method === method && r.url === url)?.access;
    expect(declared('GET', '/api/products')).toBe('public');
    expect(declared('POST', '/api/orders/create')).toBe('shopper');
    expect(declared('GET', '/api/admin/me')).toBe('admin');
    expect(declared('PUT', '/api/orders/:id/payment')).toEqual({ admin: 'refunds' });
    expect(declared('POST', '/api/admin/returns/:id/approve')).toEqual({ admin: 'returns' });
    expect(declared('POST', '/api/admin/returns/:id/refunded')).toEqual({ admin: 'refunds' });
    // The hand-made list of admin routes this walk replaces named 17 of them.
    expect(guarded.filter(forAdmins).length).toBeGreaterThanOrEqual(27);
  });

  it('lists the shopper routes: an admin route declared for shoppers by mistake shows here', () => {
    const shopperRoutes = apiRoutes.filter((route) => route.access === 'shopper').map((route) => `${route.method} ${route.url}`);
    expect(shopperRoutes.sort()).toEqual(
      [
        'DELETE /api/cart/remove-item/:id',
        'DELETE /api/cart/coupon/:userId',
        'GET /api/cart/coupon/:userId',
        'POST /api/cart/coupon',
        'GET /api/cart/view-cart/:userId',
        'GET /api/orders/user/:userId',
        'GET /api/orders/user/:userId/last-address',
        'GET /api/orders/user/:userId/order/:orderId',
        'GET /api/users/findUser/:id',
        'POST /api/cart/add-to-cart',
        'POST /api/orders/create',
        'POST /api/orders/user/:userId/order/:orderId/cancel',
        'POST /api/orders/user/:userId/order/:orderId/pay',
        'POST /api/orders/user/:userId/order/:orderId/pay-on-delivery',
        'POST /api/users/change-email',
        'POST /api/users/change-password',
        'POST /api/users/change-phone',
        'POST /api/users/confirm-email',
        'POST /api/users/phone-code',
        'POST /api/users/verify-phone',
        'PUT /api/cart/update-quantity',
        'PUT /api/users/language',
        'GET /api/products/:id/reviews/mine',
        'POST /api/products/:id/reviews',
        'PUT /api/products/:id/reviews',
        'PUT /api/products/:id/reviews/photos',
        'POST /api/reviews/:id/helpful',
        'POST /api/reviews/:id/report',
        'POST /api/products/:id/questions',
        'GET /api/users/:userId/wishlist',
        'POST /api/users/:userId/wishlist',
        'DELETE /api/users/:userId/wishlist/:productId',
        'POST /api/products/:id/notify-me',
        'GET /api/users/:userId/alerts',
        'PUT /api/users/:userId/alerts',
        'GET /api/orders/user/:userId/order/:orderId/returns',
        'GET /api/orders/user/:userId/order/:orderId/warranty-claims',
        'POST /api/orders/user/:userId/order/:orderId/returns',
        'POST /api/orders/user/:userId/order/:orderId/warranty-claims',
        'PUT /api/orders/user/:userId/order/:orderId/returns/:returnId/photos',
        'GET /api/users/:userId/sms',
        'PUT /api/users/:userId/sms',
      ].sort(),
    );
  });

  it('lists the public /api routes: making one public is a choice seen here', () => {
    const publicRoutes = apiRoutes
      .filter((route) => route.access === 'public' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/store',
        'GET /api/alerts/unsubscribe',
        'POST /api/alerts/unsubscribe',
        'GET /api/health',
        'GET /api/ready',
        'POST /api/users/register',
        'POST /api/users/send-otp',
        'POST /api/users/verify-otp',
        'POST /api/users/login',
        'POST /api/users/refresh-token',
        'POST /api/users/logout',
        'POST /api/users/checkout-code',
        'POST /api/users/checkout-code/verify',
        'POST /api/users/forgot-password',
        'POST /api/users/reset-password',
        'POST /api/users/login-code',
        'POST /api/users/login-code/verify',
        'POST /api/admin/login',
        'POST /api/admin/refresh-token',
        'POST /api/admin/logout',
        'GET /api/category',
        'GET /api/products',
        'GET /api/products/compare',
        'GET /api/products/:id',
        'GET /api/products/:id/related',
        'GET /api/products/:id/reviews',
        'GET /api/products/:id/questions',
        'GET /api/delivery/districts',
        'GET /api/brands',
        'GET /api/categories/:id/spec-fields',
        'GET /api/orders/payment-options',
        'GET /api/payments/esewa/success/:reference',
        'GET /api/payments/esewa/failure/:reference',
        'GET /api/payments/khalti/return',
      ].sort(),
    );
  });
});

describe.each(guarded)('$method $url ($access)', (route) => {
  const what = `${route.method} ${route.url}`;

  it('answers 401 without a token, in either language, before the path, query or body is read', async () => {
    const none = await call(route);
    expect(none.statusCode, what).toBe(401);
    expect(none.json(), what).toEqual(AUTH_REQUIRED);
    const nepali = await call(route, undefined, { headers: { 'accept-language': 'ne' } });
    expect(nepali.statusCode, what).toBe(401);
    expect(nepali.json(), what).toEqual(inNepali(AUTH_REQUIRED));
    if (route.method === 'GET') expect((await call({ ...route, method: 'HEAD' })).statusCode, `HEAD ${route.url}`).toBe(401);
    if (!hasBody(route)) return;
    for (const body of unreadBodies) {
      const res = await call(route, undefined, body.extra);
      expect(res.statusCode, `${what} with ${body.what}`).toBe(401);
      expect(res.json(), `${what} with ${body.what}`).toEqual(AUTH_REQUIRED);
    }
  });

  it('answers 401 to a bad, expired or ended token', async () => {
    for (const token of stale) expect((await call(route, token)).statusCode, what).toBe(401);
  });

  if (forAdmins(route)) {
    it('answers 403 to a live shopper token, in either language, before the body is read', async () => {
      const res = await call(route, live.shopper);
      expect(res.statusCode, what).toBe(403);
      expect(res.json(), what).toEqual(ADMIN_ONLY);
      const nepali = await call(route, live.shopper, { headers: { 'accept-language': 'ne' } });
      expect(nepali.json(), what).toEqual(inNepali(ADMIN_ONLY));
      if (!hasBody(route)) return;
      for (const body of unreadBodies) {
        const refused = await call(route, live.shopper, body.extra);
        expect(refused.statusCode, `${what} with ${body.what}`).toBe(403);
        expect(refused.json(), `${what} with ${body.what}`).toEqual(ADMIN_ONLY);
      }
    });
  } else {
    it('answers 401 to a live admin token: an admin is no shopper', async () => {
      expect((await call(route, live.admin)).statusCode, what).toBe(401);
    });
  }

  it('lets the right live token through to the route (which then looks at the path and body)', async () => {
    const res = await call(route, forAdmins(route) ? live.admin : live.shopper);
    expect([401, 403], `${what}: ${res.body}`).not.toContain(res.statusCode);
  });
});

describe('an /api route that declares no access', () => {
  it('stops the server at start, naming the route', async () => {
    const app = await buildApp({ config: t.config, clock: t.clock, logger: false, serveWeb: false, runJobs: false });
    const start = async () => {
      await app.register(
        async (admin) => {
          admin.get('/forgotten', async () => ({ secret: true }));
        },
        { prefix: '/api/admin' },
      );
      await app.ready();
    };
    try {
      await expect(start()).rejects.toThrow(/^Route GET \/api\/admin\/forgotten declares no access\./);
    } finally {
      await app.ctx.close();
    }
  });

  it('is allowed outside /api (pages, images, the payment sandbox)', async () => {
    const app = await buildApp({ config: t.config, clock: t.clock, logger: false, serveWeb: false, runJobs: false });
    try {
      await app.register(async (pages) => {
        pages.get('/apiary', async () => ({ bees: true }));
      });
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/apiary' })).json()).toEqual({ bees: true });
    } finally {
      await app.close();
    }
  });
});

describe("a shopper's own order", () => {
  it("is found by every path of it only for its shopper: another's is 404, as a missing one, and stays as it was", async () => {
    const sita = await makeShopper(t);
    const ram = await makeShopper(t);
    const product = await makeProduct(t, { price: 300, stock: 5 });
    await fillCart(t.app.ctx.db, sita.userId, [{ productId: product.id, quantity: 1 }]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create',
      payload: orderBody(sita.userId, 300),
      headers: bearer(sita.token),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;

    const paths: { method: 'GET' | 'POST'; path: string; payload?: object }[] = [
      { method: 'GET', path: '' },
      { method: 'POST', path: '/cancel', payload: { reason: 'Not mine at all' } },
      { method: 'POST', path: '/pay', payload: {} },
      { method: 'POST', path: '/pay-on-delivery' },
    ];
    for (const { method, path, payload } of paths) {
      const what = `${method} …/order/:orderId${path}`;
      const url = (userId: number, orderId: string) => `/api/orders/user/${userId}/order/${orderId}${path}`;
      const theirs = await t.app.inject({ method, url: url(ram.userId, order.id), payload, headers: bearer(ram.token) });
      expect(theirs.statusCode, what).toBe(404);
      expect(theirs.json().message, what).toBe(ORDER_MESSAGES.orderNotFound);
      const missing = await t.app.inject({
        method,
        url: url(sita.userId, 'ORD-0000000000000000'),
        payload,
        headers: bearer(sita.token),
      });
      expect(missing.statusCode, what).toBe(404);
      expect(missing.json().message, what).toBe(ORDER_MESSAGES.orderNotFound);
    }
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${sita.userId}/order/${order.id}`,
      headers: bearer(sita.token),
    });
    expect(own.json<{ order: Order }>().order).toMatchObject({
      id: order.id,
      status: order.status,
      paymentStatus: order.paymentStatus,
    });
  });
});
