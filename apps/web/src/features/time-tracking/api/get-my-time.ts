import { timeTrackingRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { timeTrackingKeys } from './time-tracking-query-keys';

/** Today, this week and the total of the learner (Europe/Paris days). */
export function getMyTime(signal?: AbortSignal) {
  return callApi(timeTrackingRoutes.myTime, { signal });
}

export function myTimeQueryOptions() {
  return queryOptions({
    queryKey: timeTrackingKeys.mine(),
    queryFn: ({ signal }) => getMyTime(signal),
  });
}

export function useMyTime(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myTimeQueryOptions(), ...options });
}
