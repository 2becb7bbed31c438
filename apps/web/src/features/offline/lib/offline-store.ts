import {
  type CompleteLessonResult,
  computeProgress,
  type StudentCourseDetail,
  type StudentLesson,
} from '@cursus/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** Issue 18: the browser database of formations taken offline. A new version adds stores, never rewrites. */
export const OFFLINE_FORMATIONS_DB = { name: 'cursus-offline-formations', version: 1 } as const;

/** One formation on the device: its page and lesson pages as the server last gave them. */
export interface StoredFormation {
  /** `${userId}:${courseId}`: one device may hold several people's formations, never mixed. */
  key: string;
  userId: string;
  courseId: string;
  title: string;
  course: StudentCourseDetail;
  lessons: StudentLesson[];
  /** The formation's active quizzes and those passed: its progress counts them (OfflinePackage). */
  quizzes: { active: number; passed: number };
  fileIds: string[];
  /** The files' bytes, what the learner is told the formation takes. */
  sizeBytes: number;
  /** Epoch milliseconds. */
  downloadedAt: number;
}

export interface StoredFile {
  /** `${userId}:${courseId}:${fileId}`: freeing a formation frees its own copies. */
  key: string;
  userId: string;
  courseId: string;
  fileId: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  data: Blob;
}

/** A lesson completed without a connection, waiting to be sent through the completion route. */
export interface PendingCompletion {
  /** `${userId}:${lessonId}`: completing twice offline is one completion. */
  key: string;
  userId: string;
  courseId: string;
  lessonId: string;
  /**
   * When the device says the learner pressed the button. Shown on the device only: the server
   * records a completion when it receives it and never reads this.
   */
  deviceCompletedAt: string;
}

interface OfflineFormationsSchema extends DBSchema {
  formations: { key: string; value: StoredFormation; indexes: { userId: string } };
  files: { key: string; value: StoredFile; indexes: { formation: [string, string] } };
  pendingCompletions: { key: string; value: PendingCompletion; indexes: { userId: string } };
}

export interface OfflineFormationsStore {
  saveFormation(formation: StoredFormation, files: StoredFile[]): Promise<void>;
  listFormations(userId: string): Promise<StoredFormation[]>;
  getFormation(userId: string, courseId: string): Promise<StoredFormation | undefined>;
  getFile(userId: string, courseId: string, fileId: string): Promise<StoredFile | undefined>;
  /** Frees a formation and its files; its pending completions stay until sent. */
  removeFormation(userId: string, courseId: string): Promise<void>;
  addPendingCompletion(entry: PendingCompletion): Promise<void>;
  listPendingCompletions(userId: string): Promise<PendingCompletion[]>;
  removePendingCompletion(key: string): Promise<void>;
  /** The server's answer to a completion, written into the stored pages so they show it offline. */
  applyCompletion(userId: string, result: CompleteLessonResult): Promise<void>;
}

export const formationKey = (userId: string, courseId: string) => `${userId}:${courseId}`;
export const fileKey = (userId: string, courseId: string, fileId: string) =>
  `${userId}:${courseId}:${fileId}`;
export const pendingKey = (userId: string, lessonId: string) => `${userId}:${lessonId}`;

/**
 * The formation page with one more lesson marked completed: counts, progress (its lessons and
 * quizzes, as the server computes it) and the lesson to continue with follow.
 */
export function markLessonCompleted(
  course: StudentCourseDetail,
  quizzes: StoredFormation['quizzes'],
  lessonId: string,
  completedAt: string,
): StudentCourseDetail {
  let added = 0;
  const modules = course.modules.map((module) => {
    const lessons = module.lessons.map((lesson) => {
      if (lesson.id !== lessonId || lesson.isCompleted) return lesson;
      added += 1;
      return { ...lesson, isCompleted: true, completedAt };
    });
    const completedLessons = lessons.filter((lesson) => lesson.isCompleted).length;
    return {
      ...module,
      lessons,
      completedLessons,
      progress: computeProgress(completedLessons, lessons.length),
    };
  });
  if (added === 0) return course;
  const next = modules.flatMap((module) => module.lessons).find((lesson) => !lesson.isCompleted);
  const completedLessons = course.completedLessons + added;
  return {
    ...course,
    modules,
    completedLessons,
    progress: computeProgress(completedLessons + quizzes.passed, course.totalLessons + quizzes.active),
    nextLesson: next ? { lessonId: next.id, moduleId: next.moduleId } : null,
  };
}

export function openOfflineFormationsStore(): OfflineFormationsStore {
  let database: Promise<IDBPDatabase<OfflineFormationsSchema>> | null = null;
  const open = () => {
    database ??= openDB<OfflineFormationsSchema>(OFFLINE_FORMATIONS_DB.name, OFFLINE_FORMATIONS_DB.version, {
      upgrade(db) {
        db.createObjectStore('formations', { keyPath: 'key' }).createIndex('userId', 'userId');
        db.createObjectStore('files', { keyPath: 'key' }).createIndex('formation', ['userId', 'courseId']);
        db.createObjectStore('pendingCompletions', { keyPath: 'key' }).createIndex('userId', 'userId');
      },
    });
    return database;
  };

  return {
    async saveFormation(formation, files) {
      const db = await open();
      // One transaction: a formation is on the device whole, or not at all.
      const tx = db.transaction(['formations', 'files'], 'readwrite');
      const fileStore = tx.objectStore('files');
      const stale = await fileStore.index('formation').getAllKeys([formation.userId, formation.courseId]);
      await Promise.all([
        ...stale.map((key) => fileStore.delete(key)),
        ...files.map((file) => fileStore.put(file)),
        tx.objectStore('formations').put(formation),
        tx.done,
      ]);
    },
    async listFormations(userId) {
      const formations = await (await open()).getAllFromIndex('formations', 'userId', userId);
      return formations.sort((a, b) => a.title.localeCompare(b.title));
    },
    async getFormation(userId, courseId) {
      return (await open()).get('formations', formationKey(userId, courseId));
    },
    async getFile(userId, courseId, fileId) {
      return (await open()).get('files', fileKey(userId, courseId, fileId));
    },
    async removeFormation(userId, courseId) {
      const db = await open();
      const tx = db.transaction(['formations', 'files'], 'readwrite');
      const fileStore = tx.objectStore('files');
      const keys = await fileStore.index('formation').getAllKeys([userId, courseId]);
      await Promise.all([
        ...keys.map((key) => fileStore.delete(key)),
        tx.objectStore('formations').delete(formationKey(userId, courseId)),
        tx.done,
      ]);
    },
    async addPendingCompletion(entry) {
      const db = await open();
      // The first press counts: a second one offline keeps the first.
      const tx = db.transaction('pendingCompletions', 'readwrite');
      if (!(await tx.store.get(entry.key))) await tx.store.put(entry);
      await tx.done;
    },
    async listPendingCompletions(userId) {
      const entries = await (await open()).getAllFromIndex('pendingCompletions', 'userId', userId);
      return entries.sort((a, b) => a.deviceCompletedAt.localeCompare(b.deviceCompletedAt));
    },
    async removePendingCompletion(key) {
      await (await open()).delete('pendingCompletions', key);
    },
    async applyCompletion(userId, result) {
      const db = await open();
      const tx = db.transaction('formations', 'readwrite');
      const stored = await tx.store.get(formationKey(userId, result.courseId));
      if (stored) {
        const course = markLessonCompleted(
          stored.course,
          stored.quizzes,
          result.lessonId,
          result.completedAt,
        );
        await tx.store.put({
          ...stored,
          course: {
            ...course,
            progress: result.progress,
            completedLessons: result.completedLessons,
            totalLessons: result.totalLessons,
          },
          lessons: stored.lessons.map((lesson) =>
            lesson.id === result.lessonId && !lesson.isCompleted
              ? { ...lesson, isCompleted: true, completedAt: result.completedAt }
              : lesson,
          ),
        });
      }
      await tx.done;
    },
  };
}

let sharedStore: OfflineFormationsStore | null = null;

/** The app's one connection to the database (tests may pass their own store instead). */
export function getOfflineFormationsStore(): OfflineFormationsStore {
  sharedStore ??= openOfflineFormationsStore();
  return sharedStore;
}

/** For tests: the next call opens the database again, in the IndexedDB a test file put in place. */
export function resetOfflineFormationsStore(): void {
  sharedStore = null;
}
