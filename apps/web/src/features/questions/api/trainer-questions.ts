import {
  type QuestionReplyInput,
  questionRoutes,
  type TrainerQuestionsQuery,
  type UpdateQuestionInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { QUESTIONS_CACHE, questionKeys } from './question-query-keys';

export function useTrainerQuestions(query: TrainerQuestionsQuery) {
  return useQuery({
    queryKey: questionKeys.trainerList(query),
    queryFn: ({ signal }) => callApi(questionRoutes.listForTrainer, { query, signal }),
    placeholderData: keepPreviousData,
    ...QUESTIONS_CACHE,
  });
}

export function useTrainerQuestion(id: string | null) {
  return useQuery({
    queryKey: questionKeys.trainerQuestion(id ?? ''),
    queryFn: ({ signal }) => callApi(questionRoutes.getForTrainer, { params: { id: id! }, signal }),
    enabled: id !== null,
    ...QUESTIONS_CACHE,
  });
}

/** Who a question may be assigned to. */
export function useQuestionTrainers(organizationId: string | undefined) {
  return useQuery({
    queryKey: questionKeys.trainers(organizationId),
    queryFn: ({ signal }) => callApi(questionRoutes.listTrainers, { query: { organizationId }, signal }),
    ...QUESTIONS_CACHE,
  });
}

export function useReplyAsTrainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: QuestionReplyInput }) =>
      callApi(questionRoutes.replyAsTrainer, { params: { id }, body }),
    onSuccess: () => invalidateDomains(queryClient, ['questions']),
  });
}

export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateQuestionInput }) =>
      callApi(questionRoutes.update, { params: { id }, body }),
    onSuccess: () => invalidateDomains(queryClient, ['questions']),
  });
}
