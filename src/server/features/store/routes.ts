import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeFactsSchema } from '../../../shared/store.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';

/** Public store facts (name, contacts, address) that the footer and legal pages show. */
export function storeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/store', { ...access('public'), schema: { response: { 200: storeFactsSchema } } }, async (_request, reply) => {
      void reply.header('Cache-Control', 'public, max-age=300');
      return ctx.config.store;
    });
  };
}
