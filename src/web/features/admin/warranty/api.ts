import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClaim, AdminClaimPage, ClaimStatus } from '../../../../shared/warranty';
import { apiGet, apiPost } from '../../../lib/api';

export type { AdminClaim, ClaimStatus };

/** Under ['admin']: ending the admin session removes them. */
const claimsKey = ['admin', 'warranty'] as const;

/** GET /api/admin/warranty-claims?status=&page=, and a claim's step; a step refreshes the lists. */
export function useAdminClaims(status: ClaimStatus | 'all', page: number) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...claimsKey, status, page],
    queryFn: () =>
      apiGet<AdminClaimPage>(`/api/admin/warranty-claims?page=${page}${status === 'all' ? '' : `&status=${status}`}`, {
        auth: 'admin',
      }),
    placeholderData: (previous) => previous,
  });
  const step = useMutation({
    mutationFn: (input: { id: number; status: ClaimStatus; note?: string }) =>
      apiPost<{ claim: AdminClaim }>(
        `/api/admin/warranty-claims/${input.id}/status`,
        { status: input.status, ...(input.note ? { note: input.note } : {}) },
        { auth: 'admin' },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: claimsKey }),
  });
  return { list, step };
}

export type AdminClaims = ReturnType<typeof useAdminClaims>;
