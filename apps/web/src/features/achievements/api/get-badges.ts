import { achievementRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { achievementKeys } from './achievement-query-keys';

/** The organisation's badges, system ones first by criterion and threshold. */
export function getBadges(signal?: AbortSignal) {
  return callApi(achievementRoutes.listBadges, { signal });
}

export function badgesQueryOptions() {
  return queryOptions({ queryKey: achievementKeys.badges(), queryFn: ({ signal }) => getBadges(signal) });
}

export function useBadges() {
  return useQuery(badgesQueryOptions());
}
