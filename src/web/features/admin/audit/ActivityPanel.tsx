import History from 'lucide-react/icons/history';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { localDigits } from '../../../../shared/locale';
import { ListPager } from '../ui/ListPager';
import { Button } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { ActivityFilters } from './ActivityFilters';
import { AuditEntryList } from './AuditEntryList';
import { useActivity } from './use-activity';

/**
 * The admin's Activity tab (ADR 0023): every admin write, newest first, with who made it, when and
 * what changed; filtered by kind of thing, one thing's id, admin and days, paged by the server.
 */
export function ActivityPanel() {
  const t = useT();
  const locale = useLocale();
  const activity = useActivity();
  const { list, data, entries, pages, rangeInvalid, filtering } = activity;

  let body;
  if (rangeInvalid) {
    body = (
      <p role="alert" className="py-8 text-center text-sm font-medium text-red-600">
        {t('admin.activity.rangeInvalid')}
      </p>
    );
  } else if (list.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
        <Spinner className="size-5 text-amber-500" />
        {t('admin.activity.loading')}
      </p>
    );
  } else if (list.isError && !data) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-medium text-red-600">{t('admin.activity.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('admin.activity.tryAgain')}
        </Button>
      </div>
    );
  } else if (entries.length === 0) {
    body = (
      <EmptyState
        icon={<History className="size-7" aria-hidden="true" />}
        title={filtering ? t('admin.activity.noMatch') : t('admin.activity.empty')}
      />
    );
  } else {
    body = (
      <div className={list.isPlaceholderData ? 'opacity-60' : undefined}>
        <AuditEntryList entries={entries} label={t('admin.activity.list')} />
      </div>
    );
  }

  return (
    <Card
      title={t('admin.activity.title')}
      actions={
        <Button variant="ghost" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching && !list.isPending ? (
            <Spinner className="size-4 text-amber-500" />
          ) : (
            <RefreshCw className="size-4" aria-hidden="true" />
          )}
          {t('admin.activity.refresh')}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">{t('admin.activity.intro')}</p>
      <ActivityFilters activity={activity} />

      {body}

      {data && data.total > 0 && !rangeInvalid && (
        <ListPager
          label={t('admin.activity.pages')}
          range={t('admin.activity.range', {
            first: localDigits(String(pages.first), locale),
            last: localDigits(String(pages.last), locale),
            total: formatCount(data.total, locale),
          })}
          pageOf={t('admin.activity.page', {
            page: localDigits(String(data.page), locale),
            pages: localDigits(String(pages.totalPages), locale),
          })}
          previous={t('admin.activity.previous')}
          next={t('admin.activity.next')}
          hasPrevious={pages.page > 1}
          hasNext={pages.page < pages.totalPages}
          onPrevious={pages.previous}
          onNext={pages.next}
        />
      )}
    </Card>
  );
}
