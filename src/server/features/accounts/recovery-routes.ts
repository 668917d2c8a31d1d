import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  changePhoneSchema,
  confirmEmailSchema,
  forgotPasswordSchema,
  RECOVERY_MESSAGES,
  resetPasswordSchema,
  userChangedResponseSchema,
} from '../../../shared/account-recovery.js';
import { messageSchema } from '../../../shared/accounts.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { principalOf } from '../../lib/principal.js';
import { loginClient } from '../../lib/session-routes.js';
import { otpClientOf } from './otp.js';
import * as recovery from './recovery.js';

/** A way back in, under /api/users (the contract is in shared/account-recovery.ts). */
export function recoveryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['accounts'];

  return async (app) => {
    app.post(
      '/forgot-password',
      { ...access('public'), schema: { tags, body: forgotPasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await recovery.forgotPassword(ctx, request.log, request.body, loginClient(ctx, request));
        return { message: RECOVERY_MESSAGES.resetCodeSent };
      },
    );

    app.post(
      '/reset-password',
      { ...access('public'), schema: { tags, body: resetPasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await recovery.resetPassword(ctx, request.log, request.body, loginClient(ctx, request));
        return { message: RECOVERY_MESSAGES.passwordReset };
      },
    );

    // The rest act on the token's own account: no user id is taken from the client. The token is
    // checked before the body is read.
    const shopperOnly = access('shopper');

    app.post(
      '/change-password',
      { ...shopperOnly, schema: { tags, body: changePasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        const principal = principalOf(request);
        await recovery.changePassword(ctx, principal, request.body, otpClientOf(ctx, request, principal.id));
        return { message: RECOVERY_MESSAGES.passwordChanged };
      },
    );

    app.post(
      '/change-email',
      { ...shopperOnly, schema: { tags, body: changeEmailSchema, response: { 200: messageSchema, 202: messageSchema } } },
      async (request, reply) => {
        const { id } = principalOf(request);
        const { queued } = await recovery.changeEmail(ctx, request.log, id, request.body, otpClientOf(ctx, request, id));
        if (queued) return reply.status(202).send({ message: RECOVERY_MESSAGES.emailCodeQueued(request.body.email) });
        return { message: RECOVERY_MESSAGES.emailCodeSent(request.body.email) };
      },
    );

    app.post(
      '/confirm-email',
      { ...shopperOnly, schema: { tags, body: confirmEmailSchema, response: { 200: userChangedResponseSchema } } },
      async (request) => {
        const { id } = principalOf(request);
        const user = await recovery.confirmEmail(ctx, request.log, id, request.body.otp, otpClientOf(ctx, request, id));
        return { message: RECOVERY_MESSAGES.emailChanged, user };
      },
    );

    app.post(
      '/change-phone',
      { ...shopperOnly, schema: { tags, body: changePhoneSchema, response: { 200: userChangedResponseSchema } } },
      async (request) => {
        const { id } = principalOf(request);
        const user = await recovery.changePhone(ctx, id, request.body, otpClientOf(ctx, request, id));
        return { message: RECOVERY_MESSAGES.phoneChanged, user };
      },
    );
  };
}
