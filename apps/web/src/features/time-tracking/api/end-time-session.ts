import { timeTrackingRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** Closes the session with its duration and adds it to the total (ending twice counts once). */
export function endTimeSession(sessionId: string, elapsedSeconds: number) {
  return callApi(timeTrackingRoutes.end, { params: { id: sessionId }, body: { elapsedSeconds } });
}
