import type { LessonRef, StudentModule } from '@cursus/contracts';

/** The learner-facing state of a formation (SPEC 3 progress, 0 to 100). */
export type CourseStatus = 'notStarted' | 'inProgress' | 'completed';

/**
 * Completed at 100 %: the progress counts the formation's active quizzes passed as well as its
 * lessons, so every lesson done with a quiz to pass is still in progress.
 */
export function getCourseStatus(course: { progress: number; completedLessons: number }): CourseStatus {
  if (course.progress >= 100) return 'completed';
  return course.progress > 0 || course.completedLessons > 0 ? 'inProgress' : 'notStarted';
}

/** Modules and their lessons in the trainer's order, whatever order the answer came in. */
export function sortOutline(modules: StudentModule[]): StudentModule[] {
  return [...modules]
    .sort((a, b) => a.position - b.position)
    .map((module) => ({ ...module, lessons: [...module.lessons].sort((a, b) => a.position - b.position) }));
}

export interface ResumeTarget {
  lesson: LessonRef;
  /** 'start' when nothing is completed yet, 'continue' part-way, 'review' once everything is. */
  action: 'start' | 'continue' | 'review';
}

/**
 * Where the 'Continuer' button leads: the first lesson not completed, in order; the very first
 * lesson to review once all are done; nowhere when the formation has no lesson yet.
 */
export function getResumeTarget(modules: StudentModule[]): ResumeTarget | null {
  const lessons = sortOutline(modules).flatMap((module) => module.lessons);
  const first = lessons[0];
  if (!first) return null;
  const next = lessons.find((lesson) => !lesson.isCompleted);
  if (!next) return { lesson: { lessonId: first.id, moduleId: first.moduleId }, action: 'review' };
  const hasCompleted = lessons.some((lesson) => lesson.isCompleted);
  return {
    lesson: { lessonId: next.id, moduleId: next.moduleId },
    action: hasCompleted ? 'continue' : 'start',
  };
}

export interface LessonPosition {
  moduleIndex: number;
  moduleCount: number;
  lessonIndex: number;
  lessonCount: number;
  moduleTitle: string;
}

/** 'Module 1 sur 3 · Leçon 2 sur 4': where a lesson sits in the outline (numbers from 1), or null. */
export function findLessonPosition(modules: StudentModule[], lessonId: string): LessonPosition | null {
  const sorted = sortOutline(modules);
  for (const [moduleIndex, module] of sorted.entries()) {
    const lessonIndex = module.lessons.findIndex((lesson) => lesson.id === lessonId);
    if (lessonIndex >= 0) {
      return {
        moduleIndex: moduleIndex + 1,
        moduleCount: sorted.length,
        lessonIndex: lessonIndex + 1,
        lessonCount: module.lessons.length,
        moduleTitle: module.title,
      };
    }
  }
  return null;
}

/** The module holding a lesson, for the short `/lesson/{courseId}/{lessonId}` address. */
export function findLessonModuleId(modules: StudentModule[], lessonId: string): string | null {
  for (const module of modules) if (module.lessons.some((lesson) => lesson.id === lessonId)) return module.id;
  return null;
}

export function findLessonTitle(modules: StudentModule[], lessonId: string): string | null {
  for (const module of modules) {
    const lesson = module.lessons.find((candidate) => candidate.id === lessonId);
    if (lesson) return lesson.title;
  }
  return null;
}
