import { questionRoutes } from '@cursus/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { QUESTIONS_CACHE, questionKeys } from './question-query-keys';

/** The learner's organisation hub: its name and its trainers. */
export function useQuestionHub(organizationId: string) {
  return useQuery({
    queryKey: questionKeys.hub(organizationId),
    queryFn: ({ signal }) => callApi(questionRoutes.hub, { query: { organizationId }, signal }),
    ...QUESTIONS_CACHE,
  });
}
