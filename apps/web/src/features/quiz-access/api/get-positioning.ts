import { quizAccessRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

/** The invitation behind a positioning link, and the attempt begun with it if any (a reload). */
export function getPositioning(token: string, signal?: AbortSignal) {
  return callApi(quizAccessRoutes.getPositioning, { query: { token }, signal });
}

export function positioningQueryOptions(token: string) {
  return queryOptions({
    queryKey: quizAccessKeys.positioning(token),
    queryFn: ({ signal }) => getPositioning(token, signal),
    // Expired, used or unknown links stay so.
    retry: false,
  });
}

export function usePositioning(token: string) {
  return useQuery(positioningQueryOptions(token));
}
