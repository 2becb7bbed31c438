import { timeTrackingRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Under the time-tracking key, so whatever refreshes tracked time refreshes 'Mon Suivi' too. */
export const MY_DASHBOARD_QUERY_KEY = ['time-tracking', 'dashboard'] as const;

/** 'Mon Suivi': tracked time, the weekly goal, formations, progression score and recommendations. */
export function getMyDashboard(signal?: AbortSignal) {
  return callApi(timeTrackingRoutes.dashboard, { signal });
}

export function myDashboardQueryOptions() {
  return queryOptions({
    queryKey: MY_DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => getMyDashboard(signal),
    // Time accrues while the learner studies: coming back from a lesson shows the new figures.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useMyDashboard() {
  return useQuery(myDashboardQueryOptions());
}
