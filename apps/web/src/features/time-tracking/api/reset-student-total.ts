import { timeTrackingRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

/** SPEC 4 and 6 (update-total-time, action reset): totals to 0 and session rows deleted; admins only. */
export function resetStudentTotal(userId: string) {
  return callApi(timeTrackingRoutes.resetTotal, { params: { userId } });
}

export function useResetStudentTotal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStudentTotal,
    // The connection logs show the learner's totals and sessions.
    onSuccess: () => invalidateDomains(queryClient, ['time-tracking', 'connection-logs']),
  });
}
