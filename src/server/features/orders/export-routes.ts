import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrdersQuerySchema } from '../../../shared/admin-orders.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { nepalDay } from '../../lib/csv.js';
import { adminOrderFilter } from './admin-filter.js';
import { orderCsvStream } from './export.js';

/**
 * GET /api/admin/orders/export.csv?q&from&to&tzOffset&status&paymentStatus&paymentMethod&sort — the
 * orders the admin's list shows for the same query (page and pageSize are ignored: all of them),
 * as a CSV download (export.ts). Admin bearer token (401 without, 403 for a shopper's).
 */
export function orderExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/export.csv',
      { ...access({ admin: 'orders.export' }), schema: { tags: ['orders'], querystring: adminOrdersQuerySchema } },
      async (request, reply) => {
        const filter = adminOrderFilter(request.query);
        const filename = `pasal-orders-${nepalDay(ctx.clock.now())}.csv`;
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'no-store')
          .send(orderCsvStream(ctx.db, filter, request.query.sort ?? 'date_desc'));
      },
    );
  };
}
