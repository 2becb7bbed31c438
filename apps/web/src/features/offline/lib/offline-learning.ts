import {
  type CompleteLessonResult,
  DEFAULT_PAGE_SIZE,
  type StudentCourse,
  type StudentCourseDetail,
  type StudentCourseList,
  type StudentCourseListQuery,
  type StudentLesson,
} from '@cursus/contracts';
import {
  markLessonCompleted,
  type OfflineFormationsStore,
  type PendingCompletion,
  pendingKey,
  type StoredFormation,
} from './offline-store';

/** How a stored page names a stored file: the files route's address, as the server wrote it. */
const FILE_PATH = /\/api\/files\/([0-9a-f-]{36})/gi;

function toSummary(course: StudentCourseDetail): StudentCourse {
  const {
    objectives: _objectives,
    prerequisites: _prerequisites,
    audience: _audience,
    teachingMethods: _teachingMethods,
    assessmentMethods: _assessmentMethods,
    accessibility: _accessibility,
    modules: _modules,
    nextLesson: _nextLesson,
    ...summary
  } = course;
  return summary;
}

/**
 * Issue 18: the learner's formation, lesson and list pages read from the device when the network
 * is gone, with the lessons completed offline shown as completed. Files come back as `blob:`
 * addresses of the stored copies, made once per file and kept while the page lives.
 */
export function createOfflineLearning(options: {
  userId: string;
  store: OfflineFormationsStore;
  now?: () => Date;
  createObjectUrl?: (blob: Blob) => string;
}) {
  const { userId, store } = options;
  const now = options.now ?? (() => new Date());
  const createObjectUrl = options.createObjectUrl ?? ((blob: Blob) => URL.createObjectURL(blob));
  const objectUrls = new Map<string, string>();

  async function pendingOf(courseId?: string): Promise<PendingCompletion[]> {
    const pending = await store.listPendingCompletions(userId);
    return courseId ? pending.filter((entry) => entry.courseId === courseId) : pending;
  }

  function withPending(formation: StoredFormation, pending: PendingCompletion[]): StudentCourseDetail {
    return pending
      .filter((entry) => entry.courseId === formation.courseId)
      .reduce(
        (current, entry) =>
          markLessonCompleted(current, formation.quizzes, entry.lessonId, entry.deviceCompletedAt),
        formation.course,
      );
  }

  async function objectUrlOf(formation: StoredFormation, fileId: string): Promise<string | undefined> {
    const id = fileId.toLowerCase();
    const cached = objectUrls.get(`${formation.courseId}:${id}`);
    if (cached) return cached;
    const file = await store.getFile(userId, formation.courseId, id);
    if (!file) return undefined;
    const url = createObjectUrl(file.data);
    objectUrls.set(`${formation.courseId}:${id}`, url);
    return url;
  }

  /** The lesson with its files pointing at the device's copies. */
  async function withStoredFiles(formation: StoredFormation, lesson: StudentLesson): Promise<StudentLesson> {
    const { content } = lesson;
    if (content.type === 'text') {
      const urls = new Map<string, string>();
      for (const [, id] of content.html.matchAll(FILE_PATH)) {
        const url = await objectUrlOf(formation, id!);
        if (url) urls.set(id!.toLowerCase(), url);
      }
      const html = content.html.replace(FILE_PATH, (path, id: string) => urls.get(id.toLowerCase()) ?? path);
      return { ...lesson, content: { ...content, html } };
    }
    if (content.type === 'document' || (content.type === 'video' && content.source === 'upload')) {
      const url = await objectUrlOf(formation, content.file.id);
      return url ? { ...lesson, content: { ...content, file: { ...content.file, url } } } : lesson;
    }
    return lesson;
  }

  return {
    /** The formations on the device, searched and paged as the server's list is; undefined when none. */
    async listCourses(query: StudentCourseListQuery): Promise<StudentCourseList | undefined> {
      const formations = await store.listFormations(userId);
      if (formations.length === 0) return undefined;
      const pending = await pendingOf();
      const search = query.search?.trim().toLocaleLowerCase();
      const items = formations
        .map((formation) => toSummary(withPending(formation, pending)))
        .filter((course) => !search || course.title.toLocaleLowerCase().includes(search));
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
      return {
        items: items.slice((page - 1) * pageSize, page * pageSize),
        total: items.length,
        page,
        pageSize,
      };
    },

    async getCourse(courseId: string): Promise<StudentCourseDetail | undefined> {
      const formation = await store.getFormation(userId, courseId);
      return formation && withPending(formation, await pendingOf(courseId));
    },

    async getLesson(courseId: string, lessonId: string): Promise<StudentLesson | undefined> {
      const formation = await store.getFormation(userId, courseId);
      const lesson = formation?.lessons.find((item) => item.id === lessonId);
      if (!formation || !lesson) return undefined;
      const pending = (await pendingOf(courseId)).find((entry) => entry.lessonId === lessonId);
      const completed =
        pending && !lesson.isCompleted
          ? { ...lesson, isCompleted: true, completedAt: pending.deviceCompletedAt }
          : lesson;
      return withStoredFiles(formation, completed);
    },

    /** Keeps the completion for the next connection; undefined when the lesson is not on the device. */
    async completeLesson(courseId: string, lessonId: string): Promise<CompleteLessonResult | undefined> {
      const formation = await store.getFormation(userId, courseId);
      if (!formation?.lessons.some((lesson) => lesson.id === lessonId)) return undefined;
      const deviceCompletedAt = now().toISOString();
      await store.addPendingCompletion({
        key: pendingKey(userId, lessonId),
        userId,
        courseId,
        lessonId,
        deviceCompletedAt,
      });
      const course = withPending(formation, await pendingOf(courseId));
      const lesson = course.modules.flatMap((module) => module.lessons).find((item) => item.id === lessonId);
      return {
        lessonId,
        courseId,
        completedAt: lesson?.completedAt ?? deviceCompletedAt,
        progress: course.progress,
        completedLessons: course.completedLessons,
        totalLessons: course.totalLessons,
      };
    },

    /** A completion the server recorded (online, or at sync): the device's copy shows it too. */
    recordCompletion(result: CompleteLessonResult): Promise<void> {
      return store.applyCompletion(userId, result);
    },
  };
}

export type OfflineLearning = ReturnType<typeof createOfflineLearning>;
