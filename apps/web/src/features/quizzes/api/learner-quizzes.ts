import { type Answer, type Attempt, quizRoutes, type StudentQuizListQuery } from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { quizKeys } from './quiz-query-keys';

export function useMyQuizzes(query: StudentQuizListQuery) {
  return useQuery({
    queryKey: quizKeys.mine(query),
    queryFn: ({ signal }) => callApi(quizRoutes.listMine, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyQuiz(quizId: string) {
  return useQuery({
    queryKey: quizKeys.mineDetail(quizId),
    queryFn: ({ signal }) => callApi(quizRoutes.getMine, { params: { quizId }, signal }),
  });
}

export function useAttempt(attemptId: string) {
  return useQuery({
    queryKey: quizKeys.attempt(attemptId),
    queryFn: ({ signal }) => callApi(quizRoutes.getAttempt, { params: { attemptId }, signal }),
    // The attempt on screen is the one being answered: never replaced behind the learner's back.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Starts an attempt or resumes the one in progress. */
export function useStartAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quizId: string) => callApi(quizRoutes.start, { params: { quizId } }),
    onSuccess: (attempt) => queryClient.setQueryData(quizKeys.attempt(attempt.id), attempt),
  });
}

export function saveAnswer(attemptId: string, questionId: string, answer: Answer) {
  return callApi(quizRoutes.saveAnswer, { params: { attemptId, questionId }, body: { answer } });
}

export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) => callApi(quizRoutes.submit, { params: { attemptId } }),
    onSuccess: async (attempt: Attempt) => {
      queryClient.setQueryData(quizKeys.attempt(attempt.id), attempt);
      // Scores feed the dashboard and progression as well as the quiz lists.
      await invalidateDomains(queryClient, ['quizzes', 'dashboard', 'learning', 'achievements']);
    },
  });
}
