import type { LoadRequest } from './load.ts';

/** A learner's open time-tracking session and the cookie of their signed-in browser. */
export interface OpenSession {
  sessionId: string;
  cookie: string;
}

/**
 * Heartbeats of open sessions, one learner after another, each claiming the seconds its session
 * has had so far: `openedSecondsAgo` when the benchmark started, plus the time since (as a browser
 * counts them). The origin header is the one the server's same-origin check expects.
 */
export function heartbeatRequests(
  sessions: readonly OpenSession[],
  options: { origin: string; openedSecondsAgo: number },
): () => LoadRequest {
  let next = 0;
  const startedAt = Date.now();
  return () => {
    const session = sessions[next++ % sessions.length]!;
    const elapsedSeconds = Math.min(
      28_000,
      options.openedSecondsAgo + Math.floor((Date.now() - startedAt) / 1000),
    );
    return {
      method: 'POST',
      path: `/api/time-tracking/sessions/${session.sessionId}/heartbeat`,
      headers: { cookie: session.cookie, 'content-type': 'application/json', origin: options.origin },
      body: JSON.stringify({ elapsedSeconds }),
    };
  };
}
