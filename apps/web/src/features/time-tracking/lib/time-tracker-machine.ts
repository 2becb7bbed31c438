import { MAX_SESSION_SECONDS, TIME_TRACKING } from '@cursus/contracts';

/**
 * The learner's time tracker (SPEC 4, 9) as a framework-free state machine. It owns the states, the
 * count of active seconds and every timer; it does no I/O. What must happen outside (call the API,
 * write IndexedDB, sign out, raise a toast) comes out as commands; what happened outside (the
 * server answered, the tab was hidden, the connection dropped) goes in as events.
 */

export type TrackerStatus =
  | 'stopped'
  | 'starting'
  | 'active'
  | 'paused'
  | 'idle-warning'
  | 'offline'
  | 'synchronised';
export type PauseReason = 'inactivity' | 'tab-hidden';
export type StopReason = 'signed-out' | 'inactivity' | 'max-duration' | 'leadership-lost';

export interface TrackerSnapshot {
  status: TrackerStatus;
  /** 'inactivity' while the idle dialog counts down, 'tab-hidden' after the page was hidden 2 minutes. */
  pauseReason: PauseReason | null;
  elapsedSeconds: number;
  sessionId: string | null;
  /** ISO time the session started (server's for a server session, this browser's otherwise). */
  sessionStart: string | null;
  /** False for a session opened while the server could not be reached (to sync later). */
  isServerSession: boolean;
  /** Seconds left before the inactivity sign-out, while the idle dialog shows. */
  countdownSeconds: number | null;
  /** Briefly true when the timer resumes after the tab came back (SPEC 4 highlight). */
  isHighlighted: boolean;
  isLeader: boolean;
  stopReason: StopReason | null;
}

export type TrackerEvent =
  | { type: 'AUTH_READY' }
  | { type: 'SIGNED_OUT' }
  | { type: 'LEADERSHIP_GAINED' }
  | { type: 'LEADERSHIP_LOST' }
  /** The server opened a session, or resumed the newest open one under the maximum age. */
  | {
      type: 'SESSION_STARTED';
      sessionId: string;
      sessionStart: string;
      elapsedSeconds: number;
      resumed: boolean;
    }
  /** The start request failed; `isOffline` when the server could not be reached at all. */
  | { type: 'SESSION_START_FAILED'; isOffline: boolean }
  /** Our session was closed elsewhere (reset, integrity job): a new one starts. */
  | { type: 'SESSION_CLOSED' }
  /** The server's open session is not ours, or there are several: reconcile with the newest. */
  | { type: 'SESSION_DUPLICATE' }
  | { type: 'VISIBILITY_HIDDEN' }
  | { type: 'VISIBILITY_VISIBLE' }
  | { type: 'ACTIVITY' }
  | { type: 'IDLE_TIMEOUT' }
  | { type: 'PRESENCE_CONFIRMED' }
  | { type: 'COUNTDOWN_ELAPSED' }
  | { type: 'OFFLINE' }
  | { type: 'ONLINE' }
  | { type: 'SYNC_SUCCEEDED' }
  | { type: 'SYNC_FAILED' }
  | { type: 'MAX_DURATION_REACHED' };

export interface SessionRef {
  sessionId: string;
  sessionStart: string;
  elapsedSeconds: number;
  /** False: the server never saw this session (opened offline). */
  isServerSession: boolean;
}

export type TrackerCommand =
  /** Start or resume (the server resumes the newest open session under 8 h, closes the others). */
  | { type: 'start-session' }
  /** Every 30 s: save local time; with `heartbeat`, also record the count on the server. */
  | { type: 'persist'; session: SessionRef; heartbeat: boolean }
  /** End the session with its duration, clear local time, refresh the total. */
  | { type: 'end-session'; session: SessionRef; reason: StopReason }
  /** Back online: what was counted offline goes to the pending store and is synced, once. */
  | { type: 'sync-offline'; session: SessionRef }
  /** Record our count, then start again so the server hands back its newest open session. */
  | { type: 'reconcile'; session: SessionRef }
  | { type: 'sign-out'; reason: 'inactivity' }
  /** SPEC 4 'Chrono repris' toast. */
  | { type: 'notify-resumed' };

type TimerHandle = ReturnType<typeof setTimeout>;

/** Injected so tests drive time with fake timers and a fixed random source. */
export interface TrackerClock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => TimerHandle;
  clearTimeout: (handle: TimerHandle) => void;
  setInterval: (callback: () => void, ms: number) => TimerHandle;
  clearInterval: (handle: TimerHandle) => void;
}

export const systemClock: TrackerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle),
};

/** How long the 'synchronised' state shows after an offline sync (SPEC 9 reconnection banner: 3 s). */
export const SYNCHRONISED_DISPLAY_MS = 3000;
/** The 'brief highlight' of SPEC 4 when the timer resumes. */
export const RESUME_HIGHLIGHT_MS = 2000;

/** SPEC 9: 1 h plus a random part of up to 1 h. `random` returns [0, 1), like Math.random. */
export function drawIdleTimeoutMs(random: () => number): number {
  const span = TIME_TRACKING.idleTimeoutMaxMs - TIME_TRACKING.idleTimeoutMinMs;
  return TIME_TRACKING.idleTimeoutMinMs + Math.floor(Math.min(Math.max(random(), 0), 1) * span);
}

export interface TimeTrackerMachineOptions {
  clock?: TrackerClock;
  random?: () => number;
  /** Ids of sessions opened offline; they become the pending entry's id, the server's idempotence key. */
  createId?: () => string;
  onCommand: (command: TrackerCommand) => void;
}

export class TimeTrackerMachine {
  private readonly clock: TrackerClock;
  private readonly random: () => number;
  private readonly createId: () => string;
  private readonly onCommand: (command: TrackerCommand) => void;
  private readonly listeners = new Set<(snapshot: TrackerSnapshot) => void>();

  private isAuthReady = false;
  private isLeader = false;
  private isStarting = false;
  private isOnline = true;
  private isSyncing = false;
  /** Counting between an offline session handed to the sync and the next session. */
  private isCarrying = false;
  private isPageHidden = false;
  private isHiddenPaused = false;
  private hiddenSince = 0;
  private isIdleWarning = false;
  private stopReason: StopReason | null = null;
  private session: { id: string; start: string; isServer: boolean; wasOffline: boolean } | null = null;
  /** Seconds counted before `countingSince`. */
  private baseSeconds = 0;
  private countingSince: number | null = null;
  private countdownSeconds: number | null = null;
  private synchronisedUntil = 0;
  private isHighlighted = false;
  private idleTimeoutMs: number;
  private snapshot: TrackerSnapshot;

  private persistTimer: TimerHandle | null = null;
  private hiddenTimer: TimerHandle | null = null;
  private idleTimer: TimerHandle | null = null;
  private countdownTimer: TimerHandle | null = null;
  private maxTimer: TimerHandle | null = null;
  private synchronisedTimer: TimerHandle | null = null;
  private highlightTimer: TimerHandle | null = null;

  constructor(options: TimeTrackerMachineOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.createId = options.createId ?? (() => crypto.randomUUID());
    this.onCommand = options.onCommand;
    this.idleTimeoutMs = drawIdleTimeoutMs(this.random);
    this.snapshot = this.buildSnapshot();
  }

  /** The idle timeout currently drawn (SPEC 9: between 1 and 2 h). */
  getIdleTimeoutMs(): number {
    return this.idleTimeoutMs;
  }

  getSnapshot(): TrackerSnapshot {
    return this.snapshot;
  }

  /** The count right now in whole seconds, including the seconds since the last event. */
  getElapsedSeconds(): number {
    return Math.floor(this.getPreciseElapsedSeconds());
  }

  /** The same with its fraction, so a display extrapolating from it does not drift by a second. */
  getPreciseElapsedSeconds(): number {
    const running = this.countingSince === null ? 0 : (this.clock.now() - this.countingSince) / 1000;
    return Math.min(MAX_SESSION_SECONDS, this.baseSeconds + running);
  }

  subscribe(listener: (snapshot: TrackerSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(event: TrackerEvent): void {
    this.handle(event);
    this.update();
  }

  /** Stops every timer without ending anything (the page is going away or the provider unmounts). */
  dispose(): void {
    this.commit();
    this.clearAllTimers();
    this.listeners.clear();
  }

  private handle(event: TrackerEvent): void {
    switch (event.type) {
      case 'AUTH_READY':
        this.isAuthReady = true;
        this.stopReason = null;
        this.requestStart();
        return;
      case 'LEADERSHIP_GAINED':
        this.isLeader = true;
        this.stopReason = null;
        this.requestStart();
        return;
      case 'LEADERSHIP_LOST': {
        // Another tab takes over the same server session: save what we counted, end nothing.
        const session = this.sessionRef();
        this.isLeader = false;
        if (session)
          this.onCommand({ type: 'persist', session, heartbeat: session.isServerSession && this.isOnline });
        this.reset('leadership-lost');
        return;
      }
      case 'SIGNED_OUT':
        this.isAuthReady = false;
        this.stop('signed-out');
        return;
      case 'SESSION_STARTED':
        this.onSessionStarted(event);
        return;
      case 'SESSION_START_FAILED':
        if (!this.isStarting) return;
        this.isStarting = false;
        if (event.isOffline) this.isOnline = false;
        // A failed reconciliation keeps the session it had.
        if (this.session) return;
        // SPEC 4 offline: the time still counts, in a session of this browser synced later.
        this.openSession({
          id: this.createId(),
          start: new Date(this.clock.now()).toISOString(),
          isServer: false,
          elapsedSeconds: this.takeCarriedSeconds(),
        });
        return;
      case 'SESSION_CLOSED':
        if (!this.session?.isServer || this.isSyncing) return;
        this.commit();
        this.session = null;
        this.baseSeconds = 0;
        this.requestStart();
        return;
      case 'SESSION_DUPLICATE': {
        const session = this.sessionRef();
        if (session?.isServerSession && !this.isSyncing && !this.isStarting) {
          this.isStarting = true;
          this.onCommand({ type: 'reconcile', session });
        }
        return;
      }
      case 'VISIBILITY_HIDDEN':
        if (!this.isPageHidden) this.hiddenSince = this.clock.now();
        this.isPageHidden = true;
        if (this.hiddenTimer === null && this.session) {
          // SPEC 9: paused after the page has been hidden 120,000 ms.
          this.hiddenTimer = this.clock.setTimeout(() => {
            this.hiddenTimer = null;
            this.pauseForHiddenTab();
            this.update();
          }, TIME_TRACKING.tabHiddenGraceMs);
        }
        return;
      case 'VISIBILITY_VISIBLE':
        this.isPageHidden = false;
        this.clearTimer('hiddenTimer');
        if (this.isHiddenPaused) {
          this.isHiddenPaused = false;
          this.highlight();
          this.onCommand({ type: 'notify-resumed' });
          this.restartIdleTimer();
        }
        return;
      case 'ACTIVITY':
        if (!this.isIdleWarning) this.restartIdleTimer();
        return;
      case 'IDLE_TIMEOUT':
        if (!this.session || this.isIdleWarning || this.isHiddenPaused) return;
        this.commit();
        this.isIdleWarning = true;
        this.clearTimer('idleTimer');
        // SPEC 9: a 300 s countdown before the sign-out.
        this.countdownSeconds = TIME_TRACKING.idleCountdownSeconds;
        this.countdownTimer = this.clock.setInterval(() => {
          this.countdownSeconds = Math.max(0, (this.countdownSeconds ?? 0) - 1);
          if (this.countdownSeconds === 0) this.send({ type: 'COUNTDOWN_ELAPSED' });
          else this.update();
        }, 1000);
        return;
      case 'PRESENCE_CONFIRMED':
        if (!this.isIdleWarning) return;
        this.isIdleWarning = false;
        this.countdownSeconds = null;
        this.clearTimer('countdownTimer', true);
        // SPEC 4: confirming presence draws a new random idle timeout.
        this.idleTimeoutMs = drawIdleTimeoutMs(this.random);
        this.restartIdleTimer();
        return;
      case 'COUNTDOWN_ELAPSED':
        if (!this.isIdleWarning) return;
        this.stop('inactivity');
        this.onCommand({ type: 'sign-out', reason: 'inactivity' });
        return;
      case 'OFFLINE':
        if (!this.isOnline) return;
        this.isOnline = false;
        if (this.session) this.session.wasOffline = true;
        return;
      case 'ONLINE':
        if (this.isOnline) return;
        this.isOnline = true;
        this.syncOffline();
        return;
      case 'SYNC_SUCCEEDED':
      case 'SYNC_FAILED':
        if (!this.isSyncing) return;
        this.isSyncing = false;
        if (event.type === 'SYNC_SUCCEEDED') {
          this.synchronisedUntil = this.clock.now() + SYNCHRONISED_DISPLAY_MS;
          this.clearTimer('synchronisedTimer');
          this.synchronisedTimer = this.clock.setTimeout(() => {
            this.synchronisedTimer = null;
            this.update();
          }, SYNCHRONISED_DISPLAY_MS);
        }
        this.requestStart();
        return;
      case 'MAX_DURATION_REACHED':
        if (!this.session) return;
        this.commit();
        this.baseSeconds = MAX_SESSION_SECONDS;
        this.stop('max-duration');
        return;
    }
  }

  /** SPEC 4: paused with reason 'tab-hidden' once the page has stayed hidden through the grace. */
  private pauseForHiddenTab(): void {
    if (!this.isPageHidden || !this.session || this.isIdleWarning) return;
    // A hidden tab's timers may fire late (browsers throttle them): the pause starts at the grace's end.
    this.commit(this.hiddenSince + TIME_TRACKING.tabHiddenGraceMs);
    this.isHiddenPaused = true;
    this.clearTimer('idleTimer');
  }

  private onSessionStarted(event: Extract<TrackerEvent, { type: 'SESSION_STARTED' }>): void {
    if (!this.isStarting || !this.isLeader) return;
    this.isStarting = false;
    const sameSession = this.session?.id === event.sessionId;
    const carried = this.takeCarriedSeconds();
    // A resumed session continues from the server's count; a new one gets what was counted while it was being opened.
    const elapsedSeconds = sameSession
      ? Math.max(event.elapsedSeconds, this.getElapsedSeconds())
      : event.resumed
        ? event.elapsedSeconds
        : event.elapsedSeconds + carried;
    this.openSession({ id: event.sessionId, start: event.sessionStart, isServer: true, elapsedSeconds });
  }

  /** Seconds counted while no session held them (between a sync and the next start). */
  private takeCarriedSeconds(): number {
    if (this.session) return 0;
    const carried = this.isCarrying ? this.getElapsedSeconds() : 0;
    this.isCarrying = false;
    this.baseSeconds = 0;
    this.countingSince = null;
    return carried;
  }

  private openSession(input: { id: string; start: string; isServer: boolean; elapsedSeconds: number }): void {
    this.commit();
    this.session = { id: input.id, start: input.start, isServer: input.isServer, wasOffline: !this.isOnline };
    this.baseSeconds = Math.min(MAX_SESSION_SECONDS, input.elapsedSeconds);
    this.countingSince = null;
    if (this.persistTimer === null) {
      // SPEC 9: local time saved every 30 s (and the server's count kept fresh with it).
      this.persistTimer = this.clock.setInterval(() => this.persist(), TIME_TRACKING.localSaveIntervalMs);
    }
    if (this.isPageHidden && this.hiddenTimer === null) this.handle({ type: 'VISIBILITY_HIDDEN' });
    this.restartIdleTimer();
    if (this.baseSeconds >= MAX_SESSION_SECONDS) this.handle({ type: 'MAX_DURATION_REACHED' });
  }

  private persist(): void {
    const session = this.sessionRef();
    if (!session) return;
    if (!session.isServerSession && this.isOnline && !this.isSyncing) {
      // Opened offline (or the start failed) and the server answers again: sync and start for real.
      this.syncOffline();
      this.update();
      return;
    }
    this.onCommand({ type: 'persist', session, heartbeat: session.isServerSession && this.isOnline });
  }

  private syncOffline(): void {
    const session = this.sessionRef();
    if (!session || !this.session) return;
    if (this.session.isServer && !this.session.wasOffline) return;
    if (this.isStarting) return;
    this.commit();
    this.isSyncing = true;
    this.isCarrying = true;
    // The offline session is handed over whole; counting goes on, carried into the next session.
    this.session = null;
    this.baseSeconds = 0;
    this.onCommand({ type: 'sync-offline', session });
  }

  private requestStart(): void {
    if (!this.isAuthReady || !this.isLeader || this.isStarting || this.isSyncing || this.session) return;
    this.isStarting = true;
    this.onCommand({ type: 'start-session' });
  }

  private stop(reason: StopReason): void {
    const session = this.sessionRef();
    if (session) this.onCommand({ type: 'end-session', session, reason });
    this.reset(reason);
  }

  private reset(reason: StopReason): void {
    this.commit();
    this.clearAllTimers();
    this.session = null;
    this.baseSeconds = reason === 'max-duration' ? MAX_SESSION_SECONDS : 0;
    this.isStarting = false;
    this.isSyncing = false;
    this.isCarrying = false;
    this.isIdleWarning = false;
    this.isHiddenPaused = false;
    this.countdownSeconds = null;
    this.synchronisedUntil = 0;
    this.stopReason = reason;
  }

  private sessionRef(): SessionRef | null {
    if (!this.session) return null;
    return {
      sessionId: this.session.id,
      sessionStart: this.session.start,
      elapsedSeconds: this.getElapsedSeconds(),
      isServerSession: this.session.isServer,
    };
  }

  private isCounting(): boolean {
    return (
      this.isLeader &&
      this.stopReason === null &&
      (this.session !== null || this.isCarrying) &&
      !this.isHiddenPaused &&
      !this.isIdleWarning
    );
  }

  /** Folds the seconds counted up to `at` (now by default) into the base. */
  private commit(at = this.clock.now()): void {
    if (this.countingSince === null) return;
    const end = Math.max(this.countingSince, at);
    this.baseSeconds = Math.min(MAX_SESSION_SECONDS, this.baseSeconds + (end - this.countingSince) / 1000);
    this.countingSince = null;
  }

  private restartIdleTimer(): void {
    this.clearTimer('idleTimer');
    if (!this.session || this.isHiddenPaused || this.isIdleWarning || !this.isLeader) return;
    this.idleTimer = this.clock.setTimeout(() => {
      this.idleTimer = null;
      this.send({ type: 'IDLE_TIMEOUT' });
    }, this.idleTimeoutMs);
  }

  private highlight(): void {
    this.isHighlighted = true;
    this.clearTimer('highlightTimer');
    this.highlightTimer = this.clock.setTimeout(() => {
      this.highlightTimer = null;
      this.isHighlighted = false;
      this.update();
    }, RESUME_HIGHLIGHT_MS);
  }

  /** Recomputes the counting clock, the maximum-duration timer and the snapshot; tells listeners. */
  private update(): void {
    const counting = this.isCounting();
    if (counting && this.countingSince === null) this.countingSince = this.clock.now();
    if (!counting) this.commit();
    this.clearTimer('maxTimer');
    if (counting && this.session) {
      // SPEC 4: the session stops by itself at the maximum duration (28,800 s).
      const remainingMs =
        (MAX_SESSION_SECONDS - this.baseSeconds) * 1000 - (this.clock.now() - this.countingSince!);
      this.maxTimer = this.clock.setTimeout(
        () => {
          this.maxTimer = null;
          this.send({ type: 'MAX_DURATION_REACHED' });
        },
        Math.max(0, Math.ceil(remainingMs)),
      );
    }
    const next = this.buildSnapshot();
    if (!sameSnapshot(next, this.snapshot)) {
      this.snapshot = next;
      for (const listener of this.listeners) listener(next);
    }
  }

  private buildSnapshot(): TrackerSnapshot {
    return {
      status: this.computeStatus(),
      pauseReason: this.isIdleWarning ? 'inactivity' : this.isHiddenPaused ? 'tab-hidden' : null,
      elapsedSeconds: this.getElapsedSeconds(),
      sessionId: this.session?.id ?? null,
      sessionStart: this.session?.start ?? null,
      isServerSession: this.session?.isServer ?? false,
      countdownSeconds: this.countdownSeconds,
      isHighlighted: this.isHighlighted,
      isLeader: this.isLeader,
      stopReason: this.stopReason,
    };
  }

  private computeStatus(): TrackerStatus {
    if (this.stopReason !== null || !this.isLeader || !this.isAuthReady) return 'stopped';
    if (this.isIdleWarning) return 'idle-warning';
    if (this.isHiddenPaused) return 'paused';
    if (!this.isOnline || this.isSyncing || (this.session && !this.session.isServer)) return 'offline';
    if (!this.session) return 'starting';
    if (this.clock.now() < this.synchronisedUntil) return 'synchronised';
    return 'active';
  }

  private clearTimer(
    name:
      | 'persistTimer'
      | 'hiddenTimer'
      | 'idleTimer'
      | 'countdownTimer'
      | 'maxTimer'
      | 'synchronisedTimer'
      | 'highlightTimer',
    isInterval = false,
  ): void {
    const handle = this[name];
    if (handle === null) return;
    if (isInterval) this.clock.clearInterval(handle);
    else this.clock.clearTimeout(handle);
    this[name] = null;
  }

  private clearAllTimers(): void {
    this.clearTimer('persistTimer', true);
    this.clearTimer('countdownTimer', true);
    this.clearTimer('hiddenTimer');
    this.clearTimer('idleTimer');
    this.clearTimer('maxTimer');
    this.clearTimer('synchronisedTimer');
    this.clearTimer('highlightTimer');
  }
}

function sameSnapshot(a: TrackerSnapshot, b: TrackerSnapshot): boolean {
  return (Object.keys(a) as (keyof TrackerSnapshot)[]).every((key) => a[key] === b[key]);
}
