import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, loginResponseSchema, messageSchema } from '../../../shared/accounts.js';
import { GUEST_CHECKOUT_MESSAGES, guestCodeSchema, guestCodeVerifySchema } from '../../../shared/guest-checkout.js';
import { userChangedResponseSchema } from '../../../shared/account-recovery.js';
import { loginCodeSchema, loginCodeVerifySchema, PHONE_CODE_MESSAGES, verifyPhoneSchema } from '../../../shared/phone-codes.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { deviceAccount } from '../../lib/device-cookie.js';
import { principalOf } from '../../lib/principal.js';
import { loginClient } from '../../lib/session-routes.js';
import { apiLocale } from '../../lib/locale.js';
import { requestGuestCode, verifyGuestCode } from './guest-checkout.js';
import { otpClientOf } from './otp.js';
import { requestLoginCode, sendPhoneCode, verifyLoginCode, verifyPhone } from './phone-codes.js';

/** Login by phone and code, and proving the account's number, under /api/users (shared/phone-codes.ts). */
export function phoneRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['accounts'];

  return async (app) => {
    app.post(
      '/login-code',
      { ...access('public'), schema: { tags, body: loginCodeSchema, response: { 200: messageSchema } } },
      async (request) => {
        await requestLoginCode(ctx, request.log, request.body.phoneNumber, loginClient(ctx, request));
        return { message: PHONE_CODE_MESSAGES.loginCodeSent };
      },
    );

    app.post(
      '/login-code/verify',
      { ...access('public'), schema: { tags, body: loginCodeVerifySchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        const { token, subjectId } = await verifyLoginCode(ctx, request.body, loginClient(ctx, request));
        // As a password login: this browser is the owner's from now on (ADR 0017).
        ctx.devices.remember(request, reply, deviceAccount.user(subjectId));
        return { message: ACCOUNT_MESSAGES.loggedIn, token };
      },
    );

    // A guest's checkout by phone (guest-checkout.ts): the same answer for every number.
    app.post(
      '/checkout-code',
      { ...access('public'), schema: { tags, body: guestCodeSchema, response: { 200: messageSchema } } },
      async (request) => {
        await requestGuestCode(ctx, request.log, request.body, loginClient(ctx, request), apiLocale(request));
        return { message: GUEST_CHECKOUT_MESSAGES.codeSent };
      },
    );

    app.post(
      '/checkout-code/verify',
      { ...access('public'), schema: { tags, body: guestCodeVerifySchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        const { token, subjectId } = await verifyGuestCode(ctx, request.body, loginClient(ctx, request));
        ctx.devices.remember(request, reply, deviceAccount.user(subjectId));
        return { message: ACCOUNT_MESSAGES.loggedIn, token };
      },
    );

    app.post('/phone-code', { ...access('shopper'), schema: { tags, response: { 200: messageSchema } } }, async (request) => {
      const { id } = principalOf(request);
      const masked = await sendPhoneCode(ctx, request.log, id, otpClientOf(ctx, request, id));
      return { message: PHONE_CODE_MESSAGES.phoneCodeSent(masked) };
    });

    app.post(
      '/verify-phone',
      { ...access('shopper'), schema: { tags, body: verifyPhoneSchema, response: { 200: userChangedResponseSchema } } },
      async (request) => {
        const { id } = principalOf(request);
        const user = await verifyPhone(ctx, id, request.body.otp, otpClientOf(ctx, request, id));
        return { message: PHONE_CODE_MESSAGES.phoneVerified, user };
      },
    );
  };
}
