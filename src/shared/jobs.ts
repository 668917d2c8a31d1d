import { z } from 'zod';

/**
 * The durable queue as the admin panel sees it (ADR 0014): mail and background jobs that failed
 * for good, with their last error, and a retry. Under /api/admin/jobs, admin token required.
 *
 *   GET  /api/admin/jobs?status=failed|queued|running|done   → { jobs: JobSummary[], total }
 *   POST /api/admin/jobs/:id/retry                           → { message, job }   (a failed job only)
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_KIND_LABELS: Record<string, string> = {
  mail: 'Email',
  sms: 'SMS',
  'sms-code': 'SMS code',
  'sms-later': 'Order SMS',
};

export const jobSummarySchema = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** What the job is about, without secrets: for a mail its recipient and subject. */
  summary: z.string(),
  attempts: z.number(),
  maxAttempts: z.number(),
  /** The last failure's message, with secrets and codes masked; null when none. */
  lastError: z.string().nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobListQuerySchema = z.object({
  status: z.enum(JOB_STATUSES, { error: `status must be one of ${JOB_STATUSES.join(', ')}` }).default('failed'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const jobListResponseSchema = z.object({ jobs: z.array(jobSummarySchema), total: z.number() });
export const jobRetryResponseSchema = z.object({ message: z.string(), job: jobSummarySchema });

export const JOB_MESSAGES = {
  retried: 'The job will run again shortly',
  notFound: 'Job not found',
  notFailed: 'Only a job that failed for good can be retried',
  badJobId: 'Job id must be a positive whole number',
} as const;
