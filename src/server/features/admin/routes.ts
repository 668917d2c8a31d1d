import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export function adminRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
