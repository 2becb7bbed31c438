import { systemRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { helpKeys } from './help-query-keys';

/** The server's public settings (the support address), readable before anyone signs in. */
export function getPublicConfig(signal?: AbortSignal) {
  return callApi(systemRoutes.publicConfig, { signal });
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: helpKeys.publicConfig(),
    queryFn: ({ signal }) => getPublicConfig(signal),
    // It changes only with a server deployment.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
