import {
  type ExportQuestionsQuery,
  type ImportQuestionsInput,
  type QuestionInput,
  type QuestionListQuery,
  quizRoutes,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { quizKeys } from './quiz-query-keys';

export function useBankQuestions(query: QuestionListQuery, enabled = true) {
  return useQuery({
    queryKey: quizKeys.questions(query),
    queryFn: ({ signal }) => callApi(quizRoutes.listQuestions, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: quizKeys.categories(),
    queryFn: ({ signal }) => callApi(quizRoutes.listCategories, { signal }),
  });
}

function useBankMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateDomains(queryClient, ['quizzes']) });
}

export const useCreateCategory = () =>
  useBankMutation((name: string) => callApi(quizRoutes.createCategory, { body: { name } }));

export const useDeleteCategory = () =>
  useBankMutation((id: string) => callApi(quizRoutes.deleteCategory, { params: { id } }));

export const useSaveQuestion = () =>
  useBankMutation(({ questionId, body }: { questionId: string | null; body: QuestionInput }) =>
    questionId
      ? callApi(quizRoutes.updateQuestion, { params: { id: questionId }, body })
      : callApi(quizRoutes.createQuestion, { body }),
  );

export const useDeleteQuestion = () =>
  useBankMutation((id: string) => callApi(quizRoutes.deleteQuestion, { params: { id } }));

/** A dry run only reads the text; the real import adds its questions to the bank. */
export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportQuestionsInput) => callApi(quizRoutes.importQuestions, { body }),
    onSuccess: (_result, body) => (body.dryRun ? undefined : invalidateDomains(queryClient, ['quizzes'])),
  });
}

export function exportQuestions(query: ExportQuestionsQuery) {
  return callApi(quizRoutes.exportQuestions, { query });
}
