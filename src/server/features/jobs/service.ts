import { JOB_MESSAGES, type JobStatus, type JobSummary } from '../../../shared/jobs.js';
import type { AppContext } from '../../context.js';
import * as q from '../../jobs/queries.js';
import { conflict, notFound } from '../../lib/errors.js';

/** The admin's view of the durable queue: what failed for good, and a retry. */
export async function listJobs(
  ctx: AppContext,
  status: JobStatus,
  limit: number,
): Promise<{ jobs: JobSummary[]; total: number }> {
  const [rows, total] = await Promise.all([q.jobsByStatus(ctx.db, status, limit), q.countByStatus(ctx.db, status)]);
  return { jobs: rows.map(toSummary), total };
}

/** Puts a job that failed for good back in the queue with a fresh set of attempts. */
export async function retryJob(ctx: AppContext, id: number): Promise<JobSummary> {
  const requeued = await q.requeueFailed(ctx.db, id, ctx.clock.now().toISOString());
  const row = await q.jobById(ctx.db, id);
  if (!row) throw notFound(JOB_MESSAGES.notFound);
  if (!requeued) throw conflict(JOB_MESSAGES.notFailed);
  ctx.jobs.wake();
  return toSummary(row);
}

function toSummary(row: q.JobRow): JobSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    summary: row.summary,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    runAt: row.run_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
