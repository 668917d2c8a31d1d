import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Return, ReturnReason, ReturnsOfOrder } from '../../../../shared/returns';
import { api, apiGet, apiPost } from '../../../lib/api';
import { orderKeys } from './api';

export type { Return, ReturnsOfOrder };

export interface ReturnInput {
  items: { orderItemId: number; quantity: number }[];
  reason: ReturnReason;
  note: string;
  photos: File[];
}

/**
 * A delivered order's returns and what its lines may still return (GET …/returns), and a new
 * request: the request first, then its photos (a second call, multipart) when any were chosen.
 */
export function useOrderReturns(userId: number | undefined, orderId: string) {
  const client = useQueryClient();
  const base = `/api/orders/user/${userId}/order/${encodeURIComponent(orderId)}/returns`;
  const key = [...orderKeys.one(userId ?? 0, orderId), 'returns'] as const;
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<ReturnsOfOrder>(base, { auth: 'user', signal }),
    enabled: userId !== undefined,
  });
  const request = useMutation({
    mutationFn: async (input: ReturnInput) => {
      const { return: created } = await apiPost<{ return: Return }>(
        base,
        { items: input.items, reason: input.reason, note: input.note },
        { auth: 'user' },
      );
      if (input.photos.length > 0) {
        const form = new FormData();
        for (const file of input.photos) form.append('photos', file);
        await api(`${base}/${created.id}/photos`, { method: 'PUT', body: form, auth: 'user' });
      }
      return created;
    },
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.one(userId ?? 0, orderId) }),
  });
  return { view, request };
}
