import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accounts.js';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from './errors.js';
import type { Principal } from './sessions.js';
import type { SessionKind } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * preHandler that requires a live token of the given kind. A token of the other kind
 * (shopper vs admin) fails the audience check and is a 401, like no token at all.
 */
export function requireSession(ctx: AppContext, kind: SessionKind) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
    request.principal = await ctx.sessions.authenticate(kind, token);
  };
}

/** The authenticated principal of a route guarded by requireSession. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
  return request.principal;
}

/** Ownership check for user-scoped routes: the id in the path or body must be the token's user. */
export function assertSelf(request: FastifyRequest, userId: number): void {
  if (principalOf(request).id !== userId) throw forbidden(ACCOUNT_MESSAGES.ownAccountOnly);
}
