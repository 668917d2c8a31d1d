import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRole, StaffMember } from '../../../../shared/staff-roles';
import { api, apiGet, apiPost, apiPut } from '../../../lib/api';

const KEY = ['admin', 'staff'] as const;

/** The owner's staff list and its three writes; each write refreshes the list. */
export function useStaff() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => apiGet<{ staff: StaffMember[] }>('/api/admin/staff', { auth: 'admin' }),
  });
  const create = useMutation({
    mutationFn: (body: { username: string; role: AdminRole; totpRequired: boolean }) =>
      apiPost<{ staff: StaffMember; password: string }>('/api/admin/staff', body, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: AdminRole; totpRequired?: boolean }) =>
      apiPut<{ staff: StaffMember }>(`/api/admin/staff/${id}`, body, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/api/admin/staff/${id}`, { method: 'DELETE', auth: 'admin' }),
    onSuccess: refresh,
  });
  return { list, create, update, remove };
}
