import { QUERY_CACHE, type SessionUser } from '@cursus/contracts';
import { isApiError } from '@/lib/api-client';
import { dropEarlyRequests } from '@/lib/early-requests';
import { getSession, readSessionResult } from './api/get-session';

/**
 * Who is signed in, held outside React and outside the query cache: the sign-in screen needs the
 * session and nothing else of TanStack Query, which then loads with the first page that fetches data
 * (issue 12). Every call that changes the session (sign-in, sign-out, preferences, organisation)
 * writes it here; the app's query cache listens and forgets the previous person's data.
 */
export interface SessionSnapshot {
  /** SPEC 4: 'loading' until the first session check ends, then 'ready'. */
  status: 'loading' | 'ready';
  user: SessionUser | null;
  /** The last check failed (server unreachable) and no session is known. */
  error: Error | null;
}

/** As the query cache retried (lib/react-query.ts): transport and server failures, once, after a second. */
const RETRY_DELAY_MS = 1000;

/**
 * The last person the server confirmed on this device, so that the installed app started without a
 * connection still opens their space and their downloaded formations (issue 18). It decides nothing
 * on the server, which checks the session cookie on every call; it is forgotten at sign-out, and
 * the session is asked again when the connection returns.
 */
export const REMEMBERED_SESSION_KEY = 'cursus-session-user';

function remember(user: SessionUser | null) {
  try {
    if (user) localStorage.setItem(REMEMBERED_SESSION_KEY, JSON.stringify({ user }));
    else localStorage.removeItem(REMEMBERED_SESSION_KEY);
  } catch {
    // Storage unavailable (private mode): the app works online as before.
  }
}

/** The person this device last saw signed in (REMEMBERED_SESSION_KEY), if any. */
export function recall(): SessionUser | null {
  try {
    const saved = localStorage.getItem(REMEMBERED_SESSION_KEY);
    return saved ? (readSessionResult(JSON.parse(saved))?.user ?? null) : null;
  } catch {
    return null;
  }
}

let snapshot: SessionSnapshot = { status: 'loading', user: null, error: null };
let checking: Promise<void> | undefined;
/** Moves at each reset (tests), so that a check started before it is known as stale. */
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

export function getSessionSnapshot(): SessionSnapshot {
  return snapshot;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSessionUser(user: SessionUser | null) {
  // Another person signed in, or nobody: what was asked for as the app started is not theirs.
  if (snapshot.status === 'ready' && snapshot.user?.id !== user?.id) dropEarlyRequests();
  remember(user);
  publish({ status: 'ready', user, error: null });
}

async function askServer(isCurrent: () => boolean): Promise<SessionUser | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await getSession()).user;
    } catch (error) {
      const isClientError = isApiError(error) && error.status >= 400 && error.status < 500;
      if (isClientError || attempt >= QUERY_CACHE.retry) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      // Reset while it waited (tests): asking again would reach the next case's server, and count
      // among its calls.
      if (!isCurrent()) throw error;
    }
  }
}

/**
 * Asks the server who is signed in; one check at a time, however many callers. A failed check keeps
 * the person already known (a refresh that failed does not sign anyone out); without a connection,
 * the person this device last saw signed in.
 */
export function checkSession(): Promise<void> {
  if (checking) return checking;
  const asked = generation;
  // After a reset, the answer of a check made before it belongs to the previous case: dropped.
  const isCurrent = () => asked === generation;
  const check = askServer(isCurrent)
    .then(
      (user) => {
        if (isCurrent()) setSessionUser(user);
      },
      (error: unknown) => {
        if (!isCurrent()) return;
        const known = snapshot.user ?? (isApiError(error, 'NETWORK_ERROR') ? recall() : null);
        publish({
          status: 'ready',
          user: known,
          error: known ? null : error instanceof Error ? error : new Error(String(error)),
        });
      },
    )
    .finally(() => {
      if (checking === check) checking = undefined;
    });
  checking = check;
  return check;
}

/** Tests start each case from an unknown session, whatever a check of the previous case still awaits. */
export function resetSessionStore() {
  generation += 1;
  checking = undefined;
  snapshot = { status: 'loading', user: null, error: null };
}
