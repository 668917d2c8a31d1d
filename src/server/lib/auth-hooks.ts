import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accounts.js';
import type { AppContext } from '../context.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import type { Principal } from './sessions.js';

/**
 * Route guards. Each is an `onRequest` hook: the token is checked before the body is read,
 * parsed or validated, so a stranger learns nothing about a route's fields and cannot make the
 * server read an upload it will refuse. Use them as `{ onRequest: requireAdmin(ctx) }`.
 */

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * A live shopper token. An admin token fails the audience check and is a 401, like no token:
 * shopper routes act for the token's own user, and an admin is no shopper.
 */
export function requireShopper(ctx: AppContext): Guard {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
    request.principal = await ctx.sessions.authenticate('user', token);
  };
}

/**
 * The one admin guard, for every admin route. No token, or a bad, expired or ended one, is 401
 * (log in again); a live SHOPPER token is 403: the caller is known and simply not allowed.
 */
export function requireAdmin(ctx: AppContext): Guard {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
    try {
      request.principal = await ctx.sessions.authenticate('admin', token);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401 && (await isLiveShopperToken(ctx, token))) {
        throw forbidden(ACCOUNT_MESSAGES.adminOnly);
      }
      throw error;
    }
  };
}

/** Only asked after the admin check failed, so an admin's request never pays for it. */
async function isLiveShopperToken(ctx: AppContext, token: string): Promise<boolean> {
  try {
    await ctx.sessions.authenticate('user', token);
    return true;
  } catch {
    return false;
  }
}

/** The authenticated principal of a route guarded by requireShopper or requireAdmin. */
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
