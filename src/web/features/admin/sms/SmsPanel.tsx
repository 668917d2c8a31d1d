import { keepPreviousData, useQuery } from '@tanstack/react-query';
import MessageSquareOff from 'lucide-react/icons/message-square-off';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useState } from 'react';
import type { SmsLog, SmsLogEntry, SmsStatus } from '../../../../shared/sms';
import { Button } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { apiGet } from '../../../lib/api';
import { formatCount, formatDateTime } from '../../../lib/format';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { ListPager } from '../ui/ListPager';
import { SmsTestForm } from './SmsTestForm';

const STATUS: Record<SmsStatus, { label: MessageId; tone: string }> = {
  queued: { label: 'admin-sms.status.queued', tone: 'bg-slate-100 text-slate-700' },
  retrying: { label: 'admin-sms.status.retrying', tone: 'bg-amber-50 text-amber-800' },
  sent: { label: 'admin-sms.status.sent', tone: 'bg-emerald-50 text-emerald-700' },
  invalid: { label: 'admin-sms.status.invalid', tone: 'bg-red-50 text-red-700' },
  failed: { label: 'admin-sms.status.failed', tone: 'bg-red-50 text-red-700' },
};
const KINDS: Readonly<Record<string, MessageId>> = {
  code: 'admin-sms.kind.code',
  order: 'admin-sms.kind.order',
  test: 'admin-sms.kind.test',
};
const PROVIDERS: Record<SmsLog['provider'], MessageId> = {
  aakash: 'admin-sms.provider.aakash',
  sparrow: 'admin-sms.provider.sparrow',
  outbox: 'admin-sms.provider.outbox',
};

/** The admin's SMS tab: today's count against the daily limit, and every text (numbers masked, never the text). */
export function SmsPanel() {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['admin', 'sms', page],
    queryFn: ({ signal }) => apiGet<SmsLog>(`/api/admin/sms?page=${page}`, { auth: 'admin', signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const data = list.data;
  const kind = (text: SmsLogEntry) => (KINDS[text.kind] ? t(KINDS[text.kind]!) : text.kind);

  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t('admin-sms.loading')}
      </p>
    );
  } else if (!data) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-medium text-red-600">{t('admin-sms.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('admin-sms.tryAgain')}
        </Button>
      </div>
    );
  } else if (data.texts.length === 0) {
    body = <EmptyState icon={<MessageSquareOff className="size-7" aria-hidden="true" />} title={t('admin-sms.empty')} />;
  } else {
    body = (
      <div className={list.isPlaceholderData ? 'opacity-60' : undefined}>
        <ul className="space-y-3 md:hidden" aria-label={t('admin-sms.list')}>
          {data.texts.map((text) => (
            <li key={text.id} className="rounded-xl border border-slate-200 p-4">
              <div className="flex items-center justify-between gap-3">
                <span className="font-mono text-base text-slate-900">{text.phone}</span>
                <Status status={text.status} />
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {kind(text)} · {t('admin-sms.segmentsOf', { count: text.segments, segments: formatCount(text.segments, locale) })} ·{' '}
                {formatDateTime(text.createdAt, locale)}
              </p>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('admin-sms.list')}</caption>
            <thead className="border-b border-slate-200 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{t('admin-sms.number')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('admin-sms.kind')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('admin-sms.segments')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('admin-sms.status')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('admin-sms.queuedAt')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.texts.map((text) => (
                <tr key={text.id}>
                  <td className="px-3 py-2.5 font-mono text-slate-900">{text.phone}</td>
                  <td className="px-3 py-2.5 text-slate-700">{kind(text)}</td>
                  <td className="px-3 py-2.5 text-slate-700">
                    {formatCount(text.segments, locale)} {text.encoding === 'ucs2' ? t('admin-sms.unicode') : ''}
                  </td>
                  <td className="px-3 py-2.5">
                    <Status status={text.status} />
                  </td>
                  <td className="px-3 py-2.5 text-slate-700">{formatDateTime(text.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ListPager
          label={t('admin-sms.pages')}
          range={t('admin-sms.pageOf', { page: formatCount(data.page, locale), pages: formatCount(data.totalPages, locale) })}
          pageOf=""
          previous={t('admin-sms.previous')}
          next={t('admin-sms.next')}
          hasPrevious={page > 1}
          hasNext={page < data.totalPages}
          onPrevious={() => setPage(page - 1)}
          onNext={() => setPage(page + 1)}
        />
      </div>
    );
  }

  return (
    <Card title={t('admin.tabs.sms')}>
      <p className="mb-4 text-sm text-slate-600">{t('admin-sms.intro')}</p>
      {data && (
        <div className="mb-5 space-y-3">
          <p className="text-lg font-semibold text-slate-900" data-testid="sms-today">
            {t('admin-sms.today', { count: formatCount(data.today.count, locale), limit: formatCount(data.today.limit, locale) })}
          </p>
          <p className="text-sm text-slate-600">{t(PROVIDERS[data.provider])}</p>
          {data.today.capReached && (
            <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('admin-sms.capReached')}
            </p>
          )}
        </div>
      )}
      <SmsTestForm />
      {body}
    </Card>
  );
}

function Status({ status }: { status: SmsStatus }) {
  const t = useT();
  const { label, tone } = STATUS[status];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{t(label)}</span>;
}
