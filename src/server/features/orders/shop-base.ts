import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

/**
 * The shop's own origin, for the addresses a gateway sends the shopper back to: PUBLIC_URL when
 * set (production), else the address this request came to (development, tests).
 */
export function shopBase(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
