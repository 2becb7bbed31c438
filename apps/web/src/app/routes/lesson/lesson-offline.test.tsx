import 'fake-indexeddb/auto';
import { TIME_TRACKING } from '@cursus/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOfflineFormationsStore } from '@/features/offline/lib/offline-store';
import {
  buildOfflinePackage,
  COURSE_ID,
  MODULE_ID,
  storeFormation,
  TEXT_LESSON,
  USER_ID,
  uuid,
} from '@/features/offline/testing/fixtures';
import { buildUser, type MockResponse, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

const COMPLETE = `POST /api/learning/courses/${COURSE_ID}/lessons/${TEXT_LESSON}/complete`;
let isOnline = false;

beforeAll(() => {
  globalThis.indexedDB = new IDBFactory();
  // The test DOM has no object URLs; a browser gives `blob:` addresses of the stored files.
  URL.createObjectURL = () => 'blob:stored-file';
});

beforeEach(async () => {
  isOnline = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => isOnline);
  const store = getOfflineFormationsStore();
  for (const entry of await store.listPendingCompletions(USER_ID))
    await store.removePendingCompletion(entry.key);
  await storeFormation(store);
});

function renderOffline(path: string, handlers: Record<string, MockResponse> = {}) {
  const api = mockApi({
    ...handlers,
    'GET /api/auth/session': { body: { user: buildUser({ id: USER_ID }) } },
    [COMPLETE]: {
      body: {
        lessonId: TEXT_LESSON,
        courseId: COURSE_ID,
        completedAt: '2026-03-03T12:00:00.000Z',
        progress: 50,
        completedLessons: 1,
        totalLessons: 2,
      },
    },
  });
  return { ...renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS), ...api };
}

const learningCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/learning'));

describe('a downloaded formation without a network (issue 18)', { timeout: 20_000 }, () => {
  it('opens its lesson from the device, without asking the server', async () => {
    const { calls } = renderOffline(`/formations/${COURSE_ID}/module/${MODULE_ID}/lesson/${TEXT_LESSON}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lire' })).toBeTruthy();
    expect(screen.getByText('Texte')).toBeTruthy();
    expect(await screen.findByText('Module 1 sur 1 · Leçon 1 sur 2')).toBeTruthy();
    expect(learningCalls(calls)).toEqual([]);
  });

  it('keeps a completion made offline and sends it when the connection returns', async () => {
    const { calls } = renderOffline(`/formations/${COURSE_ID}/module/${MODULE_ID}/lesson/${TEXT_LESSON}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer comme terminé' }));
    expect(await screen.findByText('Terminé')).toBeTruthy();
    expect(await getOfflineFormationsStore().listPendingCompletions(USER_ID)).toHaveLength(1);
    expect(learningCalls(calls)).toEqual([]);

    isOnline = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Leçon terminée hors ligne synchronisée')).toBeTruthy();
    expect(calls.filter((call) => `${call.method} ${call.path}` === COMPLETE)).toHaveLength(1);
    await waitFor(async () =>
      expect(await getOfflineFormationsStore().listPendingCompletions(USER_ID)).toEqual([]),
    );
  });

  it('says plainly that a formation the device does not hold is not available offline', async () => {
    renderOffline(`/formations/${uuid(999)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Non disponible hors ligne' })).toBeTruthy();
  });

  it('lists only the downloaded formations, with the storage they take', async () => {
    renderOffline('/formations');
    expect(await screen.findByRole('link', { name: /Gestes de premiers secours/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Stockage hors ligne' })).toBeTruthy();
    expect(screen.getByText(/1 formation · 3,9 ko au total/)).toBeTruthy();
  });
});

describe('time on a lesson page (SPEC 4)', { timeout: 20_000 }, () => {
  it('is tracked there too, as in the student frame', async () => {
    isOnline = true;
    // The lesson frame loads its tracker lazily: have its module in before the clock is driven, or
    // the first test of a run moves the clock before the tracker has set its start timer.
    await import('@/features/time-tracking/components/time-tracker-provider');
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    try {
      const { course, lessons } = buildOfflinePackage();
      const { calls } = renderOffline(`/formations/${COURSE_ID}/module/${MODULE_ID}/lesson/${TEXT_LESSON}`, {
        [`GET /api/learning/courses/${COURSE_ID}`]: { body: course },
        [`GET /api/learning/courses/${COURSE_ID}/lessons/${TEXT_LESSON}`]: { body: lessons[0] },
      });
      await screen.findByRole('heading', { level: 1, name: 'Lire' });
      expect(calls.some((call) => call.path === '/api/time-tracking/sessions/start')).toBe(false);
      // SPEC 9: the tracker starts 5 s after auth is ready, once this tab is the leader.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(
          TIME_TRACKING.authCheckDelayMs + TIME_TRACKING.leaderCheckIntervalMs,
        );
        for (let round = 0; round < 10; round += 1) await new Promise((resolve) => setImmediate(resolve));
      });
      expect(calls.some((call) => call.path === '/api/time-tracking/sessions/start')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
