import { type MyQuestionsQuery, questionRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { QUESTIONS_CACHE, questionKeys } from './question-query-keys';

/** The learner's own questions, newest first, each with its replies. */
export function getMyQuestions(query: MyQuestionsQuery, signal?: AbortSignal) {
  return callApi(questionRoutes.listMine, { query, signal });
}

export function myQuestionsQueryOptions(query: MyQuestionsQuery) {
  return queryOptions({
    queryKey: questionKeys.mine(query),
    queryFn: ({ signal }) => getMyQuestions(query, signal),
    placeholderData: keepPreviousData,
    ...QUESTIONS_CACHE,
  });
}

export function useMyQuestions(query: MyQuestionsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myQuestionsQueryOptions(query), enabled });
}

/** One of the learner's questions (opened from a notification's link). */
export function useMyQuestion(id: string | null) {
  return useQuery({
    queryKey: questionKeys.myQuestion(id ?? ''),
    queryFn: ({ signal }) => callApi(questionRoutes.getMine, { params: { id: id! }, signal }),
    enabled: id !== null,
    ...QUESTIONS_CACHE,
  });
}
