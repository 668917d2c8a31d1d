import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditAdminsSchema, auditPageSchema, auditQuerySchema, auditUndoResponseSchema } from '../../../shared/audit.js';
import { idParam } from '../../../shared/path-params.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { principalOf } from '../../lib/principal.js';
import { ProductUndoService } from '../catalog/undo/service.js';
import { auditAdmins, listAudit } from './service.js';

/**
 * The audit log in the admin panel, under /api/admin/audit (src/shared/audit.ts):
 *   GET /?entityType=&entityId=&adminId=&action=&from=&to=&tzOffset=&page=&pageSize=  → AuditPage
 *   GET /admins                                                                   → {admins}
 *   POST /:id/undo     a product's price and stock put back as before entry :id (catalog/undo/service.ts)
 */
const entryParams = z.object({ id: idParam('Invalid audit entry id') });

export function auditRoutes(ctx: AppContext, undo = new ProductUndoService(ctx)): FastifyPluginAsyncZod {
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

    // Undo writes the catalogue: the catalogue's permission, as an edit of the product would need.
    app.post(
      '/:id/undo',
      {
        ...access({ admin: 'catalog.write' }),
        schema: { tags: ['admin'], params: entryParams, response: { 200: auditUndoResponseSchema } },
      },
      async (request) => undo.undo(request.params.id, { adminId: principalOf(request).id }),
    );
  };
}
