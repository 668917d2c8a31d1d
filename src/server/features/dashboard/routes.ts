import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '../../../shared/dashboard.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { DashboardService } from './service.js';

/**
 * The admin's Dashboard under /api/admin/dashboard (src/shared/dashboard.ts):
 *   GET /?period=today|7d|30d   or   GET /?from=YYYY-MM-DD&to=YYYY-MM-DD   → Dashboard
 * Admin token required (none or a bad one 401, a shopper's 403), checked before the query is read.
 */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new DashboardService(ctx);
    app.get(
      '/',
      {
        ...access({ admin: 'dashboard' }),
        schema: { tags: ['admin'], querystring: dashboardQuerySchema, response: { 200: dashboardSchema } },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return service.get(request.query);
      },
    );
  };
}
