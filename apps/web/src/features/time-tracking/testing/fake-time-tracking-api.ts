import { MAX_SESSION_SECONDS, type PendingSession, type TimeSession } from '@cursus/contracts';
import { ApiError } from '@/lib/api-client';
import type { TimeTrackingApi } from '../lib/time-tracker-controller';

interface Row {
  id: string;
  sessionStart: number;
  sessionEnd: number | null;
  durationSeconds: number;
  lastActivityAt: number;
}

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`;
};

/**
 * A small in-memory stand-in for the time-tracking routes with the server's rules (resume the newest
 * open session under 8 h and close the others; a count never goes down; an offline session's id
 * counts once), so the client's flows can be checked end to end against one learner's sessions.
 */
export function createFakeTimeTrackingApi() {
  const rows = new Map<string, Row>();
  const calls: { route: string; tabId?: string; body?: unknown }[] = [];
  let isReachable = true;
  let isSignedIn = true;

  const toSession = (row: Row): TimeSession => ({
    id: row.id,
    userId: 'user-1',
    courseId: null,
    sessionStart: new Date(row.sessionStart).toISOString(),
    sessionEnd: row.sessionEnd === null ? null : new Date(row.sessionEnd).toISOString(),
    durationSeconds: row.durationSeconds,
    lastActivityAt: new Date(row.lastActivityAt).toISOString(),
  });
  const open = () =>
    [...rows.values()]
      .filter((row) => row.sessionEnd === null)
      .sort((a, b) => b.sessionStart - a.sessionStart);
  const totalSeconds = () =>
    [...rows.values()]
      .filter((row) => row.sessionEnd !== null)
      .reduce((sum, row) => sum + row.durationSeconds, 0);
  const totals = () => {
    const total = totalSeconds();
    return {
      totalTimeSeconds: total,
      totalHours: Math.floor(total / 3600),
      remainingMinutes: Math.floor((total % 3600) / 60),
      updatedAt: null,
    };
  };
  const reach = (route: string, tabId?: string, body?: unknown) => {
    calls.push({ route, tabId, body });
    if (!isReachable) throw new ApiError({ code: 'NETWORK_ERROR', status: 0 });
    if (!isSignedIn) throw new ApiError({ code: 'NO_SESSION', status: 401 });
  };

  /** The API as one tab sees it (the tab id only labels the recorded calls). */
  const forTab = (tabId: string): TimeTrackingApi => ({
    async start() {
      reach('start', tabId);
      const now = Date.now();
      const openRows = open();
      const resumable = openRows.find((row) => now - row.sessionStart < MAX_SESSION_SECONDS * 1000);
      const closedSessionIds: string[] = [];
      for (const row of openRows) {
        if (row === resumable) continue;
        row.sessionEnd = row.lastActivityAt;
        closedSessionIds.push(row.id);
      }
      if (resumable) return { session: toSession(resumable), resumed: true, closedSessionIds };
      const row: Row = {
        id: nextId(),
        sessionStart: now,
        sessionEnd: null,
        durationSeconds: 0,
        lastActivityAt: now,
      };
      rows.set(row.id, row);
      return { session: toSession(row), resumed: false, closedSessionIds };
    },
    async listOpen() {
      reach('listOpen', tabId);
      return { items: open().map(toSession) };
    },
    async heartbeat(id, elapsedSeconds, options) {
      reach('heartbeat', tabId, { id, elapsedSeconds, keepalive: options?.keepalive ?? false });
      const row = rows.get(id);
      if (!row) throw new ApiError({ code: 'NOT_FOUND', status: 404 });
      if (row.sessionEnd === null) {
        row.durationSeconds = Math.max(row.durationSeconds, elapsedSeconds);
        row.lastActivityAt = Date.now();
      }
      return {
        id,
        durationSeconds: row.durationSeconds,
        lastActivityAt: new Date(row.lastActivityAt).toISOString(),
        isOpen: row.sessionEnd === null,
        maxReached: false,
      };
    },
    async end(id, elapsedSeconds) {
      reach('end', tabId, { id, elapsedSeconds });
      const row = rows.get(id);
      if (!row) throw new ApiError({ code: 'NOT_FOUND', status: 404 });
      const alreadyEnded = row.sessionEnd !== null;
      if (!alreadyEnded) {
        row.durationSeconds = Math.max(row.durationSeconds, elapsedSeconds);
        row.sessionEnd = Date.now();
      }
      return { session: toSession(row), alreadyEnded, totals: totals() };
    },
    async sync(sessions: PendingSession[]) {
      reach('sync', tabId, { sessions });
      const results = sessions.map((entry) => {
        const row = rows.get(entry.id);
        if (row?.sessionEnd != null) return { id: entry.id, status: 'duplicate' as const };
        if (row) {
          row.durationSeconds = Math.max(row.durationSeconds, entry.durationSeconds);
          row.sessionEnd = Date.parse(entry.sessionEnd);
          return { id: entry.id, status: 'synced' as const };
        }
        rows.set(entry.id, {
          id: entry.id,
          sessionStart: Date.parse(entry.sessionStart),
          sessionEnd: Date.parse(entry.sessionEnd),
          durationSeconds: entry.durationSeconds,
          lastActivityAt: Date.parse(entry.sessionEnd),
        });
        return { id: entry.id, status: 'synced' as const };
      });
      return { results, totals: totals() };
    },
    async reportIssue(input) {
      reach('reportIssue', tabId, input);
      return { ok: true };
    },
  });

  return {
    forTab,
    calls,
    rows,
    open,
    totalSeconds,
    setReachable: (reachable: boolean) => {
      isReachable = reachable;
    },
    /** The learner signed out in another tab: every call answers 401. */
    signOut: () => {
      isSignedIn = false;
    },
    /** Another device of the learner opens a session behind this browser's back. */
    openSessionElsewhere(durationSeconds: number) {
      const now = Date.now();
      const row: Row = {
        id: nextId(),
        sessionStart: now,
        sessionEnd: null,
        durationSeconds,
        lastActivityAt: now,
      };
      rows.set(row.id, row);
      return row.id;
    },
  };
}
