import { timeTrackingRoutes, type UpdateTimeTrackingSettingsInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { settingsKeys } from './settings-query-keys';

/** Sets the organisation's weekly goal; learners see it on their next visit to 'Mon Suivi'. */
export function updateTimeTrackingSettings(input: UpdateTimeTrackingSettingsInput) {
  return callApi(timeTrackingRoutes.updateSettings, { body: input });
}

export function useUpdateTimeTrackingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeTrackingSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.timeTracking(), settings),
  });
}
