import { privacyRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { privacyKeys } from './privacy-query-keys';

export function getRetention(signal?: AbortSignal) {
  return callApi(privacyRoutes.getRetention, { signal });
}

export function retentionQueryOptions() {
  return queryOptions({ queryKey: privacyKeys.retention(), queryFn: ({ signal }) => getRetention(signal) });
}

/** The organisation's retention period for erased learners' evidence. */
export function useRetention() {
  return useQuery(retentionQueryOptions());
}
