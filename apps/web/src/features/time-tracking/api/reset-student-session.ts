import { timeTrackingRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

/** SPEC 4 and 6: closes the learner's open sessions with duration 0 (trainers and admins). */
export function resetStudentSession(userId: string) {
  return callApi(timeTrackingRoutes.resetSession, { params: { userId } });
}

export function useResetStudentSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStudentSession,
    // The connection logs show the learner's totals and sessions.
    onSuccess: () => invalidateDomains(queryClient, ['time-tracking', 'connection-logs']),
  });
}
