import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, RECOVERY_MESSAGES } from '../../../shared/account-recovery.js';
import { adminLoginResponseSchema, adminLoginSchema, adminMeResponseSchema, messageSchema } from '../../../shared/accounts.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { principalOf } from '../../lib/principal.js';
import { loginClient, sessionRoutes } from '../../lib/session-routes.js';
import * as service from './service.js';
import { staffRoutes } from './staff-routes.js';

/** Admin session calls under /api/admin, plus /me for the web guard. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');

    // POST /login, /refresh-token, /logout: the same three calls as the shopper's (lib/session-routes.ts).
    await app.register(
      sessionRoutes(ctx, {
        kind: 'admin',
        tag: 'admin',
        loginSchema: adminLoginSchema,
        loginResponseSchema: adminLoginResponseSchema,
        login: service.adminLogin,
      }),
    );

    app.post(
      '/change-password',
      {
        // Any admin, whatever they may do: their own password.
        ...access('admin'),
        schema: { tags: ['admin'], body: changePasswordSchema, response: { 200: messageSchema } },
      },
      async (request) => {
        await service.changeAdminPassword(ctx, principalOf(request), request.body, loginClient(ctx, request));
        return { message: RECOVERY_MESSAGES.passwordChanged };
      },
    );

    await app.register(staffRoutes(ctx));

    app.get(
      '/me',
      { ...access('admin'), schema: { tags: ['admin'], response: { 200: adminMeResponseSchema } } },
      async (request) => ({ admin: await service.getAdmin(ctx, principalOf(request).id) }),
    );
  };
}
