import { timeTrackingRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** SPEC 7 'select open sessions by user', newest first: the leader tab's verification every 10 s. */
export function listOpenTimeSessions() {
  return callApi(timeTrackingRoutes.listOpen);
}
