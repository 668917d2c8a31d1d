import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEntityType, AuditEntry, AuditPage, AuditUndoResponse } from '../../../../shared/audit';
import { apiGet, apiPost, errorMessage } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

export type { AuditEntityType, AuditEntry, AuditPage };

/** The Activity tab's filters (GET /api/admin/audit); '' is "any". */
export interface AuditFilters {
  entityType: AuditEntityType | '';
  entityId: string;
  adminId: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { entityType: '', entityId: '', adminId: '', from: '', to: '' };

export const ACTIVITY_PAGE_SIZE = 25;

/** Under ['admin']: ending the admin session removes them. */
export const adminAuditKeys = {
  all: ['admin', 'audit'] as const,
  page: (filters: AuditFilters, page: number, pageSize: number) => ['admin', 'audit', filters, page, pageSize] as const,
  admins: ['admin', 'audit', 'admins'] as const,
};

/** One page of the audit log, newest first; dates are the browser's days (tzOffset). */
export function useAuditPage(filters: AuditFilters, page: number, pageSize = ACTIVITY_PAGE_SIZE, enabled = true) {
  return useQuery({
    queryKey: adminAuditKeys.page(filters, page, pageSize),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (filters.entityType) search.set('entityType', filters.entityType);
      if (filters.entityId.trim()) search.set('entityId', filters.entityId.trim());
      if (filters.adminId) search.set('adminId', filters.adminId);
      if (filters.from) search.set('from', filters.from);
      if (filters.to) search.set('to', filters.to);
      if (filters.from || filters.to) search.set('tzOffset', String(-new Date().getTimezoneOffset()));
      return apiGet<AuditPage>(`/api/admin/audit?${search.toString()}`, { auth: 'admin', signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The admins, for the "by admin" filter. */
export function useAuditAdmins() {
  return useQuery({
    queryKey: adminAuditKeys.admins,
    queryFn: () => apiGet<{ admins: { id: number; username: string }[] }>('/api/admin/audit/admins', { auth: 'admin' }),
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /api/admin/audit/:id/undo: a price or stock change put back. The history, the admin's product
 * lists and the shop's lists are fetched again after; a refusal (changed since) says why in a toast.
 */
export function useUndoChange() {
  const t = useT();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (entryId: number) => apiPost<AuditUndoResponse>(`/api/admin/audit/${entryId}/undo`, undefined, { auth: 'admin' }),
    onSuccess: () => toast.success(t('admin.activity.undone')),
    onError: (error) => toast.error(errorMessage(error, t('admin.activity.undoFailed'))),
    onSettled: () =>
      Promise.all(
        [adminAuditKeys.all, ['admin', 'products'], ['products']].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
  return { undo: mutation.mutate, pendingId: mutation.isPending ? mutation.variables : undefined };
}
