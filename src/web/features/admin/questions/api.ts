import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminQuestion, AdminQuestionPage, AdminQuestionQueue } from '../../../../shared/questions';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

export type { AdminQuestion, AdminQuestionQueue };

/** Under ['admin']: ending the admin session removes them. */
const questionsKey = ['admin', 'questions'] as const;

/** GET /api/admin/questions?queue=&page=, and the writes (answer, hide, show); each refreshes the lists. */
export function useAdminQuestions(queue: AdminQuestionQueue, page: number) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...questionsKey, queue, page],
    queryFn: () => apiGet<AdminQuestionPage>(`/api/admin/questions?queue=${queue}&page=${page}`, { auth: 'admin' }),
    placeholderData: (previous) => previous,
  });
  const refresh = () => client.invalidateQueries({ queryKey: questionsKey });
  const answer = useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) =>
      apiPut<{ question: AdminQuestion }>(`/api/admin/questions/${id}/answer`, { answer }, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const hide = useMutation({
    mutationFn: (id: number) => apiPost<{ question: AdminQuestion }>(`/api/admin/questions/${id}/hide`, {}, { auth: 'admin' }),
    onSuccess: refresh,
  });
  const show = useMutation({
    mutationFn: (id: number) => apiPost<{ question: AdminQuestion }>(`/api/admin/questions/${id}/show`, {}, { auth: 'admin' }),
    onSuccess: refresh,
  });
  return { list, answer, hide, show };
}

export type AdminQuestions = ReturnType<typeof useAdminQuestions>;
