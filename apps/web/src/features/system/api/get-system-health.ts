import { systemAdminRoutes } from '@cursus/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { systemKeys } from './system-query-keys';

/** Each check is run when asked (a storage probe, the disk, the database): no polling. */
export function useSystemHealth() {
  return useQuery({
    queryKey: systemKeys.health(),
    queryFn: ({ signal }) => callApi(systemAdminRoutes.health, { signal }),
  });
}
