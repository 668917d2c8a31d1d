import History from 'lucide-react/icons/history';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useEffect, useId, useState } from 'react';
import { AUDIT_ENTITY_TYPES } from '../../../../shared/audit';
import { localDigits } from '../../../../shared/locale';
import { ListPager } from '../ui/ListPager';
import { Button } from '../../../components/ui/Button';
import { Card, EmptyState } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { inputClasses } from '../../../components/ui/TextField';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type AuditEntityType, type AuditFilters, NO_AUDIT_FILTERS, useAuditAdmins, useAuditPage } from './api';
import { AuditEntryList } from './AuditEntryList';
import { KIND_LABELS } from './labels';

const TYPING_DELAY_MS = 350;

/**
 * The admin's Activity tab (ADR 0023): every admin write, newest first, with who made it, when and
 * what changed; filtered by kind of thing, one thing's id, admin and days, paged by the server.
 */
export function ActivityPanel() {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  // The id is typed: asked for once the typing stops.
  const [typedId, setTypedId] = useState('');
  useEffect(() => {
    if (typedId === filters.entityId) return;
    const timer = window.setTimeout(() => {
      setFilters((current) => ({ ...current, entityId: typedId }));
      setPage(1);
    }, TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typedId, filters.entityId]);

  const rangeInvalid = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const list = useAuditPage(filters, page, undefined, !rangeInvalid);
  const admins = useAuditAdmins();
  const data = list.data;
  const entries = data?.entries ?? [];
  const filtering = Object.values(filters).some((value) => value !== '') || typedId !== '';

  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };

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

  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, first + entries.length - 1) : 0;
  const label = 'mb-1.5 block text-sm font-medium text-slate-700';

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
      <form
        aria-label={t('admin.activity.filters')}
        onSubmit={(event) => event.preventDefault()}
        className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
      >
        <div>
          <label htmlFor={`${ids}-kind`} className={label}>
            {t('admin.activity.kind')}
          </label>
          <select
            id={`${ids}-kind`}
            value={filters.entityType}
            onChange={(event) => set('entityType', event.target.value as AuditEntityType | '')}
            className={`${inputClasses} border-control`}
          >
            <option value="">{t('admin.activity.kind.all')}</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(KIND_LABELS[type])}
              </option>
            ))}
          </select>
        </div>
        <div className="max-lg:col-span-2 max-lg:row-start-2">
          <label htmlFor={`${ids}-id`} className={label}>
            {t('admin.activity.entityId')}
          </label>
          <input
            id={`${ids}-id`}
            type="search"
            value={typedId}
            onChange={(event) => setTypedId(event.target.value)}
            placeholder={t('admin.activity.entityIdPlaceholder')}
            maxLength={100}
            autoComplete="off"
            className={`${inputClasses} border-control`}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-admin`} className={label}>
            {t('admin.activity.admin')}
          </label>
          <select
            id={`${ids}-admin`}
            value={filters.adminId}
            onChange={(event) => set('adminId', event.target.value)}
            className={`${inputClasses} border-control`}
          >
            <option value="">{t('admin.activity.allAdmins')}</option>
            {(admins.data?.admins ?? []).map((admin) => (
              <option key={admin.id} value={String(admin.id)}>
                {admin.username}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-from`} className={label}>
            {t('admin.activity.from')}
          </label>
          <input
            id={`${ids}-from`}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => set('from', event.target.value)}
            className={`${inputClasses} ${rangeInvalid ? 'border-red-500' : 'border-control'}`}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-to`} className={label}>
            {t('admin.activity.to')}
          </label>
          <input
            id={`${ids}-to`}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => set('to', event.target.value)}
            className={`${inputClasses} ${rangeInvalid ? 'border-red-500' : 'border-control'}`}
          />
        </div>
        {filtering && (
          <div className="flex items-end max-lg:col-span-2">
            <Button
              variant="ghost"
              className="w-full"
              onClick={() => {
                setTypedId('');
                setFilters(NO_AUDIT_FILTERS);
                setPage(1);
              }}
            >
              {t('admin.activity.clear')}
            </Button>
          </div>
        )}
      </form>

      {body}

      {data && data.total > 0 && !rangeInvalid && (
        <ListPager
          label={t('admin.activity.pages')}
          range={t('admin.activity.range', {
            first: localDigits(String(first), locale),
            last: localDigits(String(last), locale),
            total: formatCount(data.total, locale),
          })}
          pageOf={t('admin.activity.page', {
            page: localDigits(String(data.page), locale),
            pages: localDigits(String(totalPages), locale),
          })}
          previous={t('admin.activity.previous')}
          next={t('admin.activity.next')}
          hasPrevious={page > 1}
          hasNext={page < totalPages}
          onPrevious={() => setPage((current) => Math.max(1, current - 1))}
          onNext={() => setPage((current) => current + 1)}
        />
      )}
    </Card>
  );
}
