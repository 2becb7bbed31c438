import type { CompleteLessonResult } from '@cursus/contracts';
import { isApiError } from '@/lib/api-client';
import type { OfflineFormationsStore } from './offline-store';

export interface SyncResult {
  /** Completions the server recorded. */
  sent: number;
  /** Completions the server refused for good (formation withdrawn or locked, lesson removed). */
  refused: number;
  /** The connection or the server failed: the rest waits for the next connection. */
  hasFailed: boolean;
}

/** Answers that will not change by asking again; anything else (no session, rate limit, 5xx) is retried. */
function isFinalRefusal(error: unknown): boolean {
  return (
    isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)
  );
}

const running = new Map<string, Promise<SyncResult>>();

/**
 * Sends the lessons completed offline through the ordinary completion route, oldest first. The
 * server records each completion when it receives it (its own clock); the device's time is never
 * sent. One run at a time per learner, however many reconnections announce themselves.
 */
export function syncPendingCompletions(options: {
  userId: string;
  store: OfflineFormationsStore;
  complete: (input: { courseId: string; lessonId: string }) => Promise<CompleteLessonResult>;
}): Promise<SyncResult> {
  const { userId, store, complete } = options;
  const current = running.get(userId);
  if (current) return current;
  const run = (async () => {
    const result: SyncResult = { sent: 0, refused: 0, hasFailed: false };
    for (const entry of await store.listPendingCompletions(userId)) {
      try {
        const answer = await complete({ courseId: entry.courseId, lessonId: entry.lessonId });
        await store.applyCompletion(userId, answer);
        result.sent += 1;
      } catch (error) {
        if (!isFinalRefusal(error)) return { ...result, hasFailed: true };
        result.refused += 1;
      }
      await store.removePendingCompletion(entry.key);
    }
    return result;
  })().finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}
