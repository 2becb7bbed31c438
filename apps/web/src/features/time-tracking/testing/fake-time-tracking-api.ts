import {
  MAX_SESSION_SECONDS,
  OFFLINE_LEASE_WINDOW_SECONDS,
  type OfflineLease,
  type PendingSession,
  type SyncRejection,
  TIME_TRACKING,
  type TimeSession,
} from '@cursus/contracts';
import { ApiError } from '@/lib/api-client';
import type { TimeTrackingApi } from '../lib/time-tracker-controller';

interface Row {
  id: string;
  sessionStart: number;
  sessionEnd: number | null;
  durationSeconds: number;
  lastActivityAt: number;
  source: 'online' | 'offline';
}

interface Lease {
  id: string;
  issuedAt: number;
  expiresAt: number;
  usedUntil: number;
}

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`;
};

/**
 * A small in-memory stand-in for the time-tracking routes with the server's rules (resume the newest
 * open session under 8 h and close the others; a count never goes down; an offline session's id
 * counts once; a session the server opened closes at its last activity; offline time only under a
 * lease, inside its window), so the client's flows can be checked end to end against one learner's
 * sessions.
 */
export function createFakeTimeTrackingApi() {
  const rows = new Map<string, Row>();
  const leases = new Map<string, Lease>();
  const toleranceMs = TIME_TRACKING.toleranceSeconds * 1000;
  /** Every earlier lease ends when a start or an online end sees the learner (issue 11). */
  const endLeases = (at: number) => {
    for (const lease of leases.values())
      lease.expiresAt = Math.min(lease.expiresAt, Math.max(at, lease.issuedAt));
  };
  const issueLease = (at: number): OfflineLease => {
    endLeases(at);
    const lease = {
      id: nextId(),
      issuedAt: at,
      expiresAt: at + OFFLINE_LEASE_WINDOW_SECONDS * 1000,
      usedUntil: at,
    };
    leases.set(lease.id, lease);
    return {
      id: lease.id,
      courseId: null,
      issuedAt: new Date(lease.issuedAt).toISOString(),
      expiresAt: new Date(lease.expiresAt).toISOString(),
    };
  };
  const overlaps = (start: number, end: number) =>
    [...rows.values()].some(
      (row) => row.sessionStart < end && (row.sessionEnd ?? row.lastActivityAt) > start,
    );
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
      const offlineLease = issueLease(now);
      if (resumable) return { session: toSession(resumable), resumed: true, closedSessionIds, offlineLease };
      const row: Row = {
        id: nextId(),
        sessionStart: now,
        sessionEnd: null,
        durationSeconds: 0,
        lastActivityAt: now,
        source: 'online',
      };
      rows.set(row.id, row);
      return { session: toSession(row), resumed: false, closedSessionIds, offlineLease };
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
        endLeases(Date.now());
      }
      return { session: toSession(row), alreadyEnded, totals: totals() };
    },
    async sync(sessions: PendingSession[]) {
      reach('sync', tabId, { sessions });
      const refuse = (id: string, reason: SyncRejection) => ({ id, status: 'rejected' as const, reason });
      const sorted = [...sessions].sort((a, b) => a.sessionStart.localeCompare(b.sessionStart));
      const byId = new Map<
        string,
        ReturnType<typeof refuse> | { id: string; status: 'synced' | 'duplicate' }
      >();
      for (const entry of sorted) {
        const row = rows.get(entry.id);
        if (row?.sessionEnd != null) {
          byId.set(entry.id, { id: entry.id, status: 'duplicate' });
          continue;
        }
        if (row) {
          // Closed where the server last saw it, with what it had recorded then.
          const credited = Math.max(
            row.durationSeconds,
            Math.min(entry.durationSeconds, row.durationSeconds + TIME_TRACKING.toleranceSeconds),
          );
          row.durationSeconds = credited;
          row.sessionEnd = row.lastActivityAt;
          byId.set(
            entry.id,
            entry.durationSeconds > credited + TIME_TRACKING.toleranceSeconds
              ? refuse(entry.id, 'unseen_time')
              : { id: entry.id, status: 'synced' },
          );
          continue;
        }
        const start = Date.parse(entry.sessionStart);
        const end = Date.parse(entry.sessionEnd);
        const lease = entry.leaseId ? leases.get(entry.leaseId) : undefined;
        if (!lease) {
          byId.set(entry.id, refuse(entry.id, 'no_lease'));
          continue;
        }
        if (start < lease.usedUntil - toleranceMs || end > lease.expiresAt + toleranceMs) {
          byId.set(entry.id, refuse(entry.id, 'outside_lease'));
          continue;
        }
        if (overlaps(start, end)) {
          byId.set(entry.id, refuse(entry.id, 'overlapping'));
          continue;
        }
        lease.usedUntil = Math.max(lease.usedUntil, end);
        rows.set(entry.id, {
          id: entry.id,
          sessionStart: start,
          sessionEnd: end,
          durationSeconds: entry.durationSeconds,
          lastActivityAt: end,
          source: 'offline',
        });
        byId.set(entry.id, { id: entry.id, status: 'synced' });
      }
      const results = sessions.map((entry) => byId.get(entry.id)!);
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
    leases,
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
        source: 'online',
      };
      rows.set(row.id, row);
      return row.id;
    },
  };
}
