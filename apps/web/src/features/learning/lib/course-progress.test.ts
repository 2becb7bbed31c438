import { describe, expect, it } from 'vitest';
import {
  buildCourseDetail,
  LESSON_1,
  LESSON_2,
  LESSON_3,
  LESSON_4,
  MODULE_1,
  MODULE_2,
} from '../testing/fixtures';
import { findLessonModuleId, findLessonPosition, getCourseStatus, getResumeTarget } from './course-progress';

describe('course progress', () => {
  it('reads a formation as not started, in progress or completed', () => {
    expect(getCourseStatus({ progress: 0, completedLessons: 0 })).toBe('notStarted');
    expect(getCourseStatus({ progress: 25, completedLessons: 1 })).toBe('inProgress');
    expect(getCourseStatus({ progress: 100, completedLessons: 4 })).toBe('completed');
    // Every lesson done with a quiz still to pass (issue 13: quizzes count toward progress).
    expect(getCourseStatus({ progress: 80, completedLessons: 4 })).toBe('inProgress');
    // Only a passed quiz so far.
    expect(getCourseStatus({ progress: 20, completedLessons: 0 })).toBe('inProgress');
  });

  it('resumes at the first lesson not completed, in module then lesson order', () => {
    const { modules } = buildCourseDetail([LESSON_1, LESSON_2]);
    // The answer's order does not matter: positions decide.
    expect(getResumeTarget([...modules].reverse())).toEqual({
      lesson: { lessonId: LESSON_3, moduleId: MODULE_2 },
      action: 'continue',
    });
    expect(getResumeTarget(buildCourseDetail([]).modules)?.action).toBe('start');
    expect(getResumeTarget(buildCourseDetail([LESSON_1, LESSON_2, LESSON_3, LESSON_4]).modules)).toEqual({
      lesson: { lessonId: LESSON_1, moduleId: MODULE_1 },
      action: 'review',
    });
    expect(getResumeTarget([])).toBeNull();
  });

  it("finds a lesson's module and its position", () => {
    const { modules } = buildCourseDetail();
    expect(findLessonModuleId(modules, LESSON_4)).toBe(MODULE_2);
    expect(findLessonModuleId(modules, 'missing')).toBeNull();
    expect(findLessonPosition(modules, LESSON_4)).toMatchObject({
      moduleIndex: 2,
      moduleCount: 2,
      lessonIndex: 2,
      lessonCount: 2,
    });
  });
});
