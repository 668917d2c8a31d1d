import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, unauthorized } from '../../lib/errors.js';
import { bearerToken } from '../../lib/auth-hooks.js';

/**
 * preHandler for the catalogue's admin writes (issue 3): no token or an invalid, expired or
 * ended token is 401 (as requireSession(ctx, 'admin') answers), but a valid SHOPPER token is
 * 403 — the caller is known and simply not allowed to manage the catalogue.
 * (Issue 2's admin-account routes keep requireSession's plain 401 for shopper tokens.)
 */
export function requireAdmin(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    try {
      request.principal = await ctx.sessions.authenticate('admin', token);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401 && (await isLiveShopperToken(ctx, token))) {
        throw forbidden('Only an admin can change the catalogue');
      }
      throw error;
    }
  };
}

async function isLiveShopperToken(ctx: AppContext, token: string): Promise<boolean> {
  try {
    await ctx.sessions.authenticate('user', token);
    return true;
  } catch {
    return false;
  }
}
