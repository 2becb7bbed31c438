import { organizationRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { organizationKeys } from './organization-query-keys';

export function getOrganizations(signal?: AbortSignal) {
  return callApi(organizationRoutes.list, { signal });
}

export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => getOrganizations(signal),
  });
}

export function useOrganizations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationsQueryOptions(), enabled });
}
