import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.js';
import { ORDER_MESSAGES } from '../../../shared/orders.js';
import { idParam, userIdParam } from '../../../shared/path-params.js';
import {
  RETURN_MESSAGES,
  RETURN_PHOTOS_MAX,
  adminReturnPageSchema,
  adminReturnQuerySchema,
  adminReturnResponseSchema,
  categoryReturnDaysReadSchema,
  categoryReturnDaysResponseSchema,
  categoryReturnDaysSchema,
  rejectReturnSchema,
  returnRequestSchema,
  returnResponseSchema,
  returnsOfOrderSchema,
  settleReturnSchema,
} from '../../../shared/returns.js';
import { access } from '../../lib/access.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import { assertOwner, principalOf } from '../../lib/principal.js';
import { photosForm } from '../../lib/photos-form.js';
import type { ReturnService } from './service.js';

const orderParams = z.object({ userId: userIdParam(ACCOUNT_MESSAGES.badUserId), orderId: z.string().min(1).max(100) });
const photoParams = orderParams.extend({ returnId: idParam(RETURN_MESSAGES.returnIdInvalid) });
const returnParams = z.object({ id: idParam(RETURN_MESSAGES.returnIdInvalid) });
const photoForm = photosForm(RETURN_PHOTOS_MAX, {
  tooManyPhotos: RETURN_MESSAGES.tooManyPhotos,
  photosMultipart: RETURN_MESSAGES.photosMultipart,
  photosField: RETURN_MESSAGES.photosField,
});

/** The shopper's returns of an order, under /api/orders/user/:userId/order/:orderId/returns (shared/returns.ts). */
export function returnRoutes(service: ReturnService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    acceptEmptyJsonBody(app);
    const shopper = access('shopper');
    const tags = ['returns'];
    const base = '/user/:userId/order/:orderId/returns';

    app.get(
      base,
      { ...shopper, schema: { tags, params: orderParams, response: { 200: returnsOfOrderSchema } } },
      async (request) => {
        const userId = assertOwner(request, request.params.userId, ORDER_MESSAGES.ownOrdersOnly);
        return service.ofOrder(userId, request.params.orderId);
      },
    );

    app.post(
      base,
      { ...shopper, schema: { tags, params: orderParams, body: returnRequestSchema, response: { 201: returnResponseSchema } } },
      async (request, reply) => {
        const userId = assertOwner(request, request.params.userId, ORDER_MESSAGES.ownOrdersOnly);
        return reply.code(201).send({ return: await service.request(userId, request.params.orderId, request.body) });
      },
    );

    await app.register(async (plugin) => {
      await photoForm.register(plugin);
      plugin
        .withTypeProvider<ZodTypeProvider>()
        .put(
          `${base}/:returnId/photos`,
          { ...shopper, schema: { tags, params: photoParams, response: { 200: returnResponseSchema } } },
          async (request) => {
            const userId = assertOwner(request, request.params.userId, ORDER_MESSAGES.ownOrdersOnly);
            const files = await photoForm.read(request);
            return { return: await service.setPhotos(userId, request.params.orderId, request.params.returnId, files) };
          },
        );
    });
  };
}

/**
 * The admin's returns, under /api/admin/returns: permission 'returns' for every step up to the
 * settlement; marking a refund made asks for 'refunds', as an order's does.
 */
export function returnAdminRoutes(service: ReturnService): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'returns');
    const tags = ['returns'];
    const one = { tags, params: returnParams, response: { 200: adminReturnResponseSchema } };

    app.get(
      '/',
      { ...admin, schema: { tags, querystring: adminReturnQuerySchema, response: { 200: adminReturnPageSchema } } },
      async (request) => service.adminList(request.query.status, request.query.page),
    );
    app.get(
      '/categories/:categoryId',
      {
        ...access({ admin: 'catalog.read' }),
        schema: {
          tags,
          params: z.object({ categoryId: idParam(RETURN_MESSAGES.categoryIdInvalid) }),
          response: { 200: categoryReturnDaysReadSchema },
        },
      },
      async (request) => ({ categoryId: request.params.categoryId, ...(await service.categoryDays(request.params.categoryId)) }),
    );
    app.put(
      '/categories/:categoryId',
      {
        ...access({ admin: 'catalog.write' }),
        schema: {
          tags,
          params: z.object({ categoryId: idParam(RETURN_MESSAGES.categoryIdInvalid) }),
          body: categoryReturnDaysSchema,
          response: { 200: categoryReturnDaysResponseSchema },
        },
      },
      async (request) => ({
        categoryId: request.params.categoryId,
        returnDays: await service.setCategoryDays(principalOf(request).id, request.params.categoryId, request.body.returnDays),
      }),
    );
    app.get('/:id', { ...admin, schema: one }, async (request) => ({ return: await service.adminOne(request.params.id) }));
    app.post('/:id/approve', { ...admin, schema: one }, async (request) => ({
      return: await service.approve(actor(request).adminId, request.params.id),
    }));
    app.post('/:id/reject', { ...admin, schema: { ...one, body: rejectReturnSchema } }, async (request) => ({
      return: await service.reject(actor(request).adminId, request.params.id, request.body.reason),
    }));
    app.post('/:id/receive', { ...admin, schema: one }, async (request) => ({
      return: await service.receive(actor(request).adminId, request.params.id),
    }));
    app.post('/:id/settle', { ...admin, schema: { ...one, body: settleReturnSchema } }, async (request) => ({
      return: await service.settle(actor(request).adminId, request.params.id, request.body.settlement),
    }));
    app.post('/:id/refunded', { ...access({ admin: 'refunds' }), schema: one }, async (request) => ({
      return: await service.markRefunded(principalOf(request).id, request.params.id),
    }));
  };
}
