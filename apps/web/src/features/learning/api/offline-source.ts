import type {
  CompleteLessonResult,
  StudentCourseDetail,
  StudentCourseList,
  StudentCourseListQuery,
  StudentLesson,
} from '@cursus/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { isApiError } from '@/lib/api-client';

/**
 * Issue 18: where the learner's pages read when the network is gone. The route provides it (the
 * offline feature's device copies); each read answers undefined for what the device does not hold.
 */
export interface LearningOfflineSource {
  listCourses(query: StudentCourseListQuery): Promise<StudentCourseList | undefined>;
  getCourse(courseId: string): Promise<StudentCourseDetail | undefined>;
  getLesson(courseId: string, lessonId: string): Promise<StudentLesson | undefined>;
  /** Keeps the completion for the next connection. */
  completeLesson(courseId: string, lessonId: string): Promise<CompleteLessonResult | undefined>;
  /** A completion the server recorded, for the device's copy. */
  recordCompletion(result: CompleteLessonResult): Promise<void>;
  /** Shown instead of a page, or of the list, the device does not hold. */
  unavailable: { page: ReactNode; list: ReactNode };
}

export const LearningOfflineContext = createContext<LearningOfflineSource | null>(null);

export function useLearningOfflineSource(): LearningOfflineSource | null {
  return useContext(LearningOfflineContext);
}

/** Without a network, the device holds no copy of what was asked for. */
export class OfflineUnavailableError extends Error {
  constructor() {
    super('OFFLINE_UNAVAILABLE');
  }
}

/** No answer came back: the device's copy stands in. A server's refusal never does. */
function isUnreachable(error: unknown): boolean {
  return isApiError(error, 'NETWORK_ERROR') || isApiError(error, 'TIMEOUT');
}

/**
 * The server's answer when it can be reached, else the device's copy (without asking the server
 * at all when the browser knows it is offline).
 */
export async function withOfflineFallback<T>(
  online: () => Promise<T>,
  offline: (() => Promise<T | undefined>) | null,
): Promise<T> {
  if (!offline) return online();
  if (navigator.onLine) {
    try {
      return await online();
    } catch (error) {
      if (!isUnreachable(error)) throw error;
    }
  }
  const stored = await offline();
  if (stored === undefined) throw new OfflineUnavailableError();
  return stored;
}

/** React Query pauses requests while the browser is offline; with a device copy they may run. */
export function offlineNetworkMode(source: LearningOfflineSource | null) {
  return source ? ('always' as const) : ('online' as const);
}
