import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobStatus, JobSummary } from '../../../../shared/jobs';
import { apiGet, apiPost, errorMessage } from '../../../lib/api';
import { type MessageId, type Translate, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

export type { JobStatus, JobSummary };

/** Texts of the admin's Mail & jobs tab: their message ids. */
export const ADMIN_JOB_TEXTS = {
  loading: 'admin.jobs.loading',
  loadFailed: 'admin.jobs.loadFailed',
  emptyFailed: 'admin.jobs.emptyFailed',
  empty: 'admin.jobs.empty',
  retryFailed: 'admin.jobs.retryFailed',
} as const satisfies Record<string, MessageId>;

/** The filter's choices, in the order shown: what failed for good first. */
export const JOB_FILTERS: readonly { status: JobStatus; label: MessageId }[] = [
  { status: 'failed', label: 'admin.jobs.filter.failed' },
  { status: 'queued', label: 'admin.jobs.filter.queued' },
  { status: 'running', label: 'admin.jobs.filter.running' },
  { status: 'done', label: 'admin.jobs.filter.done' },
];

export const ADMIN_JOBS_LIMIT = 50;

/** Under ['admin']: ending the admin session removes them. */
export const adminJobKeys = {
  all: ['admin', 'jobs'] as const,
  list: (status: JobStatus) => ['admin', 'jobs', status] as const,
};

/** The kinds of job the shop knows (shared/jobs.ts JOB_KIND_LABELS); another shows as its name. */
const JOB_KIND_LABELS: Readonly<Record<string, MessageId>> = {
  mail: 'admin.jobs.kind.mail',
  sms: 'admin.jobs.kind.sms',
  'sms-code': 'admin.jobs.kind.smsCode',
  'sms-later': 'admin.jobs.kind.smsLater',
};

export const jobKindLabel = (kind: string, t: Translate): string => {
  const label = JOB_KIND_LABELS[kind];
  return label ? t(label) : kind;
};

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
  const t = useT();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) =>
      apiPost<{ message: string; job: JobSummary }>(`/api/admin/jobs/${id}/retry`, undefined, { auth: 'admin' }),
    onSuccess: (reply) => toast.success(reply.message),
    onError: (error) => toast.error(errorMessage(error, t(ADMIN_JOB_TEXTS.retryFailed))),
    onSettled: () => client.invalidateQueries({ queryKey: adminJobKeys.all }),
  });
  return { retry: mutation.mutate, pendingId: mutation.isPending ? mutation.variables : undefined };
}
