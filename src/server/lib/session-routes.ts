import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  logoutBodySchema,
  messageSchema,
  refreshResponseSchema,
  tokenBodySchema,
} from '../../shared/accounts.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { access } from './access.js';
import { bearerToken } from './principal.js';
import { deviceAccount } from './device-cookie.js';
import { unauthorized } from './errors.js';
import { acceptEmptyJsonBody } from './json-body.js';
import type { SessionKind } from './tokens.js';

export interface SessionRoutesOptions<Login extends z.ZodType> {
  /** Whose sessions: the token audience and the sessions' kind. */
  kind: SessionKind;
  /** The OpenAPI tag of the three routes. */
  tag: string;
  loginSchema: Login;
  loginResponseSchema: z.ZodType<{ message: string; token: string }>;
  /** Checks the credentials (throttled) and starts a session; answers its access token and whose it is. */
  login: (ctx: AppContext, body: z.output<Login>, client: LoginClient) => Promise<{ token: string; subjectId: number }>;
}

/** Who is asking: the source address, and the browser's device cookie for an account (lib/device-cookie.ts). */
export interface LoginClient {
  ip: string;
  device(account: string): string | undefined;
}

export function loginClient(ctx: AppContext, request: FastifyRequest): LoginClient {
  return { ip: request.ip, device: (account) => ctx.devices.read(request, account) };
}

/**
 * POST /login, /refresh-token and /logout of one kind of account. Shoppers
 * (/api/users) and admins (/api/admin) answer these the same way, letter for letter; only the
 * credentials and the token audience differ, so both register this one plugin.
 */
export function sessionRoutes<Login extends z.ZodType>(
  ctx: AppContext,
  { kind, tag, loginSchema, loginResponseSchema, login }: SessionRoutesOptions<Login>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      { ...access('public'), schema: { tags: [tag], body: loginSchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        // The schema validated the body; the type provider cannot resolve a generic schema's type.
        const { token, subjectId } = await login(ctx, request.body as z.output<Login>, loginClient(ctx, request));
        // This browser has proved itself for the account: its own allowance from now on.
        ctx.devices.remember(request, reply, deviceAccount[kind](subjectId));
        return { message: ACCOUNT_MESSAGES.loggedIn, token };
      },
    );

    app.post(
      '/refresh-token',
      { ...access('public'), schema: { tags: [tag], body: tokenBodySchema, response: { 200: refreshResponseSchema } } },
      async (request) => ({ newToken: await ctx.sessions.refresh(kind, request.body.token) }),
    );

    // Logout's body is optional; a client may send the JSON content type with no body at all.
    await app.register(async (plain) => {
      acceptEmptyJsonBody(plain);
      plain
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/logout',
          { ...access('public'), schema: { tags: [tag], body: logoutBodySchema, response: { 200: messageSchema } } },
          async (request) => {
            const token = bearerToken(request) ?? request.body?.token;
            if (!token) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
            await ctx.sessions.revoke(kind, token);
            return { message: ACCOUNT_MESSAGES.loggedOut };
          },
        );
    });
  };
}
