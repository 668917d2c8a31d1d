import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReturn, AdminReturnPage, ReturnSettlement, ReturnStatus } from '../../../../shared/returns';
import { apiGet, apiPost } from '../../../lib/api';

export type { AdminReturn, ReturnStatus };

/** Under ['admin']: ending the admin session removes them. */
const returnsKey = ['admin', 'returns'] as const;

export type ReturnStep =
  | { id: number; step: 'approve' | 'receive' | 'refunded' }
  | { id: number; step: 'reject'; reason: string }
  | { id: number; step: 'settle'; settlement: ReturnSettlement };

/** GET /api/admin/returns?status=&page=, and each step of a return; a step refreshes the lists. */
export function useAdminReturns(status: ReturnStatus | 'all', page: number) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...returnsKey, status, page],
    queryFn: () =>
      apiGet<AdminReturnPage>(`/api/admin/returns?page=${page}${status === 'all' ? '' : `&status=${status}`}`, { auth: 'admin' }),
    placeholderData: (previous) => previous,
  });
  const step = useMutation({
    mutationFn: (input: ReturnStep) => {
      const body =
        input.step === 'reject' ? { reason: input.reason } : input.step === 'settle' ? { settlement: input.settlement } : {};
      return apiPost<{ return: AdminReturn }>(`/api/admin/returns/${input.id}/${input.step}`, body, { auth: 'admin' });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: returnsKey }),
  });
  return { list, step };
}

export type AdminReturns = ReturnType<typeof useAdminReturns>;
