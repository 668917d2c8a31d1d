import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Question, QuestionPage } from '../../../../shared/questions';
import { apiGet, apiPost } from '../../../lib/api';

/** A product's answered questions (GET /api/products/:id/questions, public) and asking one (shopper). */
export function useQuestionPage(productId: number, page: number) {
  return useQuery<QuestionPage>({
    queryKey: ['questions', productId, page],
    queryFn: ({ signal }) => apiGet<QuestionPage>(`/api/products/${productId}/questions?page=${page}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useAskQuestion(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (question: string) =>
      apiPost<{ question: Question; message: string }>(`/api/products/${productId}/questions`, { question }, { auth: 'user' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['questions', productId] }),
  });
}
