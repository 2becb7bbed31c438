import { type PendingSession, timeTrackingRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** SPEC 4 offline: sessions that could not be saved; the client id makes a replay harmless. */
export function syncPendingSessions(sessions: PendingSession[]) {
  return callApi(timeTrackingRoutes.sync, { body: { sessions } });
}
