import { timeTrackingRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Every time-tracking query starts with this key: ending a session refreshes them all. */
export const TIME_TRACKING_QUERY_KEY = ['time-tracking'] as const;

/** Today, this week and the total of the learner (Europe/Paris days). */
export function getMyTime(signal?: AbortSignal) {
  return callApi(timeTrackingRoutes.myTime, { signal });
}

export function myTimeQueryOptions() {
  return queryOptions({
    queryKey: [...TIME_TRACKING_QUERY_KEY, 'me'],
    queryFn: ({ signal }) => getMyTime(signal),
  });
}

export function useMyTime(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myTimeQueryOptions(), ...options });
}
