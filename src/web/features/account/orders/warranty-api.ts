import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Claim, ClaimsOfOrder } from '../../../../shared/warranty';
import { apiGet, apiPost } from '../../../lib/api';
import { orderKeys } from './api';

export type { Claim, ClaimsOfOrder };

/** A delivered order's warranty claims and its units' windows (GET …/warranty-claims), and a new claim. */
export function useOrderWarranty(userId: number | undefined, orderId: string) {
  const client = useQueryClient();
  const base = `/api/orders/user/${userId}/order/${encodeURIComponent(orderId)}/warranty-claims`;
  const key = [...orderKeys.one(userId ?? 0, orderId), 'warranty'] as const;
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<ClaimsOfOrder>(base, { auth: 'user', signal }),
    enabled: userId !== undefined,
  });
  const claim = useMutation({
    mutationFn: (input: { orderItemId: number; serial?: string; issue: string }) =>
      apiPost<{ claim: Claim }>(base, input, { auth: 'user' }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.one(userId ?? 0, orderId) }),
  });
  return { view, claim };
}
