import { quizAccessRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

/** A quiz behind its public link: title, rules and size, never its answers. */
export function getPublicQuiz(quizId: string, signal?: AbortSignal) {
  return callApi(quizAccessRoutes.getPublicQuiz, { params: { quizId }, signal });
}

export function publicQuizQueryOptions(quizId: string) {
  return queryOptions({
    queryKey: quizAccessKeys.publicQuiz(quizId),
    queryFn: ({ signal }) => getPublicQuiz(quizId, signal),
    // An unknown or closed quiz stays so: asking again would only spend the visitor's limit.
    retry: false,
  });
}

export function usePublicQuiz(quizId: string) {
  return useQuery(publicQuizQueryOptions(quizId));
}
