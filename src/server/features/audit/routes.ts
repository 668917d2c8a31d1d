import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditAdminsSchema, auditPageSchema, auditQuerySchema } from '../../../shared/audit.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { auditAdmins, listAudit } from './service.js';

/**
 * The audit log in the admin panel, under /api/admin/audit (src/shared/audit.ts):
 *   GET /?entityType=&entityId=&adminId=&action=&from=&to=&tzOffset=&page=&pageSize=  → AuditPage
 *   GET /admins                                                                   → {admins}
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = access({ admin: 'audit' });

    app.get(
      '/',
      { ...admin, schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return listAudit(ctx, request.query);
      },
    );

    app.get(
      '/admins',
      { ...admin, schema: { tags: ['admin'], response: { 200: auditAdminsSchema } } },
      async (_request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return { admins: await auditAdmins(ctx) };
      },
    );
  };
}
