import { timeTrackingRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { settingsKeys } from './settings-query-keys';

/** The organisation's time-tracking settings: its weekly goal (SPEC 9, 20 h unless set). */
export function getTimeTrackingSettings(signal?: AbortSignal) {
  return callApi(timeTrackingRoutes.getSettings, { query: {}, signal });
}

export function timeTrackingSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.timeTracking(),
    queryFn: ({ signal }) => getTimeTrackingSettings(signal),
  });
}

export function useTimeTrackingSettings() {
  return useQuery(timeTrackingSettingsQueryOptions());
}
