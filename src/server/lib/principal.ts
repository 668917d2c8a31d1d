import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accounts.js';
import { forbidden, unauthorized } from './errors.js';
import type { Principal } from './sessions.js';

/** Who is asking: the bearer token, and the principal the access guard found for it (lib/access.ts). */

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

/** The authenticated principal of a route declared for a shopper or an admin. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
  return request.principal;
}

/**
 * The one ownership check: the user id a client names (in the path or body) must be the token's
 * user. Returns the token's id, which is what services get: never the client's number.
 * The message is the feature's own 403 text ("…your own cart", "…your own orders").
 */
export function assertOwner(request: FastifyRequest, userId: number, message: string = ACCOUNT_MESSAGES.ownAccountOnly): number {
  const { id } = principalOf(request);
  if (id !== userId) throw forbidden(message);
  return id;
}
