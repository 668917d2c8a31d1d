import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accounts.js';
import { type AdminPermission, roleHas, STAFF_MESSAGES } from '../../shared/staff-roles.js';
import { adminStanding } from './admin-standing.js';
import type { AppContext } from '../context.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { bearerToken } from './principal.js';

/**
 * Who may call a route, declared in its options (ADR 0030):
 *   { ...access('public'), schema }                    anyone; no token is looked at
 *   { ...access('shopper'), schema }                   a live shopper token; the route acts for its user
 *   { ...access('admin'), schema }                     any live admin token (the admin's own session)
 *   { ...access({ admin: 'orders.write' }), schema }   an admin who holds that permission
 * The one guard checks it in `onRequest`, before the body is read, parsed or validated, so a
 * stranger learns nothing about a route's fields and cannot make the server read an upload it
 * will refuse. The server does not start while an `/api` route declares nothing.
 */
export type Access = 'public' | 'shopper' | 'admin' | { admin: AdminPermission };

/**
 * What an admin route asks of its admin: one name of src/shared/staff-roles.ts, where each role's
 * set of names is kept (the one table of who may do what).
 */
export type { AdminPermission };

/** One route's declared access, as the access table lists it. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route that declared its access, in the order they were added (the access test walks it). */
    routeAccess: readonly RouteAccess[];
  }
}

/** Route options declaring who may call the route; spread them into the options. */
export function access(declared: Access): { config: { access: Access } } {
  return { config: { access: declared } };
}

export interface InstallAccessOptions {
  /**
   * URL prefixes whose routes come from a library that takes no route options (the API map):
   * they are public, and listed so in the access table.
   */
  publicUnder?: string[];
}

/**
 * Makes the declared access the law of the app: every route added after this that declares a
 * token gets the one guard as its first own `onRequest` hook, the table lists each declaration,
 * and an `/api` route that declares none stops the server at start, naming the route.
 */
export function installAccess(app: FastifyInstance, ctx: AppContext, options: InstallAccessOptions = {}): void {
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);
  const shopper = shopperGuard(ctx);

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const declared =
      route.config?.access ?? (options.publicUnder?.some((prefix) => isUnder(route.url, prefix)) ? 'public' : undefined);
    if (declared === undefined) {
      if (isUnder(route.url, '/api')) {
        throw new Error(
          `Route ${methods.join(',')} ${route.url} declares no access. Every /api route says who may call it in its options: ` +
            `{ ...access('public' | 'shopper' | 'admin' | { admin: permission }) } (src/server/lib/access.ts).`,
        );
      }
      return;
    }
    route.config = { ...route.config, access: declared };
    for (const method of methods) table.push({ method, url: route.url, access: declared });
    if (declared !== 'public')
      route.onRequest = [
        declared === 'shopper' ? shopper : adminGuard(ctx, declared === 'admin' ? undefined : declared.admin),
        ...hooksOf(route),
      ];
  });
}

function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`);
}

function hooksOf(route: RouteOptions): onRequestAsyncHookHandler[] {
  const own = route.onRequest;
  if (!own) return [];
  return (Array.isArray(own) ? own : [own]) as onRequestAsyncHookHandler[];
}

/**
 * A live shopper token. An admin token fails the audience check and is a 401, like no token:
 * shopper routes act for the token's own user, and an admin is no shopper.
 */
function shopperGuard(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
    request.principal = await ctx.sessions.authenticate('user', token);
  };
}

/**
 * A live admin token of an admin who is still on the staff, and, when the route names a
 * permission, whose role holds it. None, or a bad, expired or ended one, is 401 (log in again); a
 * live SHOPPER token is 403: the caller is known and simply not allowed. An admin whose role lacks
 * the permission is 403, as is one who must first change a one-time password or set up two-factor
 * sign-in (the routes that do those ask for no permission). All before the body is read.
 */
function adminGuard(ctx: AppContext, permission: AdminPermission | undefined): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
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
    // Every request, no cache: a changed role or a removal holds from the next call.
    const standing = await adminStanding(ctx.db, request.principal.id);
    if (!standing) throw unauthorized(ACCOUNT_MESSAGES.sessionEnded);
    request.principal.role = standing.role;
    if (permission === undefined) return;
    if (standing.setupPending) throw forbidden(STAFF_MESSAGES.finishSignInSetup);
    if (!roleHas(standing.role, permission)) throw forbidden(STAFF_MESSAGES.notPermitted);
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
