import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  findUserResponseSchema,
  loginResponseSchema,
  loginSchema,
  messageSchema,
  otpQueuedResponseSchema,
  registerResponseSchema,
  registerSchema,
  sendOtpSchema,
  setLanguageResponseSchema,
  setLanguageSchema,
  verifyOtpResponseSchema,
  verifyOtpSchema,
} from '../../../shared/accounts.js';
import { userIdParam } from '../../../shared/path-params.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { assertOwner, principalOf } from '../../lib/principal.js';
import { deviceAccount } from '../../lib/device-cookie.js';
import { apiLocale } from '../../lib/locale.js';
import { sessionRoutes } from '../../lib/session-routes.js';
import { otpClientOf, sendOtp, verifyOtp } from './otp.js';
import { phoneRoutes } from './phone-routes.js';
import { recoveryRoutes } from './recovery-routes.js';
import * as service from './service.js';

const userIdParamsSchema = z.object({ id: userIdParam(ACCOUNT_MESSAGES.badUserId) });

/** Shopper accounts under /api/users: register, OTP, login, refresh, logout, profile, language. */
export function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // JSON only: a text/plain body would skip the browser's CORS preflight and is never what we expect.
    app.removeContentTypeParser('text/plain');

    app.post(
      '/register',
      { ...access('public'), schema: { tags: ['accounts'], body: registerSchema, response: { 201: registerResponseSchema } } },
      async (request, reply) => {
        // The account keeps the page's language (the web app sends it as Accept-Language): its first
        // code mail, and every mail after, is written in it.
        const { userId, otpQueued } = await service.register(
          ctx,
          request.log,
          request.body,
          { ip: request.ip, device: undefined },
          apiLocale(request),
        );
        // The browser that registered is the owner's: its code requests and guesses have their own allowance.
        ctx.devices.remember(request, reply, deviceAccount.user(userId));
        // The original API's message stays as it is (the web app goes to the OTP screen on it);
        // otpQueued says the code is on its way.
        return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered, userId, ...(otpQueued ? { otpQueued } : {}) });
      },
    );

    app.post(
      '/send-otp',
      {
        ...access('public'),
        schema: { tags: ['accounts'], body: sendOtpSchema, response: { 200: messageSchema, 202: otpQueuedResponseSchema } },
      },
      async (request, reply) => {
        const { queued } = await sendOtp(ctx, request.log, request.body.userId, otpClientOf(ctx, request, request.body.userId));
        // 202: the mail server did not take the code at once; it waits in the outbox and goes out when it can.
        if (queued) return reply.status(202).send({ message: ACCOUNT_MESSAGES.otpQueued, queued: true });
        return { message: ACCOUNT_MESSAGES.otpSent };
      },
    );

    app.post(
      '/verify-otp',
      { ...access('public'), schema: { tags: ['accounts'], body: verifyOtpSchema, response: { 200: verifyOtpResponseSchema } } },
      async (request) => {
        const { userId, otp, startSession } = request.body;
        const token = await verifyOtp(ctx, userId, otp, otpClientOf(ctx, request, userId), {
          startSession: startSession === true,
        });
        return { message: ACCOUNT_MESSAGES.otpVerified, ...(token ? { token } : {}) };
      },
    );

    // POST /login, /refresh-token, /logout: the same three calls as the admin's (lib/session-routes.ts).
    await app.register(
      sessionRoutes(ctx, { kind: 'user', tag: 'accounts', loginSchema, loginResponseSchema, login: service.login }),
    );

    // Forgot and reset password; change password, email and phone (recovery-routes.ts).
    await app.register(recoveryRoutes(ctx));

    // Login by phone and code; proving the account's number (phone-routes.ts).
    await app.register(phoneRoutes(ctx));

    app.get(
      '/findUser/:id',
      {
        // The token is checked before the path is validated, so strangers learn nothing.
        ...access('shopper'),
        schema: { tags: ['accounts'], params: userIdParamsSchema, response: { 200: findUserResponseSchema } },
      },
      async (request) => {
        const userId = assertOwner(request, request.params.id);
        return { user: await service.getUser(ctx, userId) };
      },
    );

    // The shopper's language (the web's language switch): the token's own account, no id taken from the client.
    app.put(
      '/language',
      {
        ...access('shopper'),
        schema: { tags: ['accounts'], body: setLanguageSchema, response: { 200: setLanguageResponseSchema } },
      },
      async (request) => ({ user: await service.setLanguage(ctx, principalOf(request).id, request.body.language) }),
    );
  };
}
