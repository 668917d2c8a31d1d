import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import { ORDER_MESSAGES } from '../../../shared/orders.js';
import { idParam, userIdParam } from '../../../shared/path-params.js';
import {
  WARRANTY_MESSAGES,
  adminClaimPageSchema,
  adminClaimQuerySchema,
  adminClaimResponseSchema,
  claimRequestSchema,
  claimResponseSchema,
  claimStepSchema,
  claimsOfOrderSchema,
} from '../../../shared/warranty.js';
import { access } from '../../lib/access.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import { assertOwner } from '../../lib/principal.js';
import type { WarrantyService } from './service.js';

const orderParams = z.object({ userId: userIdParam(ACCOUNT_MESSAGES.badUserId), orderId: z.string().min(1).max(100) });
const claimParams = z.object({ id: idParam(WARRANTY_MESSAGES.claimIdInvalid) });

/** The shopper's warranty claims of an order, under /api/orders/user/:userId/order/:orderId/warranty-claims (shared/warranty.ts). */
export function warrantyRoutes(service: WarrantyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    acceptEmptyJsonBody(app);
    const shopper = access('shopper');
    const tags = ['warranty'];
    const base = '/user/:userId/order/:orderId/warranty-claims';

    app.get(
      base,
      { ...shopper, schema: { tags, params: orderParams, response: { 200: claimsOfOrderSchema } } },
      async (request) => {
        const userId = assertOwner(request, request.params.userId, ORDER_MESSAGES.ownOrdersOnly);
        return service.ofOrder(userId, request.params.orderId);
      },
    );

    app.post(
      base,
      { ...shopper, schema: { tags, params: orderParams, body: claimRequestSchema, response: { 201: claimResponseSchema } } },
      async (request, reply) => {
        const userId = assertOwner(request, request.params.userId, ORDER_MESSAGES.ownOrdersOnly);
        return reply.code(201).send({ claim: await service.open(userId, request.params.orderId, request.body) });
      },
    );
  };
}

/** The admin's warranty claims, under /api/admin/warranty-claims: permission 'warranty'. */
export function warrantyAdminRoutes(service: WarrantyService): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'warranty');
    const tags = ['warranty'];

    app.get(
      '/',
      { ...admin, schema: { tags, querystring: adminClaimQuerySchema, response: { 200: adminClaimPageSchema } } },
      async (request) => service.adminList(request.query.status, request.query.page),
    );
    app.post(
      '/:id/status',
      { ...admin, schema: { tags, params: claimParams, body: claimStepSchema, response: { 200: adminClaimResponseSchema } } },
      async (request) => ({
        claim: await service.move(actor(request).adminId, request.params.id, request.body.status, request.body.note),
      }),
    );
  };
}
