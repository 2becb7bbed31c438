import { timeTrackingRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { TIME_TRACKING_QUERY_KEY } from './get-my-time';

/** SPEC 4 and 6: closes the learner's open sessions with duration 0 (trainers and admins). */
export function resetLearnerSession(userId: string) {
  return callApi(timeTrackingRoutes.resetSession, { params: { userId } });
}

export function useResetLearnerSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLearnerSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TIME_TRACKING_QUERY_KEY }),
  });
}
