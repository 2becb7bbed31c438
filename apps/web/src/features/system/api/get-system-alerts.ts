import { type ResolveAlertsInput, type SystemAlertListQuery, systemAdminRoutes } from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { systemKeys } from './system-query-keys';

export function useSystemAlerts(query: SystemAlertListQuery) {
  return useQuery({
    queryKey: systemKeys.alerts(query),
    queryFn: ({ signal }) => callApi(systemAdminRoutes.alerts, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The monitoring job's state and latest runs. */
export function useMonitoringStatus() {
  return useQuery({
    queryKey: systemKeys.monitoring(),
    queryFn: ({ signal }) => callApi(systemAdminRoutes.monitoring, { signal }),
  });
}

export function useResolveAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveAlertsInput) => callApi(systemAdminRoutes.resolveAlerts, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}
