import { adminRoutes } from '@cursus/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

export function usePlatformOverview() {
  return useQuery({
    queryKey: adminKeys.platform(),
    queryFn: ({ signal }) => callApi(adminRoutes.platform, { signal }),
  });
}
