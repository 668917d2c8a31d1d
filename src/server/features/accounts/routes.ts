import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  findUserResponseSchema,
  loginResponseSchema,
  loginSchema,
  logoutBodySchema,
  messageSchema,
  refreshResponseSchema,
  registerResponseSchema,
  registerSchema,
  sendOtpSchema,
  tokenBodySchema,
  verifyOtpSchema,
} from '../../../shared/accounts.js';
import { idParam } from '../../../shared/path-params.js';
import type { AppContext } from '../../context.js';
import { assertSelf, bearerToken, requireSession } from '../../lib/auth-hooks.js';
import { unauthorized } from '../../lib/errors.js';
import { acceptEmptyJsonBody } from '../../lib/json-body.js';
import * as service from './service.js';

const userIdParamsSchema = z.object({ id: idParam(ACCOUNT_MESSAGES.badUserId) });

/** Shopper accounts under /api/users (SPEC §7): register, OTP, login, refresh, logout, profile. */
export function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // JSON only: a text/plain body would skip the browser's CORS preflight and is never what we expect.
    app.removeContentTypeParser('text/plain');

    app.post(
      '/register',
      { schema: { tags: ['accounts'], body: registerSchema, response: { 201: registerResponseSchema } } },
      async (request, reply) => {
        const { userId } = await service.register(ctx, request.log, request.body);
        return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered, userId });
      },
    );

    app.post(
      '/send-otp',
      { schema: { tags: ['accounts'], body: sendOtpSchema, response: { 200: messageSchema } } },
      async (request) => {
        await service.sendOtp(ctx, request.log, request.body.userId);
        return { message: ACCOUNT_MESSAGES.otpSent };
      },
    );

    app.post(
      '/verify-otp',
      { schema: { tags: ['accounts'], body: verifyOtpSchema, response: { 200: messageSchema } } },
      async (request) => {
        await service.verifyOtp(ctx, request.body.userId, request.body.otp);
        return { message: ACCOUNT_MESSAGES.otpVerified };
      },
    );

    app.post(
      '/login',
      { schema: { tags: ['accounts'], body: loginSchema, response: { 200: loginResponseSchema } } },
      async (request) => {
        const token = await service.login(ctx, request.body, request.ip);
        return { message: ACCOUNT_MESSAGES.loggedIn, token };
      },
    );

    app.post(
      '/refresh-token',
      { schema: { tags: ['accounts'], body: tokenBodySchema, response: { 200: refreshResponseSchema } } },
      async (request) => ({ newToken: await ctx.sessions.refresh('user', request.body.token) }),
    );

    // Logout's body is optional; a client may send the JSON content type with no body at all.
    await app.register(async (plain) => {
      acceptEmptyJsonBody(plain);
      plain
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/logout',
          { schema: { tags: ['accounts'], body: logoutBodySchema, response: { 200: messageSchema } } },
          async (request) => {
            const token = bearerToken(request) ?? request.body?.token;
            if (!token) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
            await ctx.sessions.revoke('user', token);
            return { message: ACCOUNT_MESSAGES.loggedOut };
          },
        );
    });

    app.get(
      '/findUser/:id',
      {
        // onRequest: the token is checked before the path is validated, so strangers learn nothing.
        onRequest: requireSession(ctx, 'user'),
        schema: { tags: ['accounts'], params: userIdParamsSchema, response: { 200: findUserResponseSchema } },
      },
      async (request) => {
        assertSelf(request, request.params.id);
        return { user: await service.getUser(ctx, request.params.id) };
      },
    );
  };
}
