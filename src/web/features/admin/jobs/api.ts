import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_KIND_LABELS, type JobStatus, type JobSummary } from '../../../../shared/jobs';
import { apiGet, apiPost, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export type { JobStatus, JobSummary };

/** Texts of the admin's Mail & jobs tab (issue 15). */
export const ADMIN_JOB_TEXTS = {
  loading: 'Loading jobs…',
  loadFailed: 'The jobs could not be loaded. Please try again.',
  emptyFailed: 'Nothing has failed. Every mail and job went through.',
  empty: 'No jobs here.',
  retryFailed: 'The job could not be retried. Please try again.',
} as const;

/** The filter's choices, in the order shown: what failed for good first. */
export const JOB_FILTERS: readonly { status: JobStatus; label: string }[] = [
  { status: 'failed', label: 'Failed' },
  { status: 'queued', label: 'Waiting' },
  { status: 'running', label: 'Running' },
  { status: 'done', label: 'Sent' },
];

export const ADMIN_JOBS_LIMIT = 50;

/** Under ['admin']: ending the admin session removes them. */
export const adminJobKeys = {
  all: ['admin', 'jobs'] as const,
  list: (status: JobStatus) => ['admin', 'jobs', status] as const,
};

export const jobKindLabel = (kind: string): string => JOB_KIND_LABELS[kind] ?? kind;

/** GET /api/admin/jobs?status=&limit= → the newest jobs of one status and how many there are. */
export function useAdminJobs(status: JobStatus) {
  return useQuery({
    queryKey: adminJobKeys.list(status),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ status, limit: String(ADMIN_JOBS_LIMIT) });
      return apiGet<{ jobs: JobSummary[]; total: number }>(`/api/admin/jobs?${search.toString()}`, { auth: 'admin', signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    // Waiting and running jobs move on by themselves within seconds; a failure for good is rarer.
    refetchInterval: status === 'failed' ? 30_000 : 3_000,
  });
}

/** POST /api/admin/jobs/:id/retry: a failed job back in the queue; every list is fetched again after. */
export function useRetryJob() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) =>
      apiPost<{ message: string; job: JobSummary }>(`/api/admin/jobs/${id}/retry`, undefined, { auth: 'admin' }),
    onSuccess: (reply) => toast.success(reply.message),
    onError: (error) => toast.error(errorMessage(error, ADMIN_JOB_TEXTS.retryFailed)),
    onSettled: () => client.invalidateQueries({ queryKey: adminJobKeys.all }),
  });
  return { retry: mutation.mutate, pendingId: mutation.isPending ? mutation.variables : undefined };
}
