import { timeTrackingRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** Records the session's count (active seconds); the server bounds it by its own clock. */
export function recordHeartbeat(sessionId: string, elapsedSeconds: number) {
  return callApi(timeTrackingRoutes.heartbeat, { params: { id: sessionId }, body: { elapsedSeconds } });
}
