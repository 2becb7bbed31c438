import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { endTimeSession } from '../api/end-time-session';
import { listOpenTimeSessions } from '../api/list-open-time-sessions';
import { recordHeartbeat } from '../api/record-heartbeat';
import { reportTimeIssue } from '../api/report-time-issue';
import { startTimeSession } from '../api/start-time-session';
import { syncPendingSessions } from '../api/sync-pending-sessions';
import { createChannelHub, createFakeLocks } from '../testing/fake-tabs';
import { createFakeTimeTrackingApi } from '../testing/fake-time-tracking-api';
import { openOfflineStore } from './offline-store';
import { createTabCoordinator } from './tab-coordinator';
import {
  createTimeTrackerController,
  type TimeTrackerController,
  type TrackerNotice,
  viewElapsedSeconds,
} from './time-tracker-controller';

/**
 * The database outage drill's browser side (issue 19, bench/src/drills/db-outage.ts): while
 * PostgreSQL is down the server answers every call 503 DATABASE_UNAVAILABLE with Retry-After. The
 * tracker runs here on the app's real fetchers (api-client), over a `fetch` that answers like the
 * server: 503 during the outage, the fake server's answers otherwise.
 */
function serverFetch(server: ReturnType<typeof createFakeTimeTrackingApi>, isDatabaseDown: () => boolean) {
  const api = server.forTab('a');
  const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(value), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const answer = async (path: string, body: Record<string, unknown> | undefined): Promise<unknown> => {
    const [, id, action] = /^\/api\/time-tracking\/sessions\/([^/]+)\/(heartbeat|end)$/.exec(path) ?? [];
    if (action === 'heartbeat') return api.heartbeat(id!, body!.elapsedSeconds as number);
    if (action === 'end') return api.end(id!, body!.elapsedSeconds as number);
    if (path === '/api/time-tracking/sessions/start') return api.start();
    if (path === '/api/time-tracking/sessions/open') return api.listOpen();
    if (path === '/api/time-tracking/sessions/sync') return api.sync(body!.sessions as never);
    if (path === '/api/time-tracking/issues') return api.reportIssue(body as never);
    throw new Error(`unexpected call ${path}`);
  };
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (isDatabaseDown())
      return json(
        503,
        {
          error: {
            code: 'DATABASE_UNAVAILABLE',
            message: 'DATABASE_UNAVAILABLE',
            details: { retryAfterSeconds: 5 },
          },
        },
        { 'retry-after': '5' },
      );
    const path = new URL(String(input), 'http://localhost').pathname;
    try {
      return json(200, await answer(path, init?.body ? JSON.parse(String(init.body)) : undefined));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return json(error.status, { error: { code: error.code, message: error.code } });
    }
  });
}

const controllers: TimeTrackerController[] = [];
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
  vi.unstubAllGlobals();
});

describe('the database is down for two minutes (503 DATABASE_UNAVAILABLE)', () => {
  it('keeps counting, keeps the count locally, and the first heartbeat after it records all of it', async () => {
    const server = createFakeTimeTrackingApi();
    let isDatabaseDown = false;
    const fetch = serverFetch(server, () => isDatabaseDown);
    vi.stubGlobal('fetch', fetch);
    const notices: TrackerNotice[] = [];
    const store = openOfflineStore();
    const hub = createChannelHub();
    const controller = createTimeTrackerController({
      userId: 'user-1',
      // As the provider builds it (time-tracker-provider.tsx): the app's fetchers.
      api: {
        start: () => startTimeSession(),
        listOpen: listOpenTimeSessions,
        heartbeat: recordHeartbeat,
        end: endTimeSession,
        sync: syncPendingSessions,
        reportIssue: reportTimeIssue,
      },
      store,
      coordinator: (handlers) =>
        createTabCoordinator({
          name: 'cursus-time-tracking:user-1',
          tabId: 'a',
          createChannel: hub.createChannel,
          locks: createFakeLocks(),
          ...handlers,
        }),
      notify: (notice) => notices.push(notice),
      signOut: () => undefined,
      onTotalsChanged: () => undefined,
      random: () => 0.5,
      isOnline: () => true,
      isVisible: () => true,
    });
    controller.start();
    controllers.push(controller);
    await settle();
    const sessionId = controller.machine.getSnapshot().sessionId!;
    await advance(60_000);
    await settle();
    expect(server.rows.get(sessionId)?.durationSeconds).toBe(60);

    isDatabaseDown = true;
    const callsBefore = fetch.mock.calls.length;
    await advance(120_000);
    await settle();
    // The calls went out and were answered 503; the learner's clock did not stop.
    expect(fetch.mock.calls.length).toBeGreaterThan(callsBefore);
    expect(server.rows.get(sessionId)?.durationSeconds).toBe(60);
    expect(controller.getView().isCounting).toBe(true);
    expect(viewElapsedSeconds(controller.getView(), Date.now())).toBe(180);
    expect((await store.readLocalTime('user-1'))?.elapsedTime).toBe(180);
    expect(notices).not.toContain('sessionStartFailed');

    isDatabaseDown = false;
    await advance(30_000);
    await settle();
    // The same session, with every second counted during the outage, recorded once.
    expect(controller.machine.getSnapshot().sessionId).toBe(sessionId);
    expect(server.rows.get(sessionId)?.durationSeconds).toBe(210);
    expect(server.open().map((row) => row.id)).toEqual([sessionId]);
    await controller.stop();
    await settle();
    expect(server.totalSeconds()).toBe(210);
  });
});
