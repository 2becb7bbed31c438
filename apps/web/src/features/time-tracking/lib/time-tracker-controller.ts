import {
  type EndTimeSessionResult,
  type HeartbeatResult,
  MAX_SESSION_SECONDS,
  type PendingSession,
  type ReportTimeIssueInput,
  type StartTimeSessionResult,
  SYNC_BATCH_MAX,
  type SyncPendingSessionsResult,
  TIME_TRACKING,
  type TimeSession,
} from '@cursus/contracts';
import { isApiError } from '@/lib/api-client';
import type { OfflineStore, PendingSessionEntry } from './offline-store';
import type { TabCoordinator, TabPayload } from './tab-coordinator';
import {
  type PauseReason,
  type SessionRef,
  type StopReason,
  systemClock,
  TimeTrackerMachine,
  type TrackerClock,
  type TrackerCommand,
  type TrackerStatus,
} from './time-tracker-machine';

/**
 * Runs the machine in a browser tab: carries its commands out against the API, the offline store
 * and the other tabs, and feeds the answers back as events. Framework-free; the React provider
 * mounts one per signed-in student.
 */

/** What every tab displays: the leader's state, shared with the followers over BroadcastChannel. */
export interface TrackerView {
  status: TrackerStatus;
  pauseReason: PauseReason | null;
  /** The count at `asOf` (with its fraction); it grows with the clock while `isCounting`. */
  elapsedSeconds: number;
  asOf: number;
  isCounting: boolean;
  countdownSeconds: number | null;
  isHighlighted: boolean;
  stopReason: StopReason | null;
  isLeader: boolean;
}

export const INITIAL_VIEW: TrackerView = {
  status: 'starting',
  pauseReason: null,
  elapsedSeconds: 0,
  asOf: 0,
  isCounting: false,
  countdownSeconds: null,
  isHighlighted: false,
  stopReason: null,
  isLeader: false,
};

/** The count shown at `now`. */
export function viewElapsedSeconds(view: TrackerView, now: number): number {
  const running = view.isCounting ? Math.max(0, now - view.asOf) / 1000 : 0;
  return Math.floor(view.elapsedSeconds + running);
}

export interface TimeTrackingApi {
  start: () => Promise<StartTimeSessionResult>;
  listOpen: () => Promise<{ items: TimeSession[] }>;
  heartbeat: (
    sessionId: string,
    elapsedSeconds: number,
    options?: { keepalive?: boolean },
  ) => Promise<HeartbeatResult>;
  end: (sessionId: string, elapsedSeconds: number) => Promise<EndTimeSessionResult>;
  sync: (sessions: PendingSession[]) => Promise<SyncPendingSessionsResult>;
  reportIssue: (input: ReportTimeIssueInput) => Promise<unknown>;
}

/** What the learner is told; the provider turns these into translated toasts. */
export type TrackerNotice =
  | 'resumed'
  | 'syncSuccess'
  | 'syncError'
  /** The server refused some offline time (outside its lease, over the daily ceiling…): not retried. */
  | 'syncRefused'
  | 'sessionStartFailed'
  | 'checkFailed'
  | 'sessionEndFailed'
  | 'loggedOutInactivity';

export interface TimeTrackerControllerOptions {
  userId: string;
  api: TimeTrackingApi;
  store: OfflineStore;
  coordinator: (handlers: {
    onLeadershipChange: (isLeader: boolean) => void;
    onPayload: (payload: TabPayload) => void;
    onPeersChange: () => void;
    isVisible: () => boolean;
  }) => TabCoordinator;
  notify: (notice: TrackerNotice) => void;
  /** SPEC 4: sign-out after the idle countdown (the leader signs out; the followers follow). */
  signOut: (reason: 'inactivity') => void;
  /** Ending a session or a sync changed the totals: refresh what shows them. */
  onTotalsChanged: () => void;
  /** The server no longer knows the learner (signed out in another tab, session expired). */
  onSessionLost?: () => void;
  clock?: TrackerClock;
  random?: () => number;
  createId?: () => string;
  isOnline?: () => boolean;
  isVisible?: () => boolean;
}

export interface TimeTrackerController {
  start: () => void;
  getView: () => TrackerView;
  subscribe: (listener: (view: TrackerView) => void) => () => void;
  /** User activity in this tab (pointer, keys, scroll), forwarded to the leader. */
  reportActivity: () => void;
  confirmPresence: () => void;
  setVisible: (isVisible: boolean) => void;
  setOnline: (isOnline: boolean) => void;
  /** Runs the offline cleanup (SPEC 9: 2 s after mount, every 24 h, on page unload). */
  cleanup: () => Promise<void>;
  /**
   * The page is going away: save the count, hand it to the server (a request that outlives the
   * page), leave the election; ends nothing, since another tab or the next visit goes on with it.
   */
  dispose: () => void;
  /** Stops and ends the session (the learner signs out). */
  stop: () => Promise<void>;
  machine: TimeTrackerMachine;
}

const COUNTING: TrackerStatus[] = ['active', 'offline', 'synchronised'];

function isNetworkFailure(error: unknown): boolean {
  return isApiError(error, 'NETWORK_ERROR') || isApiError(error, 'TIMEOUT');
}

function isSignedOut(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

export function createTimeTrackerController(options: TimeTrackerControllerOptions): TimeTrackerController {
  const clock = options.clock ?? systemClock;
  const { api, store, userId } = options;
  const createId = options.createId ?? (() => crypto.randomUUID());
  const isVisible = options.isVisible ?? (() => document.visibilityState !== 'hidden');
  const listeners = new Set<(view: TrackerView) => void>();
  const isBrowserOnline = () => options.isOnline?.() ?? navigator.onLine;
  let view: TrackerView = INITIAL_VIEW;
  let isPageVisible = isVisible();
  let reportedVisible = true;
  let hasCheckFailed = false;
  let verifyTimer: ReturnType<typeof setInterval> | null = null;
  let cleanupTimer: ReturnType<typeof setInterval> | null = null;
  let firstCleanupTimer: ReturnType<typeof setTimeout> | null = null;
  let broadcastTimer: ReturnType<typeof setInterval> | null = null;
  let endPromise: Promise<void> = Promise.resolve();
  let isDisposed = false;
  /**
   * The offline lease of the last start (issue 11): time counted without the server is declared
   * under it, and the server credits it only inside the lease's window.
   */
  let leaseId: string | null = null;
  /** What the server last recorded of its session (start or heartbeat answer): where it closes it. */
  let serverSeen: { sessionId: string; durationSeconds: number; lastActivityAt: string } | null = null;
  const see = (seen: { id: string; durationSeconds: number; lastActivityAt: string }) => {
    serverSeen = {
      sessionId: seen.id,
      durationSeconds: seen.durationSeconds,
      lastActivityAt: seen.lastActivityAt,
    };
  };

  const setView = (next: TrackerView) => {
    view = next;
    for (const listener of listeners) listener(view);
  };

  const machine = new TimeTrackerMachine({
    clock,
    random: options.random,
    createId: options.createId,
    onCommand: (command) => void run(command),
  });

  const leaderView = (): TrackerView => {
    const snapshot = machine.getSnapshot();
    return {
      status: snapshot.status,
      pauseReason: snapshot.pauseReason,
      elapsedSeconds: machine.getPreciseElapsedSeconds(),
      asOf: clock.now(),
      isCounting: COUNTING.includes(snapshot.status),
      countdownSeconds: snapshot.countdownSeconds,
      isHighlighted: snapshot.isHighlighted,
      stopReason: snapshot.stopReason,
      isLeader: true,
    };
  };

  const shareState = () => {
    if (!coordinator.isLeader()) return;
    const next = leaderView();
    setView(next);
    coordinator.broadcast({ type: 'state', state: next });
  };

  const coordinator = options.coordinator({
    isVisible: () => isPageVisible,
    onLeadershipChange: (isLeader) => {
      if (isLeader) {
        machine.send({ type: 'LEADERSHIP_GAINED' });
        if (!isBrowserOnline()) machine.send({ type: 'OFFLINE' });
        syncVisibility();
        startLeaderTimers();
      } else {
        stopLeaderTimers();
        machine.send({ type: 'LEADERSHIP_LOST' });
        setView({ ...view, isLeader: false });
      }
    },
    onPayload: (payload) => {
      if (payload.type === 'state') {
        if (coordinator.isLeader()) return;
        const shared = payload.state as TrackerView;
        const wasSignedOut = view.stopReason === 'inactivity';
        setView({ ...shared, isLeader: false });
        // The leader signed the learner out for inactivity: this tab follows.
        if (shared.stopReason === 'inactivity' && !wasSignedOut) options.signOut('inactivity');
        return;
      }
      if (!coordinator.isLeader()) return;
      if (payload.type === 'activity') machine.send({ type: 'ACTIVITY' });
      if (payload.type === 'presence-confirmed') machine.send({ type: 'PRESENCE_CONFIRMED' });
    },
    onPeersChange: () => syncVisibility(),
  });

  /** The page counts as hidden only when no tab of the learner shows it. */
  function syncVisibility() {
    if (!coordinator.isLeader()) return;
    const anyVisible = coordinator.isAnyTabVisible();
    if (anyVisible === reportedVisible) return;
    reportedVisible = anyVisible;
    machine.send({ type: anyVisible ? 'VISIBILITY_VISIBLE' : 'VISIBILITY_HIDDEN' });
  }

  const report = (input: ReportTimeIssueInput) => {
    api.reportIssue(input).catch(() => {
      // Reporting is best effort: the server logs its own side of the failure.
    });
  };

  const pendingEntry = (
    fields: Pick<PendingSessionEntry, 'id' | 'sessionStart' | 'sessionEnd' | 'durationSeconds'> & {
      leaseId?: string | null;
    },
  ): PendingSessionEntry => {
    const { leaseId: lease, ...rest } = fields;
    return { ...rest, userId, createdAt: clock.now(), synced: false, ...(lease ? { leaseId: lease } : {}) };
  };

  /**
   * What a session that could not be saved becomes in the pending store. A session of this browser
   * is offline time under the lease. One the server opened is closed where the server last saw
   * it: what was counted after that (beyond the 30 s tolerance) is sent apart, as offline time.
   */
  function toPending(session: SessionRef): PendingSessionEntry[] {
    // Never before the start: the server refuses a session that ends before it starts.
    const end = Math.max(clock.now(), Date.parse(session.sessionStart));
    const whole = {
      id: session.sessionId,
      sessionStart: session.sessionStart,
      sessionEnd: new Date(end).toISOString(),
      durationSeconds: session.elapsedSeconds,
    };
    if (!session.isServerSession) return [pendingEntry({ ...whole, leaseId })];
    const seen = serverSeen?.sessionId === session.sessionId ? serverSeen : null;
    if (!seen || session.elapsedSeconds <= seen.durationSeconds + TIME_TRACKING.toleranceSeconds) {
      return [pendingEntry(whole)];
    }
    const offlineStart = Date.parse(seen.lastActivityAt);
    const offlineEnd = Math.max(end, offlineStart);
    return [
      pendingEntry({ ...whole, sessionEnd: seen.lastActivityAt, durationSeconds: seen.durationSeconds }),
      pendingEntry({
        id: createId(),
        sessionStart: seen.lastActivityAt,
        sessionEnd: new Date(offlineEnd).toISOString(),
        durationSeconds: Math.min(
          session.elapsedSeconds - seen.durationSeconds,
          Math.floor((offlineEnd - offlineStart) / 1000),
        ),
        leaseId,
      }),
    ];
  }

  async function keepPending(session: SessionRef) {
    for (const entry of toPending(session)) await store.addPendingSession(entry).catch(() => undefined);
  }

  /** Sends every unsynced pending entry; entries the server answered for (any status) are marked synced. */
  async function syncPending(): Promise<'none' | 'synced' | 'failed'> {
    // Oldest first: the server credits a lease's time in order, never before what it already credited.
    const pending = (await store.listPendingSessions(userId))
      .filter((entry) => !entry.synced)
      .sort((a, b) => a.sessionStart.localeCompare(b.sessionStart));
    if (pending.length === 0) return 'none';
    let hasRejection = false;
    try {
      for (let index = 0; index < pending.length; index += SYNC_BATCH_MAX) {
        const batch = pending.slice(index, index + SYNC_BATCH_MAX);
        const answer = await api.sync(
          batch.map(({ id, sessionStart, sessionEnd, durationSeconds, leaseId: lease }) => ({
            id,
            sessionStart,
            sessionEnd,
            durationSeconds,
            ...(lease ? { leaseId: lease } : {}),
          })),
        );
        // A refused entry would be refused again: the server logged and alerted it (sync_error).
        await store.markSynced(answer.results.map((result) => result.id));
        if (answer.results.some((result) => result.status === 'rejected')) hasRejection = true;
      }
    } catch {
      options.notify('syncError');
      return 'failed';
    }
    options.onTotalsChanged();
    options.notify(hasRejection ? 'syncRefused' : 'syncSuccess');
    return hasRejection ? 'failed' : 'synced';
  }

  async function start() {
    const local = await store.readLocalTime(userId).catch(() => undefined);
    let result: StartTimeSessionResult;
    try {
      result = await api.start();
    } catch (error) {
      // Opened without the server: the lease saved by the last visit covers what is counted now.
      leaseId ??= local?.leaseId ?? null;
      const isOffline = isNetworkFailure(error);
      if (!isOffline) {
        options.notify('sessionStartFailed');
        report({ issueType: 'session_creation_failed', message: String((error as Error).message ?? error) });
      }
      machine.send({ type: 'SESSION_START_FAILED', isOffline });
      return;
    }
    const { session } = result;
    leaseId = result.offlineLease.id;
    see(session);
    let elapsedSeconds = session.durationSeconds;
    if (local && local.sessionId === session.id) {
      // Closed without unload: the local count may be ahead of the last heartbeat.
      elapsedSeconds = Math.max(elapsedSeconds, Math.min(local.elapsedTime, MAX_SESSION_SECONDS));
    } else if (local && local.elapsedTime > 0) {
      // A session of an earlier visit: sent once; the server counts what it does not have yet.
      await store
        .addPendingSession(
          pendingEntry({
            id: local.sessionId,
            sessionStart: new Date(local.lastUpdate - local.elapsedTime * 1000).toISOString(),
            sessionEnd: new Date(local.lastUpdate).toISOString(),
            durationSeconds: local.elapsedTime,
            leaseId: local.leaseId,
          }),
        )
        .catch(() => undefined);
      await store.clearLocalTime(userId).catch(() => undefined);
      void syncPending();
    }
    machine.send({
      type: 'SESSION_STARTED',
      sessionId: session.id,
      sessionStart: session.sessionStart,
      elapsedSeconds,
      resumed: result.resumed,
    });
  }

  async function persist(session: SessionRef, heartbeat: boolean) {
    await store
      .saveLocalTime({
        userId,
        elapsedTime: session.elapsedSeconds,
        sessionId: session.sessionId,
        lastUpdate: clock.now(),
        ...(leaseId ? { leaseId } : {}),
      })
      .catch(() => undefined);
    if (!coordinator.isLeader()) return;
    if (!heartbeat) {
      // The browser says it is online but the server did not answer (it restarted, a proxy failed):
      // once it answers again, the offline time is synced like after a real disconnection.
      if (isBrowserOnline()) {
        await api.listOpen().then(
          () => machine.send({ type: 'ONLINE' }),
          () => undefined,
        );
      }
      return;
    }
    try {
      const answer = await api.heartbeat(session.sessionId, session.elapsedSeconds);
      see(answer);
      if (answer.maxReached) machine.send({ type: 'MAX_DURATION_REACHED' });
      else if (!answer.isOpen) machine.send({ type: 'SESSION_CLOSED' });
    } catch (error) {
      if (isNetworkFailure(error)) machine.send({ type: 'OFFLINE' });
      else if (isApiError(error, 'NOT_FOUND')) machine.send({ type: 'SESSION_CLOSED' });
      else if (isSignedOut(error)) loseSession();
    }
  }

  async function end(session: SessionRef) {
    if (session.isServerSession && isBrowserOnline()) {
      try {
        await api.end(session.sessionId, session.elapsedSeconds);
        await store.clearLocalTime(userId).catch(() => undefined);
        options.onTotalsChanged();
        return;
      } catch (error) {
        if (!isNetworkFailure(error) && !isSignedOut(error)) {
          options.notify('sessionEndFailed');
          report({ issueType: 'session_end_failed', sessionId: session.sessionId });
        }
      }
    }
    // SPEC 4: a session that cannot be saved waits in the pending store.
    await keepPending(session);
    await store.clearLocalTime(userId).catch(() => undefined);
  }

  async function syncOffline(session: SessionRef) {
    await keepPending(session);
    await store.clearLocalTime(userId).catch(() => undefined);
    const outcome = await syncPending().catch(() => 'failed' as const);
    machine.send({ type: outcome === 'failed' ? 'SYNC_FAILED' : 'SYNC_SUCCEEDED' });
  }

  async function reconcile(session: SessionRef) {
    // Record our count first, so nothing counted here is lost when the server keeps another session.
    await api.heartbeat(session.sessionId, session.elapsedSeconds).catch(() => undefined);
    try {
      const result = await api.start();
      leaseId = result.offlineLease.id;
      see(result.session);
      machine.send({
        type: 'SESSION_STARTED',
        sessionId: result.session.id,
        sessionStart: result.session.sessionStart,
        elapsedSeconds: result.session.durationSeconds,
        resumed: result.resumed,
      });
    } catch (error) {
      machine.send({ type: 'SESSION_START_FAILED', isOffline: isNetworkFailure(error) });
    }
  }

  async function run(command: TrackerCommand) {
    switch (command.type) {
      case 'start-session':
        return start();
      case 'persist':
        return persist(command.session, command.heartbeat);
      case 'end-session':
        endPromise = end(command.session);
        return endPromise;
      case 'sync-offline':
        return syncOffline(command.session);
      case 'reconcile':
        return reconcile(command.session);
      case 'sign-out':
        // The session ends while the learner is still signed in, then the sign-out.
        await endPromise;
        options.notify('loggedOutInactivity');
        options.signOut('inactivity');
        return;
      case 'notify-resumed':
        options.notify('resumed');
        return;
    }
  }

  /** SPEC 4: the server's open session must be ours; otherwise reconcile with the newest. */
  async function verify() {
    const snapshot = machine.getSnapshot();
    if (!snapshot.sessionId || !snapshot.isServerSession || !isBrowserOnline()) return;
    try {
      const { items } = await api.listOpen();
      hasCheckFailed = false;
      const current = machine.getSnapshot();
      if (current.sessionId !== snapshot.sessionId) return;
      if (items.length === 0) machine.send({ type: 'SESSION_CLOSED' });
      else if (items.length > 1 || items[0]!.id !== snapshot.sessionId)
        machine.send({ type: 'SESSION_DUPLICATE' });
    } catch (error) {
      if (isNetworkFailure(error)) {
        machine.send({ type: 'OFFLINE' });
        return;
      }
      if (isSignedOut(error)) {
        loseSession();
        return;
      }
      // SPEC 8 'could not check the active session', once per failure streak.
      if (!hasCheckFailed) options.notify('checkFailed');
      hasCheckFailed = true;
    }
  }

  function startLeaderTimers() {
    stopLeaderTimers();
    // SPEC 9: session verification every 10 s; the followers hear the time with each heartbeat (5 s).
    verifyTimer = clock.setInterval(() => void verify(), TIME_TRACKING.sessionVerifyIntervalMs);
    broadcastTimer = clock.setInterval(shareState, TIME_TRACKING.crossTabHeartbeatMs);
  }

  function stopLeaderTimers() {
    if (verifyTimer !== null) clock.clearInterval(verifyTimer);
    if (broadcastTimer !== null) clock.clearInterval(broadcastTimer);
    verifyTimer = null;
    broadcastTimer = null;
  }

  /** Signed out elsewhere: stop (the end is kept in the pending store if refused) and let the app know. */
  function loseSession() {
    machine.send({ type: 'SIGNED_OUT' });
    options.onSessionLost?.();
  }

  async function cleanup() {
    await store.purgeSynced(clock.now()).catch(() => 0);
    if (coordinator.isLeader() && isBrowserOnline()) await syncPending().catch(() => undefined);
  }

  machine.subscribe(() => shareState());

  return {
    machine,
    start() {
      machine.send({ type: 'AUTH_READY' });
      coordinator.start();
      // SPEC 9: offline cleanup 2 s after mount, then every 24 h.
      firstCleanupTimer = clock.setTimeout(() => void cleanup(), TIME_TRACKING.cleanupDelayMs);
      cleanupTimer = clock.setInterval(() => void cleanup(), TIME_TRACKING.offlineCleanupIntervalMs);
    },
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportActivity() {
      if (coordinator.isLeader()) machine.send({ type: 'ACTIVITY' });
      else coordinator.broadcast({ type: 'activity' });
    },
    confirmPresence() {
      if (coordinator.isLeader()) machine.send({ type: 'PRESENCE_CONFIRMED' });
      else coordinator.broadcast({ type: 'presence-confirmed' });
    },
    setVisible(next) {
      isPageVisible = next;
      coordinator.announce();
      syncVisibility();
    },
    setOnline(isOnline) {
      if (coordinator.isLeader()) machine.send({ type: isOnline ? 'ONLINE' : 'OFFLINE' });
    },
    cleanup,
    dispose() {
      if (isDisposed) return;
      isDisposed = true;
      const session = machine.getSnapshot();
      if (session.sessionId && coordinator.isLeader()) {
        const elapsedTime = machine.getElapsedSeconds();
        void store
          .saveLocalTime({
            userId,
            elapsedTime,
            sessionId: session.sessionId,
            lastUpdate: clock.now(),
            ...(leaseId ? { leaseId } : {}),
          })
          .catch(() => undefined);
        // Up to 30 s were counted since the last heartbeat: without this, a closed tab loses them.
        if (session.isServerSession && session.status !== 'offline' && session.status !== 'stopped') {
          api.heartbeat(session.sessionId, elapsedTime, { keepalive: true }).catch(() => undefined);
        }
      }
      stopLeaderTimers();
      if (firstCleanupTimer !== null) clock.clearTimeout(firstCleanupTimer);
      if (cleanupTimer !== null) clock.clearInterval(cleanupTimer);
      machine.dispose();
      coordinator.dispose();
      listeners.clear();
    },
    async stop() {
      if (coordinator.isLeader()) machine.send({ type: 'SIGNED_OUT' });
      await endPromise;
    },
  };
}
