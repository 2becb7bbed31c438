import { adminSettingsRoutes } from '@cursus/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { organizationSettingsKeys } from './organization-settings-query-keys';

export function usePlatformConfiguration() {
  return useQuery({
    queryKey: organizationSettingsKeys.platformConfiguration(),
    queryFn: ({ signal }) => callApi(adminSettingsRoutes.platformConfiguration, { signal }),
    // Read once at the server's start: it changes only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
