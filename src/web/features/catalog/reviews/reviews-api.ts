import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReview, ReportReason, ReviewInput, ReviewPage, ReviewSort } from '../../../../shared/reviews';
import { api, apiGet, apiPost, apiPut } from '../../../lib/api';

/**
 * A product's reviews (GET /api/products/:id/reviews, public), the shopper's own review and whether
 * they may write one (…/reviews/mine), and the writes. A write refreshes the product's reviews and
 * the product itself (its rating).
 */
export function useReviewPage(productId: number, sort: ReviewSort, page: number) {
  return useQuery<ReviewPage>({
    queryKey: ['reviews', productId, sort, page],
    queryFn: ({ signal }) => apiGet<ReviewPage>(`/api/products/${productId}/reviews?sort=${sort}&page=${page}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useMyReview(productId: number, signedIn: boolean) {
  return useQuery<MyReview>({
    queryKey: ['my-review', productId],
    queryFn: ({ signal }) => apiGet<MyReview>(`/api/products/${productId}/reviews/mine`, { signal, auth: 'user' }),
    enabled: signedIn,
  });
}

export function useReviewWrites(productId: number) {
  const client = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['reviews', productId] }),
      client.invalidateQueries({ queryKey: ['my-review', productId] }),
      client.invalidateQueries({ queryKey: ['products'] }),
    ]);
  };
  const save = useMutation({
    mutationFn: ({ input, editing }: { input: ReviewInput; editing: boolean }) =>
      (editing ? apiPut : apiPost)<{ review: unknown }>(`/api/products/${productId}/reviews`, input, { auth: 'user' }),
    onSuccess: refresh,
  });
  const photos = useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('photos', file);
      return api<{ review: unknown }>(`/api/products/${productId}/reviews/photos`, { method: 'PUT', body: form, auth: 'user' });
    },
    onSuccess: refresh,
  });
  const helpful = useMutation({
    mutationFn: (reviewId: number) =>
      apiPost<{ helpfulCount: number }>(`/api/reviews/${reviewId}/helpful`, undefined, { auth: 'user' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reviews', productId] }),
  });
  const report = useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: number; reason: ReportReason }) =>
      apiPost<{ message: string }>(`/api/reviews/${reviewId}/report`, { reason }, { auth: 'user' }),
  });
  return { save, photos, helpful, report };
}
