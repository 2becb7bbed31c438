import { quizRoutes } from '@cursus/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizKeys } from './quiz-query-keys';

/** The learner's quiz results overall: quizzes offered, passed, mean of the best scores. */
export function useQuizStats() {
  return useQuery({
    queryKey: quizKeys.stats(),
    queryFn: ({ signal }) => callApi(quizRoutes.stats, { signal }),
  });
}
