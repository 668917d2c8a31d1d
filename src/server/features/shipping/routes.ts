import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/path-params.js';
import {
  SHIPPING_MESSAGES,
  categorySerialsSchema,
  courierInputSchema,
  courierResponseSchema,
  couriersResponseSchema,
  productWarrantyMonthsSchema,
} from '../../../shared/shipping.js';
import { access } from '../../lib/access.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import type { ShippingService } from './service.js';

const courierParams = z.object({ id: idParam(SHIPPING_MESSAGES.courierIdInvalid) });

/**
 * Couriers under /api/admin/couriers (shared/shipping.ts): the list for whoever ships orders
 * ('orders.write'), the list's changes for the owner ('settings'); the catalogue's serial flag and
 * warranty months ('catalog.write').
 */
export function shippingAdminRoutes(service: ShippingService): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'settings');
    const tags = ['shipping'];
    app.get(
      '/',
      { ...access({ admin: 'orders.write' }), schema: { tags, response: { 200: couriersResponseSchema } } },
      async () => ({ couriers: await service.couriers() }),
    );
    app.post(
      '/',
      { ...admin, schema: { tags, body: courierInputSchema, response: { 201: courierResponseSchema } } },
      async (request, reply) => reply.status(201).send({ courier: await service.create(actor(request).adminId, request.body) }),
    );
    app.put(
      '/:id',
      { ...admin, schema: { tags, params: courierParams, body: courierInputSchema, response: { 200: courierResponseSchema } } },
      async (request) => ({ courier: await service.update(actor(request).adminId, request.params.id, request.body) }),
    );
    app.delete('/:id', { ...admin, schema: { tags, params: courierParams } }, async (request, reply) => {
      await service.remove(actor(request).adminId, request.params.id);
      return reply.status(204).send();
    });
    const catalog = access({ admin: 'catalog.write' });
    // Reading the flag and the months is for whoever may look at the catalogue.
    const looker = access({ admin: 'catalog.read' });
    const categoryParams = z.object({ categoryId: idParam('Category id must be a positive whole number') });
    const categorySerials = z.object({ categoryId: z.number(), serialRequired: z.boolean() });
    const productParams = z.object({ productId: idParam(SHIPPING_MESSAGES.productIdInvalid) });
    const productMonths = z.object({ productId: z.number(), warrantyMonths: z.number().nullable() });
    app.get(
      '/categories/:categoryId',
      { ...looker, schema: { tags, params: categoryParams, response: { 200: categorySerials } } },
      async (request) => ({
        categoryId: request.params.categoryId,
        serialRequired: await service.categorySerials(request.params.categoryId),
      }),
    );
    app.get(
      '/products/:productId',
      { ...looker, schema: { tags, params: productParams, response: { 200: productMonths } } },
      async (request) => ({
        productId: request.params.productId,
        warrantyMonths: await service.warrantyMonths(request.params.productId),
      }),
    );
    app.put(
      '/categories/:categoryId',
      {
        ...catalog,
        schema: {
          tags,
          params: categoryParams,
          body: categorySerialsSchema,
          response: { 200: categorySerials },
        },
      },
      async (request) => ({
        categoryId: request.params.categoryId,
        serialRequired: await service.setCategorySerials(
          actor(request).adminId,
          request.params.categoryId,
          request.body.serialRequired,
        ),
      }),
    );
    app.put(
      '/products/:productId',
      {
        ...catalog,
        schema: {
          tags,
          params: productParams,
          body: productWarrantyMonthsSchema,
          response: { 200: productMonths },
        },
      },
      async (request) => ({
        productId: request.params.productId,
        warrantyMonths: await service.setWarrantyMonths(
          actor(request).adminId,
          request.params.productId,
          request.body.warrantyMonths,
        ),
      }),
    );
  };
}
