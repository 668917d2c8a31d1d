import MailCheck from 'lucide-react/icons/mail-check';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatCount, formatDateTime } from '../../../lib/format';
import { type MessageId, type Translate, useLocale, useT } from '../../../lib/i18n';
import type { Locale } from '../../../../shared/locale';
import { ADMIN_JOB_TEXTS, JOB_FILTERS, type JobStatus, type JobSummary, jobKindLabel, useAdminJobs, useRetryJob } from './api';

/**
 * The admin's Mail & jobs tab (ADR 0014): the mail and background work that failed for good, with
 * the last error (masked by the server) and a Retry; the other statuses behind a filter.
 */
export function JobsPanel() {
  const t = useT();
  const locale = useLocale();
  const [status, setStatus] = useState<JobStatus>('failed');
  const list = useAdminJobs(status);
  const { retry, pendingId } = useRetryJob();
  const data = list.data;
  const jobs = data?.jobs ?? [];

  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t(ADMIN_JOB_TEXTS.loading)}
      </p>
    );
  } else if (list.isError && !data) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-medium text-red-600">{t(ADMIN_JOB_TEXTS.loadFailed)}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('admin.jobs.tryAgain')}
        </Button>
      </div>
    );
  } else if (jobs.length === 0) {
    body = (
      <EmptyState
        icon={<MailCheck className="size-7" aria-hidden="true" />}
        title={status === 'failed' ? t(ADMIN_JOB_TEXTS.emptyFailed) : t(ADMIN_JOB_TEXTS.empty)}
      />
    );
  } else {
    const action = (job: JobSummary, wide = false) =>
      job.status === 'failed' && (
        <Button
          variant="outline"
          size="sm"
          loading={pendingId === job.id}
          disabled={pendingId !== undefined}
          onClick={() => retry(job.id)}
          aria-label={t('admin.jobs.retryLabel', { kind: jobKindLabel(job.kind, t).toLowerCase(), summary: job.summary })}
          className={wide ? 'w-full' : ''}
        >
          {pendingId !== job.id && <RotateCcw className="size-4" aria-hidden="true" />}
          {t('admin.jobs.retry')}
        </Button>
      );
    body = (
      <div className={list.isPlaceholderData ? 'opacity-60' : undefined}>
        {/* Phones: one card per job. */}
        <ul className="space-y-3 md:hidden" aria-label={t('admin.jobs.list')}>
          {jobs.map((job) => (
            <li key={job.id} className="rounded-xl border border-slate-200 p-4" data-testid="admin-job-card">
              <What job={job} />
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                <dt className="text-slate-500">{t('admin.jobs.attempts')}</dt>
                <dd className="text-slate-900">{attemptsText(job, t, locale)}</dd>
                <dt className="text-slate-500">{t('admin.jobs.lastChange')}</dt>
                <dd className="text-slate-900">{formatDateTime(job.updatedAt, locale)}</dd>
                <dt className="text-slate-500">{t('admin.jobs.lastError')}</dt>
                <dd className="min-w-0">
                  <LastError job={job} />
                </dd>
              </dl>
              {job.status === 'failed' && <div className="mt-3">{action(job, true)}</div>}
            </li>
          ))}
        </ul>

        {/* Wider screens: a table. */}
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">{t(CAPTIONS[status])}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {t('admin.jobs.what')}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  {t('admin.jobs.attempts')}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {t('admin.jobs.lastError')}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  {t('admin.jobs.lastChange')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  <span className="sr-only">{t('admin.jobs.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {jobs.map((job) => (
                <tr key={job.id} className="align-top">
                  <td className="min-w-40 px-3 py-3">
                    <What job={job} />
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap text-slate-700">{attemptsText(job, t, locale)}</td>
                  <td className="min-w-40 px-3 py-3">
                    <LastError job={job} />
                  </td>
                  <td className="min-w-24 px-3 py-3 text-slate-700">{formatDateTime(job.updatedAt, locale)}</td>
                  <td className="px-3 py-3 text-right whitespace-nowrap">{action(job)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    );
  }

  return (
    <Card
      title={t('admin.tabs.jobs')}
      actions={
        <Button variant="ghost" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching && !list.isPending ? (
            <Spinner className="size-4 text-amber-500" />
          ) : (
            <RefreshCw className="size-4" aria-hidden="true" />
          )}
          {t('admin.jobs.refresh')}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">{t('admin.jobs.intro')}</p>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t('admin.jobs.show')}
          className="grid w-full grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1 sm:w-auto"
        >
          {JOB_FILTERS.map((filter) => (
            <button
              key={filter.status}
              type="button"
              aria-pressed={filter.status === status}
              onClick={() => setStatus(filter.status)}
              className={`h-9 rounded-md px-3 text-sm font-medium transition-colors ${
                filter.status === status ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {t(filter.label)}
            </button>
          ))}
        </div>
        {data && !list.isPlaceholderData && data.total > 0 && (
          <p className="text-sm text-slate-500" aria-live="polite">
            {countText(data.total, jobs.length, t, locale)}
          </p>
        )}
      </div>
      {body}
    </Card>
  );
}

function What({ job }: { job: JobSummary }) {
  const t = useT();
  return (
    <>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{jobKindLabel(job.kind, t)}</p>
      <p className="font-medium wrap-anywhere text-slate-900">{job.summary}</p>
    </>
  );
}

function LastError({ job }: { job: JobSummary }) {
  const t = useT();
  if (!job.lastError) return <span className="text-slate-500">{t('admin.jobs.noError')}</span>;
  return <p className="font-mono text-xs wrap-anywhere text-red-700">{job.lastError}</p>;
}

/** The table's caption: the jobs of the filter shown. */
const CAPTIONS = {
  failed: 'admin.jobs.caption.failed',
  queued: 'admin.jobs.caption.queued',
  running: 'admin.jobs.caption.running',
  done: 'admin.jobs.caption.done',
} as const satisfies Record<JobStatus, MessageId>;

const attemptsText = (job: JobSummary, t: Translate, locale: Locale) =>
  t('admin.jobs.attemptsOf', { attempts: formatCount(job.attempts, locale), max: formatCount(job.maxAttempts, locale) });

function countText(total: number, shown: number, t: Translate, locale: Locale): string {
  const jobs = t('admin.jobs.count', { count: total, total: formatCount(total, locale) });
  return shown < total ? t('admin.jobs.newest', { shown: formatCount(shown, locale), jobs }) : jobs;
}
