import 'fake-indexeddb/auto';
import { TIME_TRACKING } from '@cursus/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChannelHub, createFakeLocks } from '../testing/fake-tabs';
import { createFakeTimeTrackingApi } from '../testing/fake-time-tracking-api';
import { openOfflineStore } from './offline-store';
import { createTabCoordinator, type LockManagerLike } from './tab-coordinator';
import {
  createTimeTrackerController,
  type TimeTrackerController,
  type TrackerNotice,
  viewElapsedSeconds,
} from './time-tracker-controller';

interface Browser {
  api: ReturnType<typeof createFakeTimeTrackingApi>;
  hub: ReturnType<typeof createChannelHub>;
  locks: LockManagerLike | null;
  isOnline: boolean;
}

const controllers: TimeTrackerController[] = [];

function createBrowser(locks: LockManagerLike | null = createFakeLocks()): Browser {
  return { api: createFakeTimeTrackingApi(), hub: createChannelHub(), locks, isOnline: true };
}

function openTab(browser: Browser, tabId: string) {
  const notices: TrackerNotice[] = [];
  const signOuts: string[] = [];
  const sessionLosses: number[] = [];
  const store = openOfflineStore();
  const controller = createTimeTrackerController({
    userId: 'user-1',
    api: browser.api.forTab(tabId),
    store,
    coordinator: (handlers) =>
      createTabCoordinator({
        name: 'cursus-time-tracking:user-1',
        tabId,
        createChannel: browser.hub.createChannel,
        locks: browser.locks,
        ...handlers,
      }),
    notify: (notice) => notices.push(notice),
    signOut: (reason) => signOuts.push(reason),
    onTotalsChanged: () => undefined,
    onSessionLost: () => sessionLosses.push(Date.now()),
    random: () => 0.5,
    isOnline: () => browser.isOnline,
    isVisible: () => true,
  });
  controller.start();
  controllers.push(controller);
  return { controller, notices, signOuts, sessionLosses, store };
}

/** Fake clock and timers; IndexedDB's own scheduling (setImmediate) and microtasks stay real. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
async function settle() {
  for (let round = 0; round < 20; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
});

afterEach(() => {
  for (const controller of controllers.splice(0)) controller.dispose();
  vi.useRealTimers();
});

describe('offline, then back', () => {
  it('keeps the offline time in the pending store until the server answers, then adds it once', async () => {
    const browser = createBrowser();
    const { controller, notices, store } = openTab(browser, 'a');
    await settle();
    const firstSessionId = controller.machine.getSnapshot().sessionId!;
    expect(firstSessionId).toBeTruthy();
    await advance(60_000);
    await settle();
    expect(browser.api.rows.get(firstSessionId)?.durationSeconds).toBe(60);

    // The connection drops for 10 minutes: counting goes on, saved locally every 30 s.
    browser.isOnline = false;
    browser.api.setReachable(false);
    controller.setOnline(false);
    await advance(600_000);
    await settle();
    expect(controller.getView().status).toBe('offline');
    expect((await store.readLocalTime('user-1'))?.elapsedTime).toBe(660);
    const heartbeatsWhileOffline = browser.api.calls.filter((call) => call.route === 'heartbeat').length;

    // Back, but the server is still out of reach: the session waits in pendingSessions, split where
    // the server last saw it (the heartbeat at 60 s); the 10 minutes after are offline time, under
    // the lease of the start.
    browser.isOnline = true;
    controller.setOnline(true);
    await settle();
    expect(notices).toContain('syncError');
    const [lease] = [...browser.api.leases.keys()];
    const pending = await store.listPendingSessions('user-1');
    expect(pending.find((entry) => entry.id === firstSessionId)).toEqual(
      expect.objectContaining({
        sessionEnd: '2026-03-02T09:01:00.000Z',
        durationSeconds: 60,
        synced: false,
      }),
    );
    const offlinePart = pending.find((entry) => entry.id !== firstSessionId);
    expect(offlinePart).toEqual(
      expect.objectContaining({
        sessionStart: '2026-03-02T09:01:00.000Z',
        sessionEnd: '2026-03-02T09:11:00.000Z',
        durationSeconds: 600,
        leaseId: lease,
        synced: false,
      }),
    );

    // The server answers again: the next cleanup sends them; they are marked synced.
    browser.api.setReachable(true);
    await controller.cleanup();
    await settle();
    expect(notices).toContain('syncSuccess');
    expect(
      (await store.listPendingSessions('user-1')).filter((entry) =>
        [firstSessionId, offlinePart!.id].includes(entry.id),
      ),
    ).toEqual([expect.objectContaining({ synced: true }), expect.objectContaining({ synced: true })]);
    expect(browser.api.rows.get(firstSessionId)).toMatchObject({ durationSeconds: 60, source: 'online' });
    expect(browser.api.rows.get(firstSessionId)?.sessionEnd).not.toBeNull();
    expect(browser.api.rows.get(offlinePart!.id)).toMatchObject({ durationSeconds: 600, source: 'offline' });

    // Sent again (another cleanup, a replay): counted once.
    await controller.cleanup();
    expect(browser.api.totalSeconds()).toBe(660);
    // The offline interval was never heartbeaten on the first session.
    const laterHeartbeats = browser.api.calls
      .filter((call) => call.route === 'heartbeat')
      .slice(heartbeatsWhileOffline)
      .map((call) => (call.body as { id: string }).id);
    expect(laterHeartbeats).not.toContain(firstSessionId);

    // Purged once synced entries are 7 days old (SPEC 9).
    vi.setSystemTime(Date.now() + TIME_TRACKING.offlinePurgeAfterMs);
    await controller.cleanup();
    expect(await store.listPendingSessions('user-1')).toEqual([]);
  });

  it('syncs straight away when the connection returns with the server reachable, then tracks a new session', async () => {
    const browser = createBrowser();
    const { controller, notices } = openTab(browser, 'a');
    await settle();
    const firstSessionId = controller.machine.getSnapshot().sessionId!;
    browser.isOnline = false;
    browser.api.setReachable(false);
    controller.setOnline(false);
    await advance(300_000);
    browser.isOnline = true;
    browser.api.setReachable(true);
    controller.setOnline(true);
    await settle();
    expect(notices).toEqual(['syncSuccess']);
    expect(controller.getView().status).toBe('synchronised');
    const secondSessionId = controller.machine.getSnapshot().sessionId;
    expect(secondSessionId).not.toBe(firstSessionId);
    await advance(30_000);
    await settle();
    expect(controller.getView().status).toBe('active');
    await controller.stop();
    await settle();
    // The server never heard from the first session after its start: its 5 minutes are offline time.
    expect(browser.api.rows.get(firstSessionId)?.durationSeconds).toBe(0);
    expect(offlineSeconds(browser)).toEqual([300]);
    expect(browser.api.totalSeconds()).toBe(300 + browser.api.rows.get(secondSessionId!)!.durationSeconds);
    expect(browser.api.rows.get(secondSessionId!)!.durationSeconds).toBeGreaterThanOrEqual(30);
  });
});

describe('a server restart mid-session', () => {
  it('counts on while the server does not answer, then syncs that time once when it answers again', async () => {
    const browser = createBrowser();
    const { controller, notices } = openTab(browser, 'a');
    await settle();
    const firstSessionId = controller.machine.getSnapshot().sessionId!;
    // The browser stays online; only the server is gone.
    browser.api.setReachable(false);
    await advance(30_000);
    await settle();
    expect(controller.getView().status).toBe('offline');
    await advance(60_000);
    await settle();
    browser.api.setReachable(true);
    await advance(30_000);
    await settle();
    expect(notices).toContain('syncSuccess');
    expect(browser.api.rows.get(firstSessionId)).toMatchObject({ durationSeconds: 0 });
    expect(offlineSeconds(browser)).toEqual([120]);
    expect(controller.machine.getSnapshot().sessionId).not.toBe(firstSessionId);
    expect(browser.api.open()).toHaveLength(1);
  });
});

describe('offline time under a lease (issue 11)', () => {
  it('keeps the lease of the last visit, so a page opened offline still declares its time', async () => {
    const browser = createBrowser();
    const first = openTab(browser, 'a');
    await settle();
    await advance(30_000);
    await settle();
    const [lease] = [...browser.api.leases.keys()];
    controllers.splice(controllers.indexOf(first.controller), 1);
    first.controller.dispose();
    await settle();
    expect((await first.store.readLocalTime('user-1'))?.leaseId).toBe(lease);

    // Opened again an hour later without a connection: a session of this browser, under that lease.
    await advance(3600_000);
    const offline = createBrowserSharing(browser);
    browser.api.setReachable(false);
    const next = openTab(offline, 'b');
    await settle();
    const offlineId = next.controller.machine.getSnapshot().sessionId!;
    expect(next.controller.machine.getSnapshot().isServerSession).toBe(false);
    await advance(120_000);
    browser.api.setReachable(true);
    await advance(30_000);
    await settle();
    expect(next.notices).toContain('syncSuccess');
    expect(browser.api.rows.get(offlineId)).toMatchObject({ source: 'offline' });
    expect(browser.api.rows.get(offlineId)!.durationSeconds).toBeGreaterThanOrEqual(120);
  });

  it('tells the learner when offline time is refused, and never sends it again', async () => {
    const browser = createBrowser();
    // Never online in this browser: no lease to declare the time under.
    browser.api.setReachable(false);
    const { controller, notices, store } = openTab(browser, 'a');
    await settle();
    const offlineId = controller.machine.getSnapshot().sessionId!;
    await advance(60_000);
    browser.api.setReachable(true);
    await advance(30_000);
    await settle();
    expect(notices).toContain('syncRefused');
    expect(browser.api.rows.has(offlineId)).toBe(false);
    expect(await store.listPendingSessions('user-1')).toEqual([
      expect.objectContaining({ id: offlineId, synced: true }),
    ]);
    const syncs = browser.api.calls.filter((call) => call.route === 'sync').length;
    await controller.cleanup();
    await settle();
    expect(browser.api.calls.filter((call) => call.route === 'sync')).toHaveLength(syncs);
  });
});

describe.each([
  ['Web Locks', () => createFakeLocks()],
  ['BroadcastChannel heartbeats', () => null],
])('two tabs (%s)', (_name, makeLocks) => {
  it('keep one session on the server, written by one tab, and show the same time', async () => {
    const browser = createBrowser(makeLocks());
    const first = openTab(browser, 'a');
    await advance(1000);
    const second = openTab(browser, 'b');
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    await settle();
    await advance(120_000);
    await settle();
    const writers = new Set(
      browser.api.calls
        .filter((call) => ['start', 'heartbeat', 'end', 'sync'].includes(call.route))
        .map((call) => call.tabId),
    );
    expect(writers).toEqual(new Set(['a']));
    expect(browser.api.open()).toHaveLength(1);
    const now = Date.now();
    const leaderTime = viewElapsedSeconds(first.controller.getView(), now);
    const followerTime = viewElapsedSeconds(second.controller.getView(), now);
    expect(second.controller.getView()).toMatchObject({ status: 'active', isLeader: false });
    expect(Math.abs(leaderTime - followerTime)).toBeLessThanOrEqual(1);
  });
});

describe('session verification (SPEC 9: every 10 s)', () => {
  it('reconciles with the newest open session when the server holds another one', async () => {
    const browser = createBrowser();
    const { controller } = openTab(browser, 'a');
    await settle();
    await advance(20_000);
    await settle();
    const ours = controller.machine.getSnapshot().sessionId!;
    await advance(1000);
    const newest = browser.api.openSessionElsewhere(5000);
    await advance(TIME_TRACKING.sessionVerifyIntervalMs);
    await settle();
    expect(controller.machine.getSnapshot().sessionId).toBe(newest);
    expect(controller.machine.getElapsedSeconds()).toBeGreaterThanOrEqual(5000);
    expect(browser.api.open().map((row) => row.id)).toEqual([newest]);
    // Ours was recorded before it was closed: nothing counted here was lost.
    expect(browser.api.rows.get(ours)?.durationSeconds).toBeGreaterThanOrEqual(21);
  });

  it('starts a new session when ours was closed on the server (a trainer reset it)', async () => {
    const browser = createBrowser();
    const { controller } = openTab(browser, 'a');
    await settle();
    const ours = controller.machine.getSnapshot().sessionId!;
    browser.api.rows.get(ours)!.sessionEnd = Date.now();
    await advance(TIME_TRACKING.sessionVerifyIntervalMs);
    await settle();
    expect(controller.machine.getSnapshot().sessionId).not.toBe(ours);
    expect(browser.api.open()).toHaveLength(1);
  });
});

describe('signed out elsewhere', () => {
  it('stops counting and tells the app when the server no longer knows the learner', async () => {
    const browser = createBrowser();
    const { controller, sessionLosses, store } = openTab(browser, 'a');
    await settle();
    const ours = controller.machine.getSnapshot().sessionId!;
    await advance(20_000);
    browser.api.signOut();
    await advance(TIME_TRACKING.sessionVerifyIntervalMs);
    await settle();
    expect(sessionLosses).toHaveLength(1);
    expect(controller.getView()).toMatchObject({ status: 'stopped', stopReason: 'signed-out' });
    // The end was refused: the session waits in the pending store for the next sign-in.
    expect(await store.listPendingSessions('user-1')).toEqual([
      expect.objectContaining({ id: ours, synced: false }),
    ]);
  });
});

describe('offline cleanup (SPEC 9)', () => {
  it('runs 2 s after mount and then every 24 h', async () => {
    const browser = createBrowser({ request: () => new Promise(() => undefined) });
    const { store } = openTab(browser, 'a');
    const purge = vi.spyOn(store, 'purgeSynced');
    await advance(TIME_TRACKING.cleanupDelayMs - 1);
    expect(purge).not.toHaveBeenCalled();
    await advance(1);
    expect(purge).toHaveBeenCalledTimes(1);
    await advance(TIME_TRACKING.offlineCleanupIntervalMs);
    expect(purge).toHaveBeenCalledTimes(2);
  });
});

describe('a page closed without unload', () => {
  it('resumes the open session from the local count saved every 30 s', async () => {
    const browser = createBrowser();
    const first = openTab(browser, 'a');
    await settle();
    const ours = first.controller.machine.getSnapshot().sessionId!;
    await advance(45_000);
    await settle();
    // The tab dies: no goodbye, no end. The server recorded 30 s; the local store too.
    controllers.splice(controllers.indexOf(first.controller), 1);
    first.controller.machine.dispose();
    const next = openTab(createBrowserSharing(browser), 'b');
    await settle();
    expect(next.controller.machine.getSnapshot().sessionId).toBe(ours);
    expect(next.controller.machine.getElapsedSeconds()).toBe(30);
  });
});

describe('a page that goes away', () => {
  it('hands the count since the last heartbeat to the server in a request that outlives the page', async () => {
    const browser = createBrowser();
    const tab = openTab(browser, 'a');
    await settle();
    const ours = tab.controller.machine.getSnapshot().sessionId!;
    await advance(45_000);
    await settle();
    expect(browser.api.rows.get(ours)?.durationSeconds).toBe(30);

    controllers.splice(controllers.indexOf(tab.controller), 1);
    tab.controller.dispose();
    await settle();
    expect(browser.api.calls.at(-1)).toEqual({
      route: 'heartbeat',
      tabId: 'a',
      body: { id: ours, elapsedSeconds: 45, keepalive: true },
    });
    // Nothing is ended: the next visit (or another tab) resumes the session.
    expect(browser.api.rows.get(ours)).toMatchObject({ durationSeconds: 45, sessionEnd: null });
  });

  it('sends nothing while offline: the local count waits for the next visit', async () => {
    const browser = createBrowser();
    const tab = openTab(browser, 'a');
    await settle();
    browser.isOnline = false;
    tab.controller.setOnline(false);
    await advance(45_000);
    await settle();
    const callsBefore = browser.api.calls.length;
    controllers.splice(controllers.indexOf(tab.controller), 1);
    tab.controller.dispose();
    await settle();
    expect(browser.api.calls.length).toBe(callsBefore);
  });
});

/** Durations of the sessions the fake server recorded as offline time. */
function offlineSeconds(browser: Browser) {
  return [...browser.api.rows.values()]
    .filter((row) => row.source === 'offline')
    .map((row) => row.durationSeconds);
}

/** The same server and IndexedDB, in a browser started again (fresh channels and locks). */
function createBrowserSharing(browser: Browser): Browser {
  return { ...browser, hub: createChannelHub(), locks: createFakeLocks() };
}
