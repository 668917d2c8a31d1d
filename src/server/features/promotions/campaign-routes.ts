import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES,
  campaignInputSchema,
  campaignListResponseSchema,
  campaignResponseSchema,
} from '../../../shared/campaigns.js';
import { idParam } from '../../../shared/path-params.js';
import { adminJsonRoutes } from '../../lib/admin-routes.js';
import type { CampaignService } from './campaign-service.js';

const campaignParams = z.object({ id: idParam(CAMPAIGN_MESSAGES.campaignIdInvalid) });

/**
 * The admin's campaigns, under /api/admin/campaigns (permission 'promotions'):
 *   POST /          → 201 {campaign}
 *   GET  /          → {campaigns}
 *   GET  /:id       → {campaign}
 *   PUT  /:id       → {campaign}
 *   POST /:id/end   → {campaign}
 */
export function campaignAdminRoutes(service: CampaignService): FastifyPluginAsyncZod {
  return async (app) => {
    const { admin, actor } = adminJsonRoutes(app, 'promotions');

    app.post(
      '/',
      { ...admin, schema: { tags: ['campaigns'], body: campaignInputSchema, response: { 201: campaignResponseSchema } } },
      async (request, reply) => reply.code(201).send({ campaign: await service.create(actor(request), request.body) }),
    );

    app.get('/', { ...admin, schema: { tags: ['campaigns'], response: { 200: campaignListResponseSchema } } }, async () => ({
      campaigns: await service.list(),
    }));

    app.get(
      '/:id',
      { ...admin, schema: { tags: ['campaigns'], params: campaignParams, response: { 200: campaignResponseSchema } } },
      async (request) => ({ campaign: await service.get(request.params.id) }),
    );

    app.put(
      '/:id',
      {
        ...admin,
        schema: {
          tags: ['campaigns'],
          params: campaignParams,
          body: campaignInputSchema,
          response: { 200: campaignResponseSchema },
        },
      },
      async (request) => ({ campaign: await service.edit(actor(request), request.params.id, request.body) }),
    );

    app.post(
      '/:id/end',
      { ...admin, schema: { tags: ['campaigns'], params: campaignParams, response: { 200: campaignResponseSchema } } },
      async (request) => ({ campaign: await service.end(actor(request), request.params.id) }),
    );
  };
}
