import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import { CART_MESSAGES } from '../../../shared/cart.js';
import {
  COUPON_MESSAGES,
  applyCouponSchema,
  cartCouponResponseSchema,
  couponInputSchema,
  couponListResponseSchema,
  couponPatchSchema,
  couponResponseSchema,
} from '../../../shared/coupons.js';
import { idParam, userIdParam } from '../../../shared/path-params.js';
import { access } from '../../lib/access.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import { assertOwner } from '../../lib/principal.js';
import type { CouponService } from './service.js';

const couponParams = z.object({ id: idParam(COUPON_MESSAGES.couponIdInvalid) });
const userParams = z.object({ userId: userIdParam(ACCOUNT_MESSAGES.badUserId) });

/**
 * The admin's coupons, under /api/admin/coupons (permission 'promotions'):
 *   POST  /                 → 201 {coupon}
 *   GET   /                 → {coupons}
 *   PUT   /:id, PATCH /:id  → {coupon}
 *   POST  /:id/deactivate   → {coupon}
 */
export function couponAdminRoutes(service: CouponService): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'promotions');

    app.post(
      '/',
      { ...admin, schema: { tags: ['coupons'], body: couponInputSchema, response: { 201: couponResponseSchema } } },
      async (request, reply) => {
        const coupon = await service.create(actor(request), request.body);
        return reply.code(201).send({ coupon });
      },
    );

    app.get('/', { ...admin, schema: { tags: ['coupons'], response: { 200: couponListResponseSchema } } }, async () => ({
      coupons: await service.list(),
    }));

    app.put(
      '/:id',
      {
        ...admin,
        schema: { tags: ['coupons'], params: couponParams, body: couponInputSchema, response: { 200: couponResponseSchema } },
      },
      async (request) => ({ coupon: await service.edit(actor(request), request.params.id, request.body) }),
    );

    app.patch(
      '/:id',
      {
        ...admin,
        schema: { tags: ['coupons'], params: couponParams, body: couponPatchSchema, response: { 200: couponResponseSchema } },
      },
      async (request) => ({ coupon: await service.edit(actor(request), request.params.id, request.body) }),
    );

    app.post(
      '/:id/deactivate',
      { ...admin, schema: { tags: ['coupons'], params: couponParams, response: { 200: couponResponseSchema } } },
      async (request) => ({ coupon: await service.deactivate(actor(request), request.params.id) }),
    );
  };
}

/**
 * The shopper's coupon, under /api/cart (shopper token; the user must be its owner):
 *   POST   /coupon           {userId, code} → the cart with {coupon, subtotal, discount}
 *   GET    /coupon/:userId   → the same (coupon null when none is applied)
 *   DELETE /coupon/:userId   → the same, without the coupon
 */
export function cartCouponRoutes(service: CouponService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    acceptEmptyJsonBody(app);
    const shopper = access('shopper');

    app.post(
      '/coupon',
      { ...shopper, schema: { tags: ['cart'], body: applyCouponSchema, response: { 200: cartCouponResponseSchema } } },
      async (request) => {
        const userId = assertOwner(request, request.body.userId, CART_MESSAGES.ownCartOnly);
        return service.apply(userId, request.body.code, request.ip);
      },
    );

    app.get(
      '/coupon/:userId',
      { ...shopper, schema: { tags: ['cart'], params: userParams, response: { 200: cartCouponResponseSchema } } },
      async (request) => service.view(assertOwner(request, request.params.userId, CART_MESSAGES.ownCartOnly)),
    );

    app.delete(
      '/coupon/:userId',
      { ...shopper, schema: { tags: ['cart'], params: userParams, response: { 200: cartCouponResponseSchema } } },
      async (request) => service.remove(assertOwner(request, request.params.userId, CART_MESSAGES.ownCartOnly)),
    );
  };
}
