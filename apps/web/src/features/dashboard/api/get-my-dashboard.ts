import { timeTrackingRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

/** 'Mon Suivi': tracked time, the weekly goal, formations, progression score and recommendations. */
export function getMyDashboard(signal?: AbortSignal) {
  return callApi(timeTrackingRoutes.dashboard, { signal });
}

export function myDashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.mine(),
    queryFn: ({ signal }) => getMyDashboard(signal),
    // Time accrues while the learner studies: coming back from a lesson shows the new figures.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useMyDashboard() {
  return useQuery(myDashboardQueryOptions());
}
