import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AdminPermission, access } from './access.js';
import { acceptEmptyJsonBody } from './json-body.js';
import { principalOf } from './principal.js';

/**
 * How an admin plugin whose writes take JSON starts: a text/plain body is not read, an empty
 * JSON body counts as none, and each route spreads `admin` (the permission it asks for) into
 * its options. `actor` names the admin a write is done by, for the audit log.
 * Call it inside the encapsulated plugin: it changes that plugin's parsers only.
 */
export function adminJsonRoutes(
  app: Pick<FastifyInstance, 'getDefaultJsonParser' | 'removeContentTypeParser' | 'addContentTypeParser'>,
  permission: AdminPermission,
) {
  app.removeContentTypeParser('text/plain');
  acceptEmptyJsonBody(app);
  return {
    admin: access({ admin: permission }),
    actor: (request: FastifyRequest) => ({ adminId: principalOf(request).id }),
  };
}
