import { timeTrackingRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { TIME_TRACKING_QUERY_KEY } from './get-my-time';

/** SPEC 4 and 6 (update-total-time, action reset): totals to 0 and session rows deleted; admins only. */
export function resetLearnerTotal(userId: string) {
  return callApi(timeTrackingRoutes.resetTotal, { params: { userId } });
}

export function useResetLearnerTotal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLearnerTotal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TIME_TRACKING_QUERY_KEY }),
  });
}
