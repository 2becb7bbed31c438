import { timeTrackingRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const TIME_TRACKING_SETTINGS_QUERY_KEY = ['time-tracking', 'settings'] as const;

/** The organisation's time-tracking settings: its weekly goal (SPEC 9, 20 h unless set). */
export function getTimeTrackingSettings(signal?: AbortSignal) {
  return callApi(timeTrackingRoutes.getSettings, { query: {}, signal });
}

export function timeTrackingSettingsQueryOptions() {
  return queryOptions({
    queryKey: TIME_TRACKING_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getTimeTrackingSettings(signal),
  });
}

export function useTimeTrackingSettings() {
  return useQuery(timeTrackingSettingsQueryOptions());
}
