import { useId } from 'react';
import { AUDIT_ENTITY_TYPES } from '../../../../shared/audit';
import { Button } from '../../../components/ui/Button';
import { DateRangeFields } from '../../../components/ui/DateRangeFields';
import { inputClasses } from '../../../components/ui/TextField';
import { useT } from '../../../lib/i18n';
import type { AuditEntityType } from './api';
import { KIND_LABELS } from './labels';
import type { ActivityState } from './use-activity';

/** The Activity tab's filters: kind of thing, one thing's id, admin, days, and Clear. */
export function ActivityFilters({ activity }: { activity: ActivityState }) {
  const t = useT();
  const ids = useId();
  const { filters, set } = activity;
  const label = 'mb-1.5 block text-sm font-medium text-slate-700';
  return (
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
          onChange={(event) => set({ entityType: event.target.value as AuditEntityType | '' })}
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
          value={activity.typedId}
          onChange={(event) => activity.setTypedId(event.target.value)}
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
          onChange={(event) => set({ adminId: event.target.value })}
          className={`${inputClasses} border-control`}
        >
          <option value="">{t('admin.activity.allAdmins')}</option>
          {activity.admins.map((admin) => (
            <option key={admin.id} value={String(admin.id)}>
              {admin.username}
            </option>
          ))}
        </select>
      </div>
      <DateRangeFields
        range={{ from: filters.from, to: filters.to }}
        onChange={(range) => set(range)}
        fromLabel={t('admin.activity.from')}
        toLabel={t('admin.activity.to')}
        invalid={activity.rangeInvalid}
      />
      {activity.filtering && (
        <div className="flex items-end max-lg:col-span-2">
          <Button variant="ghost" className="w-full" onClick={activity.clear}>
            {t('admin.activity.clear')}
          </Button>
        </div>
      )}
    </form>
  );
}
