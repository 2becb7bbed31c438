import 'fake-indexeddb/auto';
import { TIME_TRACKING } from '@cursus/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { TimeTrackerCard } from './time-tracker-card';
import { TimeTrackerProvider } from './time-tracker-provider';

const SESSION = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: 'user-1',
  courseId: null,
  sessionStart: '2026-03-02T09:00:05.000Z',
  sessionEnd: null,
  durationSeconds: 0,
  lastActivityAt: '2026-03-02T09:00:05.000Z',
};

function mockTimeTrackingApi() {
  return mockApi({
    'GET /api/auth/session': { body: { user: null } },
    'GET /api/time-tracking/me': {
      body: {
        todaySeconds: 0,
        weekSeconds: 0,
        totalSeconds: 0,
        openSessionSeconds: 0,
        weekStartsAt: '2026-03-01T23:00:00.000Z',
        timeZone: 'Europe/Paris',
      },
    },
    'POST /api/time-tracking/sessions/start': {
      body: {
        session: SESSION,
        resumed: false,
        closedSessionIds: [],
        offlineLease: {
          id: '00000000-0000-4000-8000-0000000000aa',
          courseId: null,
          issuedAt: SESSION.sessionStart,
          expiresAt: '2026-03-03T09:00:05.000Z',
        },
      },
    },
    'GET /api/time-tracking/sessions/open': { body: { items: [SESSION] } },
    [`POST /api/time-tracking/sessions/${SESSION.id}/heartbeat`]: (call) => ({
      body: {
        id: SESSION.id,
        durationSeconds: (call.body as { elapsedSeconds: number }).elapsedSeconds,
        lastActivityAt: new Date().toISOString(),
        isOpen: true,
        maxReached: false,
      },
    }),
  });
}

/** Fake clock and timers; IndexedDB's scheduling and the channel's microtasks stay real. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let round = 0; round < 10; round += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TimeTrackerProvider', () => {
  it('starts 5 s after auth is ready (SPEC 9) and shows the session counting', async () => {
    const { calls } = mockTimeTrackingApi();
    renderWithProviders(
      <TimeTrackerProvider userId="user-1" onSignOut={async () => undefined}>
        <TimeTrackerCard />
      </TimeTrackerProvider>,
    );
    await advance(TIME_TRACKING.authCheckDelayMs - 100);
    expect(calls.some((call) => call.path === '/api/time-tracking/sessions/start')).toBe(false);
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    expect(calls.filter((call) => call.path === '/api/time-tracking/sessions/start')).toHaveLength(1);
    expect(screen.getByText('Actif')).toBeTruthy();
    const shownSeconds = () => {
      const [minutes, seconds] = screen
        .getByText(/^\d\d:\d\d$/)
        .textContent!.split(':')
        .map(Number);
      return minutes! * 60 + seconds!;
    };
    const before = shownSeconds();
    await advance(30_000);
    expect(shownSeconds() - before).toBe(30);
  });

  it('hands the count over when the page goes away, and tracks again when it comes back from the cache', async () => {
    const { calls } = mockTimeTrackingApi();
    renderWithProviders(
      <TimeTrackerProvider userId="user-1" onSignOut={async () => undefined} startDelayMs={0}>
        <TimeTrackerCard />
      </TimeTrackerProvider>,
    );
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    const starts = () => calls.filter((call) => call.path === '/api/time-tracking/sessions/start');
    expect(starts()).toHaveLength(1);
    const heartbeats = () => calls.filter((call) => call.path.endsWith('/heartbeat'));
    const heartbeatsBefore = heartbeats().length;

    act(() => {
      window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    });
    await advance(0);
    expect(heartbeats()).toHaveLength(heartbeatsBefore + 1);

    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    expect(starts()).toHaveLength(2);
    expect(screen.getByText('Actif')).toBeTruthy();
  });

  it('shows the idle dialog at the timeout, and signs out for inactivity after the countdown', async () => {
    mockTimeTrackingApi();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const onSignOut = vi.fn(async () => undefined);
    renderWithProviders(
      <TimeTrackerProvider userId="user-1" onSignOut={onSignOut} startDelayMs={0}>
        <TimeTrackerCard />
      </TimeTrackerProvider>,
    );
    await advance(TIME_TRACKING.leaderCheckIntervalMs);
    expect(screen.getByText('Actif')).toBeTruthy();
    await advance(TIME_TRACKING.idleTimeoutMinMs);
    expect(screen.getByRole('alertdialog', { name: 'Êtes-vous toujours là\u202f?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Je suis toujours là' }));
    await advance(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(TIME_TRACKING.idleTimeoutMinMs + TIME_TRACKING.idleCountdownSeconds * 1000);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    await advance(500);
    expect(screen.getByText('Déconnecté pour inactivité')).toBeTruthy();
  });
});
