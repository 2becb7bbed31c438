import { achievementRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { achievementKeys } from './achievement-query-keys';

/** The learner's badges, earned and ahead, and where they stand on each criterion. */
export function getMyAchievements(signal?: AbortSignal) {
  return callApi(achievementRoutes.mine, { signal });
}

export function myAchievementsQueryOptions() {
  return queryOptions({
    queryKey: achievementKeys.mine(),
    queryFn: ({ signal }) => getMyAchievements(signal),
  });
}

export function useMyAchievements({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myAchievementsQueryOptions(), enabled });
}
