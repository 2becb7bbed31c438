import type { CourseListQuery, EnrollmentListQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    courses: true;
  }
}

/**
 * Query keys of the courses feature. Lessons, enrolments and candidates sit beside the formation's
 * own key rather than under it, so refreshing an outline never refetches (and resets) the lesson
 * being edited.
 */
export const courseKeys = {
  all: getDomainKey('courses'),
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (query: CourseListQuery) => [...courseKeys.all, 'list', query] as const,
  detail: (courseId: string) => [...courseKeys.all, 'detail', courseId] as const,
  lesson: (courseId: string, lessonId: string) => [...courseKeys.all, 'lesson', courseId, lessonId] as const,
  enrollments: (courseId: string, query?: EnrollmentListQuery) =>
    query
      ? ([...courseKeys.all, 'enrollments', courseId, query] as const)
      : ([...courseKeys.all, 'enrollments', courseId] as const),
  candidates: (courseId: string, query?: EnrollmentListQuery) =>
    query
      ? ([...courseKeys.all, 'candidates', courseId, query] as const)
      : ([...courseKeys.all, 'candidates', courseId] as const),
};
