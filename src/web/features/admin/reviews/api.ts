import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewPage, AdminReviewQueue } from '../../../../shared/reviews';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

export type { AdminReview, AdminReviewQueue };

/** Under ['admin']: ending the admin session removes them. */
const reviewsKey = ['admin', 'reviews'] as const;

/** GET /api/admin/reviews?queue=&page=, and the moderation writes (hide, show, reply); each refreshes the lists. */
export function useAdminReviews(queue: AdminReviewQueue, page: number) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...reviewsKey, queue, page],
    queryFn: () => apiGet<AdminReviewPage>(`/api/admin/reviews?queue=${queue}&page=${page}`, { auth: 'admin' }),
    placeholderData: (previous) => previous,
  });
  const refresh = () => client.invalidateQueries({ queryKey: reviewsKey });
  const hide = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiPost<{ review: AdminReview }>(`/api/admin/reviews/${id}/hide`, { reason }, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const show = useMutation({
    mutationFn: (id: number) => apiPost<{ review: AdminReview }>(`/api/admin/reviews/${id}/show`, {}, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const reply = useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) =>
      apiPut<{ review: AdminReview }>(`/api/admin/reviews/${id}/reply`, { reply }, { auth: 'admin' }),
    onSuccess: refresh,
  });
  return { list, hide, show, reply };
}

export type AdminReviews = ReturnType<typeof useAdminReviews>;
