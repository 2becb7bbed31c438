import { MAX_SESSION_SECONDS, TIME_TRACKING } from '@cursus/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  drawIdleTimeoutMs,
  RESUME_HIGHLIGHT_MS,
  SYNCHRONISED_DISPLAY_MS,
  TimeTrackerMachine,
  type TrackerCommand,
  type TrackerEvent,
} from './time-tracker-machine';

const SESSION_ID = '00000000-0000-4000-8000-000000000001';
const OTHER_ID = '00000000-0000-4000-8000-000000000002';
const LOCAL_ID = '00000000-0000-4000-8000-00000000000a';

function setup(options: { random?: () => number } = {}) {
  const commands: TrackerCommand[] = [];
  const machine = new TimeTrackerMachine({
    random: options.random ?? (() => 0.5),
    createId: () => LOCAL_ID,
    onCommand: (command) => commands.push(command),
  });
  const ofType = <T extends TrackerCommand['type']>(type: T) =>
    commands.filter((command): command is Extract<TrackerCommand, { type: T }> => command.type === type);
  return { machine, commands, ofType };
}

/** The server's answer to a start: session `sessionId`, started now, at `elapsedSeconds`. */
function sessionStarted(
  sessionId: string,
  options: { elapsedSeconds?: number; resumed?: boolean } = {},
): TrackerEvent {
  return {
    type: 'SESSION_STARTED',
    sessionId,
    sessionStart: new Date().toISOString(),
    elapsedSeconds: options.elapsedSeconds ?? 0,
    resumed: options.resumed ?? false,
  };
}

/** Auth ready and leader: the machine asks to start; the server answers with a session. */
function started(options: { random?: () => number; elapsedSeconds?: number; resumed?: boolean } = {}) {
  const context = setup(options);
  context.machine.send({ type: 'AUTH_READY' });
  context.machine.send({ type: 'LEADERSHIP_GAINED' });
  context.machine.send(sessionStarted(SESSION_ID, options));
  return context;
}

const seconds = (count: number) => vi.advanceTimersByTime(count * 1000);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('starting', () => {
  it('waits for auth to be ready before asking for a session', () => {
    const { machine, ofType } = setup();
    machine.send({ type: 'LEADERSHIP_GAINED' });
    expect(ofType('start-session')).toHaveLength(0);
    expect(machine.getSnapshot().status).toBe('stopped');
    machine.send({ type: 'AUTH_READY' });
    expect(ofType('start-session')).toHaveLength(1);
    expect(machine.getSnapshot().status).toBe('starting');
  });

  it('does not start in a tab that is not the leader', () => {
    const { machine, ofType } = setup();
    machine.send({ type: 'AUTH_READY' });
    expect(ofType('start-session')).toHaveLength(0);
    expect(machine.getSnapshot().status).toBe('stopped');
  });

  it('asks for a session once, however many times it is told auth is ready', () => {
    const { machine, ofType } = setup();
    machine.send({ type: 'LEADERSHIP_GAINED' });
    machine.send({ type: 'AUTH_READY' });
    machine.send({ type: 'AUTH_READY' });
    expect(ofType('start-session')).toHaveLength(1);
  });

  it('counts active seconds from zero in a new session', () => {
    const { machine } = started();
    expect(machine.getSnapshot().status).toBe('active');
    seconds(75);
    expect(machine.getElapsedSeconds()).toBe(75);
  });

  it('continues from the server count of a resumed open session', () => {
    const { machine } = started({ elapsedSeconds: 1200, resumed: true });
    seconds(10);
    expect(machine.getElapsedSeconds()).toBe(1210);
    expect(machine.getSnapshot().sessionId).toBe(SESSION_ID);
  });

  it('counts in a session of its own, marked offline, when the server cannot be reached at start', () => {
    const { machine } = setup();
    machine.send({ type: 'AUTH_READY' });
    machine.send({ type: 'LEADERSHIP_GAINED' });
    machine.send({ type: 'SESSION_START_FAILED', isOffline: true });
    expect(machine.getSnapshot()).toMatchObject({
      status: 'offline',
      sessionId: LOCAL_ID,
      isServerSession: false,
    });
    seconds(40);
    expect(machine.getElapsedSeconds()).toBe(40);
  });
});

describe('local save (SPEC 9: every 30 s)', () => {
  it('saves the count every 30 s and heartbeats the server while online', () => {
    const { ofType } = started();
    seconds(29);
    expect(ofType('persist')).toHaveLength(0);
    seconds(1);
    expect(ofType('persist')).toEqual([
      {
        type: 'persist',
        heartbeat: true,
        session: expect.objectContaining({
          sessionId: SESSION_ID,
          elapsedSeconds: 30,
          isServerSession: true,
        }),
      },
    ]);
    seconds(30);
    expect(ofType('persist').map((command) => command.session.elapsedSeconds)).toEqual([30, 60]);
  });

  it('saves locally without heartbeats while offline (the sync will send that time once)', () => {
    const { machine, ofType } = started();
    machine.send({ type: 'OFFLINE' });
    seconds(30);
    expect(ofType('persist')).toEqual([expect.objectContaining({ heartbeat: false })]);
  });
});

describe('tab hidden (SPEC 9: 120,000 ms)', () => {
  it("pauses with reason 'tab-hidden' once the page has been hidden 2 minutes", () => {
    const { machine } = started();
    machine.send({ type: 'VISIBILITY_HIDDEN' });
    vi.advanceTimersByTime(TIME_TRACKING.tabHiddenGraceMs - 1);
    expect(machine.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(1);
    expect(machine.getSnapshot()).toMatchObject({ status: 'paused', pauseReason: 'tab-hidden' });
    const atPause = machine.getElapsedSeconds();
    expect(atPause).toBe(120);
    seconds(600);
    expect(machine.getElapsedSeconds()).toBe(atPause);
  });

  it('pauses from the end of the grace even when a throttled hidden tab runs its timer late', () => {
    let now = Date.now();
    const pending: { callback: () => void; ms: number }[] = [];
    const machine = new TimeTrackerMachine({
      clock: {
        now: () => now,
        setTimeout: (callback, ms) => {
          pending.push({ callback, ms });
          return 0 as unknown as ReturnType<typeof setTimeout>;
        },
        clearTimeout: () => undefined,
        setInterval: () => 0 as unknown as ReturnType<typeof setInterval>,
        clearInterval: () => undefined,
      },
      random: () => 0.5,
      onCommand: () => undefined,
    });
    machine.send({ type: 'AUTH_READY' });
    machine.send({ type: 'LEADERSHIP_GAINED' });
    machine.send({
      type: 'SESSION_STARTED',
      sessionId: SESSION_ID,
      sessionStart: '',
      elapsedSeconds: 0,
      resumed: false,
    });
    machine.send({ type: 'VISIBILITY_HIDDEN' });
    now += 300_000;
    pending.find((timer) => timer.ms === TIME_TRACKING.tabHiddenGraceMs)!.callback();
    expect(machine.getSnapshot().status).toBe('paused');
    expect(machine.getElapsedSeconds()).toBe(120);
  });

  it('does not pause when the page comes back within the grace', () => {
    const { machine, ofType } = started();
    machine.send({ type: 'VISIBILITY_HIDDEN' });
    seconds(119);
    machine.send({ type: 'VISIBILITY_VISIBLE' });
    seconds(60);
    expect(machine.getSnapshot().status).toBe('active');
    expect(machine.getElapsedSeconds()).toBe(179);
    expect(ofType('notify-resumed')).toHaveLength(0);
  });

  it("resumes when visible again, with the 'Chrono repris' toast and a brief highlight", () => {
    const { machine, ofType } = started();
    machine.send({ type: 'VISIBILITY_HIDDEN' });
    seconds(300);
    machine.send({ type: 'VISIBILITY_VISIBLE' });
    expect(machine.getSnapshot()).toMatchObject({ status: 'active', pauseReason: null, isHighlighted: true });
    expect(ofType('notify-resumed')).toHaveLength(1);
    vi.advanceTimersByTime(RESUME_HIGHLIGHT_MS);
    expect(machine.getSnapshot().isHighlighted).toBe(false);
    seconds(10);
    expect(machine.getElapsedSeconds()).toBe(120 + RESUME_HIGHLIGHT_MS / 1000 + 10);
  });
});

describe('idle (SPEC 9: 1 h plus up to 1 h, countdown 300 s)', () => {
  it('draws the timeout between 1 and 2 hours from the random source', () => {
    expect(drawIdleTimeoutMs(() => 0)).toBe(TIME_TRACKING.idleTimeoutMinMs);
    expect(drawIdleTimeoutMs(() => 0.5)).toBe(90 * 60 * 1000);
    expect(drawIdleTimeoutMs(() => 0.999_999)).toBeLessThan(TIME_TRACKING.idleTimeoutMaxMs);
    expect(drawIdleTimeoutMs(() => 0.999_999)).toBeGreaterThan(TIME_TRACKING.idleTimeoutMaxMs - 1000);
  });

  it('shows the idle warning with a 300 s countdown at the drawn timeout, and stops counting', () => {
    const { machine } = started({ random: () => 0.25 });
    const timeout = 75 * 60 * 1000;
    expect(machine.getIdleTimeoutMs()).toBe(timeout);
    vi.advanceTimersByTime(timeout - 1);
    expect(machine.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(1);
    expect(machine.getSnapshot()).toMatchObject({
      status: 'idle-warning',
      pauseReason: 'inactivity',
      countdownSeconds: 300,
    });
    seconds(10);
    expect(machine.getSnapshot().countdownSeconds).toBe(290);
    expect(machine.getElapsedSeconds()).toBe(75 * 60);
  });

  it('puts the idle timeout back with every activity', () => {
    const { machine } = started({ random: () => 0 });
    seconds(59 * 60);
    machine.send({ type: 'ACTIVITY' });
    seconds(59 * 60);
    expect(machine.getSnapshot().status).toBe('active');
    seconds(60);
    expect(machine.getSnapshot().status).toBe('idle-warning');
  });

  it('resumes on presence confirmed and draws a new timeout', () => {
    const draws = [0, 1 / 3];
    const { machine } = started({ random: () => draws.shift() ?? 0.9 });
    vi.advanceTimersByTime(TIME_TRACKING.idleTimeoutMinMs);
    expect(machine.getSnapshot().status).toBe('idle-warning');
    seconds(100);
    machine.send({ type: 'PRESENCE_CONFIRMED' });
    expect(machine.getSnapshot()).toMatchObject({
      status: 'active',
      countdownSeconds: null,
      pauseReason: null,
    });
    expect(machine.getIdleTimeoutMs()).toBe(80 * 60 * 1000);
    vi.advanceTimersByTime(80 * 60 * 1000 - 1);
    expect(machine.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(1);
    expect(machine.getSnapshot().status).toBe('idle-warning');
  });

  it('ends the session and signs out for inactivity when the countdown runs out', () => {
    const { machine, ofType } = started({ random: () => 0 });
    vi.advanceTimersByTime(TIME_TRACKING.idleTimeoutMinMs);
    seconds(TIME_TRACKING.idleCountdownSeconds - 1);
    expect(ofType('sign-out')).toHaveLength(0);
    seconds(1);
    expect(ofType('end-session')).toEqual([
      expect.objectContaining({
        reason: 'inactivity',
        session: expect.objectContaining({ elapsedSeconds: 3600 }),
      }),
    ]);
    expect(ofType('sign-out')).toEqual([{ type: 'sign-out', reason: 'inactivity' }]);
    expect(machine.getSnapshot()).toMatchObject({ status: 'stopped', stopReason: 'inactivity' });
  });
});

describe('maximum duration (SPEC 9: 28,800 s)', () => {
  it('stops by itself at the maximum duration and ends the session with it', () => {
    const { machine, ofType } = started({ elapsedSeconds: MAX_SESSION_SECONDS - 60, resumed: true });
    // Activity keeps the idle dialog away for the last minute.
    seconds(59);
    expect(machine.getSnapshot().status).toBe('active');
    seconds(1);
    expect(machine.getSnapshot()).toMatchObject({ status: 'stopped', stopReason: 'max-duration' });
    expect(ofType('end-session')).toEqual([
      expect.objectContaining({
        reason: 'max-duration',
        session: expect.objectContaining({ elapsedSeconds: MAX_SESSION_SECONDS }),
      }),
    ]);
    seconds(60);
    expect(machine.getElapsedSeconds()).toBe(MAX_SESSION_SECONDS);
  });

  it('stops when the server says the heartbeat reached the maximum', () => {
    const { machine, ofType } = started();
    machine.send({ type: 'MAX_DURATION_REACHED' });
    expect(machine.getSnapshot().status).toBe('stopped');
    expect(ofType('end-session')).toHaveLength(1);
  });
});

describe('stopping', () => {
  it('ends the session with its duration when the learner signs out', () => {
    const { machine, ofType } = started({ elapsedSeconds: 100, resumed: true });
    seconds(20);
    machine.send({ type: 'SIGNED_OUT' });
    expect(ofType('end-session')).toEqual([
      expect.objectContaining({
        reason: 'signed-out',
        session: expect.objectContaining({ elapsedSeconds: 120 }),
      }),
    ]);
    seconds(30);
    expect(ofType('persist')).toHaveLength(0);
  });
});

describe('offline', () => {
  it('keeps counting offline, then hands the offline session to the sync once and starts a new one', () => {
    const { machine, ofType } = started();
    seconds(10);
    machine.send({ type: 'OFFLINE' });
    expect(machine.getSnapshot().status).toBe('offline');
    seconds(600);
    machine.send({ type: 'ONLINE' });
    expect(ofType('sync-offline')).toEqual([
      {
        type: 'sync-offline',
        session: expect.objectContaining({ sessionId: SESSION_ID, elapsedSeconds: 610 }),
      },
    ]);
    expect(machine.getSnapshot().status).toBe('offline');
    seconds(2);
    machine.send({ type: 'SYNC_SUCCEEDED' });
    expect(ofType('start-session')).toHaveLength(2);
    machine.send(sessionStarted(OTHER_ID));
    // The seconds counted during the sync go to the new session, not back to the synced one.
    expect(machine.getElapsedSeconds()).toBe(2);
    expect(machine.getSnapshot()).toMatchObject({ status: 'synchronised', sessionId: OTHER_ID });
    vi.advanceTimersByTime(SYNCHRONISED_DISPLAY_MS);
    expect(machine.getSnapshot().status).toBe('active');
    machine.send({ type: 'ONLINE' });
    expect(ofType('sync-offline')).toHaveLength(1);
  });

  it('starts a server session after a failed sync, leaving the pending entry for later', () => {
    const { machine, ofType } = started();
    machine.send({ type: 'OFFLINE' });
    machine.send({ type: 'ONLINE' });
    machine.send({ type: 'SYNC_FAILED' });
    expect(ofType('start-session')).toHaveLength(2);
    expect(machine.getSnapshot().status).not.toBe('synchronised');
  });

  it('syncs a session opened offline at the next save once the server answers again', () => {
    const { machine, ofType } = setup();
    machine.send({ type: 'AUTH_READY' });
    machine.send({ type: 'LEADERSHIP_GAINED' });
    machine.send({ type: 'SESSION_START_FAILED', isOffline: false });
    seconds(30);
    expect(ofType('sync-offline')).toEqual([
      {
        type: 'sync-offline',
        session: expect.objectContaining({ sessionId: LOCAL_ID, isServerSession: false }),
      },
    ]);
  });
});

describe('server session events', () => {
  it('starts a new session when the server closed ours (reset, integrity job)', () => {
    const { machine, ofType } = started({ elapsedSeconds: 500, resumed: true });
    machine.send({ type: 'SESSION_CLOSED' });
    expect(ofType('start-session')).toHaveLength(2);
    machine.send(sessionStarted(OTHER_ID));
    expect(machine.getElapsedSeconds()).toBe(0);
  });

  it('reconciles a duplicate with the newest open session the server keeps', () => {
    const { machine, ofType } = started({ elapsedSeconds: 100, resumed: true });
    seconds(5);
    machine.send({ type: 'SESSION_DUPLICATE' });
    machine.send({ type: 'SESSION_DUPLICATE' });
    expect(ofType('reconcile')).toEqual([
      { type: 'reconcile', session: expect.objectContaining({ sessionId: SESSION_ID, elapsedSeconds: 105 }) },
    ]);
    machine.send(sessionStarted(OTHER_ID, { elapsedSeconds: 2000, resumed: true }));
    expect(machine.getSnapshot().sessionId).toBe(OTHER_ID);
    expect(machine.getElapsedSeconds()).toBe(2000);
  });
});

describe('leadership', () => {
  it('stops writing when another tab takes the lead, saving its count first', () => {
    const { machine, ofType } = started();
    seconds(12);
    machine.send({ type: 'LEADERSHIP_LOST' });
    expect(ofType('persist')).toEqual([
      expect.objectContaining({ session: expect.objectContaining({ elapsedSeconds: 12 }) }),
    ]);
    expect(ofType('end-session')).toHaveLength(0);
    expect(machine.getSnapshot().status).toBe('stopped');
    seconds(60);
    expect(ofType('persist')).toHaveLength(1);
  });

  it('asks for the session again when it becomes the leader', () => {
    const { machine, ofType } = started();
    machine.send({ type: 'LEADERSHIP_LOST' });
    machine.send({ type: 'LEADERSHIP_GAINED' });
    expect(ofType('start-session')).toHaveLength(2);
  });
});
