import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { LATEST_MIGRATION } from '../../db/migrate.js';
import { access } from '../../lib/access.js';

const checkSchema = z.enum(['ok', 'unreachable', 'not migrated']);
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: checkSchema, storage: checkSchema }),
});

/**
 * For load balancers and process managers:
 * - GET /api/health: the process is alive and answering (no dependency is asked);
 * - GET /api/ready: it can serve shoppers: the database answers and has every migration, and the
 *   image storage is reachable. 503 with Retry-After otherwise, so the balancer sends no traffic.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', access('public'), async (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { status: 'ok' };
    });

    app.get(
      '/ready',
      { ...access('public'), schema: { response: { 200: readySchema, 503: readySchema } } },
      async (_request, reply) => {
        const checks = { database: await databaseCheck(ctx), storage: await storageCheck(ctx) };
        void reply.header('Cache-Control', 'no-store');
        if (checks.database === 'ok' && checks.storage === 'ok') return { status: 'ready' as const, checks };
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send({ status: 'unavailable' as const, checks });
      },
    );
  };
}

async function databaseCheck(ctx: AppContext): Promise<z.infer<typeof checkSchema>> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration where name = ${LATEST_MIGRATION}`.execute(
      ctx.db,
    );
    return rows.length === 1 ? 'ok' : 'not migrated';
  } catch {
    return 'unreachable';
  }
}

async function storageCheck(ctx: AppContext): Promise<z.infer<typeof checkSchema>> {
  try {
    await ctx.storage.check();
    return 'ok';
  } catch {
    return 'unreachable';
  }
}
