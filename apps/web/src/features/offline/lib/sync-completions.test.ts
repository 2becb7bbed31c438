import 'fake-indexeddb/auto';
import type { CompleteLessonResult } from '@cursus/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { COURSE_ID, PDF_LESSON, storeFormation, TEXT_LESSON, USER_ID } from '../testing/fixtures';
import { createOfflineLearning } from './offline-learning';
import { type OfflineFormationsStore, openOfflineFormationsStore } from './offline-store';
import { syncPendingCompletions } from './sync-completions';

let store: OfflineFormationsStore;
let clock: number;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  store = openOfflineFormationsStore();
  clock = Date.parse('2026-03-03T08:00:00.000Z');
  await storeFormation(store);
  const learning = createOfflineLearning({
    userId: USER_ID,
    store,
    now: () => {
      clock += 60_000;
      return new Date(clock);
    },
    createObjectUrl: () => 'blob:test',
  });
  await learning.completeLesson(COURSE_ID, PDF_LESSON);
  await learning.completeLesson(COURSE_ID, TEXT_LESSON);
});

/** The server's answer: its own clock, never the device's. */
const answer = (lessonId: string, completedLessons: number): CompleteLessonResult => ({
  lessonId,
  courseId: COURSE_ID,
  completedAt: '2026-03-03T12:00:00.000Z',
  progress: completedLessons * 50,
  completedLessons,
  totalLessons: 2,
});

describe('sending lessons completed offline', () => {
  it('sends each through the completion route, oldest first, then keeps the server’s answers on the device', async () => {
    const sent: unknown[] = [];
    const result = await syncPendingCompletions({
      userId: USER_ID,
      store,
      complete: async (input) => {
        sent.push(input);
        return answer(input.lessonId, sent.length);
      },
    });
    expect(result).toEqual({ sent: 2, refused: 0, hasFailed: false });
    // Only the ids: the device's time is not the server's business.
    expect(sent).toEqual([
      { courseId: COURSE_ID, lessonId: PDF_LESSON },
      { courseId: COURSE_ID, lessonId: TEXT_LESSON },
    ]);
    expect(await store.listPendingCompletions(USER_ID)).toEqual([]);
    const stored = await store.getFormation(USER_ID, COURSE_ID);
    expect(stored?.course).toMatchObject({ progress: 100, completedLessons: 2, nextLesson: null });
    expect(stored?.lessons.every((lesson) => lesson.completedAt === '2026-03-03T12:00:00.000Z')).toBe(true);
  });

  it('keeps what is left for the next connection when the network fails again', async () => {
    let calls = 0;
    const result = await syncPendingCompletions({
      userId: USER_ID,
      store,
      complete: async (input) => {
        calls += 1;
        if (calls === 2) throw new ApiError({ code: 'NETWORK_ERROR', status: 0 });
        return answer(input.lessonId, 1);
      },
    });
    expect(result).toEqual({ sent: 1, refused: 0, hasFailed: true });
    expect((await store.listPendingCompletions(USER_ID)).map((entry) => entry.lessonId)).toEqual([
      TEXT_LESSON,
    ]);
  });

  it('drops a completion the server refuses for good, and keeps one it could not judge (signed out)', async () => {
    const refused = await syncPendingCompletions({
      userId: USER_ID,
      store,
      complete: async (input) => {
        if (input.lessonId === PDF_LESSON) throw new ApiError({ code: 'TRAINING_NOT_FOUND', status: 404 });
        throw new ApiError({ code: 'NO_SESSION', status: 401 });
      },
    });
    expect(refused).toEqual({ sent: 0, refused: 1, hasFailed: true });
    expect((await store.listPendingCompletions(USER_ID)).map((entry) => entry.lessonId)).toEqual([
      TEXT_LESSON,
    ]);
  });

  it('runs once however many reconnections announce themselves at the same time', async () => {
    let calls = 0;
    const complete = async (input: { lessonId: string }) => {
      calls += 1;
      return answer(input.lessonId, calls);
    };
    const [first, second] = await Promise.all([
      syncPendingCompletions({ userId: USER_ID, store, complete }),
      syncPendingCompletions({ userId: USER_ID, store, complete }),
    ]);
    expect(first).toBe(second);
    expect(calls).toBe(2);
  });
});
