import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOB_MESSAGES, jobListQuerySchema, jobListResponseSchema, jobRetryResponseSchema } from '../../../shared/jobs.js';
import { idParam } from '../../../shared/path-params.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { listJobs, retryJob } from './service.js';

const jobParams = z.object({ id: idParam(JOB_MESSAGES.badJobId) });

/**
 * The durable queue in the admin panel, under /api/admin/jobs (src/shared/jobs.ts):
 *   GET  /?status=failed&limit=50   → {jobs, total}
 *   POST /:id/retry                 → {message, job}
 */
export function jobsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    const admin = access({ admin: 'jobs' });

    app.get(
      '/',
      { ...admin, schema: { tags: ['admin'], querystring: jobListQuerySchema, response: { 200: jobListResponseSchema } } },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return listJobs(ctx, request.query.status, request.query.limit);
      },
    );

    app.post(
      '/:id/retry',
      { ...admin, schema: { tags: ['admin'], params: jobParams, response: { 200: jobRetryResponseSchema } } },
      async (request) => ({ message: JOB_MESSAGES.retried, job: await retryJob(ctx, request.params.id) }),
    );
  };
}
