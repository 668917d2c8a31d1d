import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { AdminMe, AdminPermission } from '../../../shared/staff-roles';
import { apiGet } from '../../lib/api';

/** Who is signed in and what their role may do (GET /api/admin/me); the panel hides the rest. */
export function useAdminMe() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: () => apiGet<{ admin: AdminMe }>('/api/admin/me', { auth: 'admin' }).then((reply) => reply.admin),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in admin's permissions, given by AdminPage to its tabs. */
export const AdminPermissionsContext = createContext<readonly AdminPermission[]>([]);

/** Whether the signed-in admin's role holds `permission`: a control it does not is not shown. */
export function useCan(permission: AdminPermission): boolean {
  return useContext(AdminPermissionsContext).includes(permission);
}
