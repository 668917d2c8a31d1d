import { AUDIT_ENTITY_TYPES } from '../../../../shared/audit';
import { useTypedText } from '../../../lib/typed-text';
import { type UrlStateSpec, useUrlState } from '../../../lib/url-state';
import { type AuditFilters, NO_AUDIT_FILTERS, useAuditAdmins, useAuditPage } from './api';

/** The Activity tab's filters and page in the address (/admin?tab=activity&entityType=product&page=2). */
const ACTIVITY_URL: UrlStateSpec<AuditFilters & { page: number }> = {
  defaults: { ...NO_AUDIT_FILTERS, page: 1 },
  allowed: { entityType: AUDIT_ENTITY_TYPES },
};

/** The Activity tab's state: its filters and page (in the address), the typed id, the page of entries. */
export function useActivity() {
  const [state, setState] = useUrlState(ACTIVITY_URL);
  const { page, ...filters } = state;
  /** A new filter starts again at page 1. */
  const set = (patch: Partial<AuditFilters>, replace = false) => setState({ ...patch, page: 1 }, { replace });
  // The id is typed: asked for once the typing stops.
  const [typedId, setTypedId] = useTypedText(filters.entityId, (entityId) => set({ entityId }, true));

  const rangeInvalid = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const list = useAuditPage(filters, page, undefined, !rangeInvalid);
  const admins = useAuditAdmins();
  const data = list.data;
  const entries = data?.entries ?? [];
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  return {
    filters,
    set,
    typedId,
    setTypedId,
    filtering: Object.values(filters).some((value) => value !== '') || typedId !== '',
    clear: () => {
      setTypedId('');
      set(NO_AUDIT_FILTERS);
    },
    rangeInvalid,
    list,
    admins: admins.data?.admins ?? [],
    data,
    entries,
    pages: {
      page,
      totalPages: Math.max(1, data?.totalPages ?? 1),
      first,
      last: data ? Math.min(data.total, first + entries.length - 1) : 0,
      previous: () => setState({ page: Math.max(1, page - 1) }),
      next: () => setState({ page: page + 1 }),
    },
  };
}

export type ActivityState = ReturnType<typeof useActivity>;
