import { type CreateQuestionInput, type QuestionReplyInput, questionRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

export function useAskQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuestionInput) => callApi(questionRoutes.create, { body }),
    onSuccess: () => invalidateDomains(queryClient, ['questions']),
  });
}

/** The learner's follow-up on their own question. */
export function useReplyAsStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: QuestionReplyInput }) =>
      callApi(questionRoutes.replyAsStudent, { params: { id }, body }),
    onSuccess: () => invalidateDomains(queryClient, ['questions']),
  });
}
