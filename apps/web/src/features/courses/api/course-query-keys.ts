import type { CourseListQuery, EnrollmentListQuery } from '@cursus/contracts';

/**
 * Query keys of the courses feature. Lessons, enrolments and candidates sit beside the formation's
 * own key rather than under it, so refreshing an outline never refetches (and resets) the lesson
 * being edited.
 */
export const courseKeys = {
  all: ['courses'] as const,
  lists: () => ['courses', 'list'] as const,
  list: (query: CourseListQuery) => ['courses', 'list', query] as const,
  detail: (courseId: string) => ['courses', 'detail', courseId] as const,
  lesson: (courseId: string, lessonId: string) => ['courses', 'lesson', courseId, lessonId] as const,
  enrollments: (courseId: string, query?: EnrollmentListQuery) =>
    query
      ? (['courses', 'enrollments', courseId, query] as const)
      : (['courses', 'enrollments', courseId] as const),
  candidates: (courseId: string, query?: EnrollmentListQuery) =>
    query
      ? (['courses', 'candidates', courseId, query] as const)
      : (['courses', 'candidates', courseId] as const),
};
