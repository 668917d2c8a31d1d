import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { districtDeliveryInputSchema, districtDeliverySchema, districtTableSchema } from '../../../shared/delivery.js';
import { access } from '../../lib/access.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import type { DeliveryService } from './service.js';

/** GET /api/delivery/districts: every district's fee, days and cash on delivery (public; checkout and the product page). */
export function deliveryRoutes(service: DeliveryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/delivery/districts',
      { ...access('public'), schema: { tags: ['delivery'], response: { 200: districtTableSchema } } },
      async () => service.table(),
    );
  };
}

/**
 * The owner's district table, under /api/admin/delivery (permission 'settings'):
 *   GET /districts → {districts, freeFrom} · PUT /districts/:district {fee, daysMin, daysMax, cod} → {district}
 */
export function deliveryAdminRoutes(service: DeliveryService): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'settings');
    const tags = ['delivery'];
    app.get('/districts', { ...admin, schema: { tags, response: { 200: districtTableSchema } } }, async () => service.table());
    app.put(
      '/districts/:district',
      {
        ...admin,
        schema: {
          tags,
          params: z.object({ district: z.string().max(100) }),
          body: districtDeliveryInputSchema,
          response: { 200: z.object({ district: districtDeliverySchema }) },
        },
      },
      async (request) => ({ district: await service.update(actor(request), request.params.district, request.body) }),
    );
  };
}
