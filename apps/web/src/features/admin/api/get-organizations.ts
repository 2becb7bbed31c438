import { type AdminOrganizationListQuery, adminRoutes } from '@cursus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

export function useAdminOrganizations(query: AdminOrganizationListQuery) {
  return useQuery({
    queryKey: adminKeys.organizations(query),
    queryFn: ({ signal }) => callApi(adminRoutes.listOrganizations, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
