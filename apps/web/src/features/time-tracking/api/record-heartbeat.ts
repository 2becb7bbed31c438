import { timeTrackingRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/**
 * Records the session's count (active seconds); the server bounds it by its own clock. `keepalive`
 * sends the last count as the page goes away.
 */
export function recordHeartbeat(
  sessionId: string,
  elapsedSeconds: number,
  options: { keepalive?: boolean } = {},
) {
  return callApi(timeTrackingRoutes.heartbeat, {
    params: { id: sessionId },
    body: { elapsedSeconds },
    keepalive: options.keepalive,
  });
}
