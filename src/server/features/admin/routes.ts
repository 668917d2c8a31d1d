import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  adminLoginResponseSchema,
  adminLoginSchema,
  adminMeResponseSchema,
  logoutBodySchema,
  messageSchema,
  refreshResponseSchema,
  tokenBodySchema,
} from '../../../shared/accounts.js';
import type { AppContext } from '../../context.js';
import { bearerToken, principalOf, requireSession } from '../../lib/auth-hooks.js';
import { unauthorized } from '../../lib/errors.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import * as service from './service.js';

/** Admin session calls under /api/admin (SPEC §7), plus /me for the web guard. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');

    app.post(
      '/login',
      { schema: { tags: ['admin'], body: adminLoginSchema, response: { 200: adminLoginResponseSchema } } },
      async (request) => {
        const token = await service.adminLogin(ctx, request.body, request.ip);
        return { message: ACCOUNT_MESSAGES.loggedIn, token };
      },
    );

    app.post(
      '/refresh-token',
      { schema: { tags: ['admin'], body: tokenBodySchema, response: { 200: refreshResponseSchema } } },
      async (request) => ({ newToken: await ctx.sessions.refresh('admin', request.body.token) }),
    );

    // Logout's body is optional; a client may send the JSON content type with no body at all.
    await app.register(async (plain) => {
      acceptEmptyJsonBody(plain);
      plain
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/logout',
          { schema: { tags: ['admin'], body: logoutBodySchema, response: { 200: messageSchema } } },
          async (request) => {
            const token = bearerToken(request) ?? request.body?.token;
            if (!token) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
            await ctx.sessions.revoke('admin', token);
            return { message: ACCOUNT_MESSAGES.loggedOut };
          },
        );
    });

    app.get(
      '/me',
      { onRequest: requireSession(ctx, 'admin'), schema: { tags: ['admin'], response: { 200: adminMeResponseSchema } } },
      async (request) => ({ admin: await service.getAdmin(ctx, principalOf(request).id) }),
    );
  };
}
