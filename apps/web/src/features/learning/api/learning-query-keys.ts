import type { StudentCourseListQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    learning: true;
  }
}

/** Query keys of the learning feature: one completion moves the progress every one of them shows. */
export const learningKeys = {
  all: getDomainKey('learning'),
  courses: (query: StudentCourseListQuery) => [...learningKeys.all, 'courses', query] as const,
  course: (courseId: string) => [...learningKeys.all, 'course', courseId] as const,
  lesson: (courseId: string, lessonId: string) =>
    [...learningKeys.all, 'lesson', courseId, lessonId] as const,
  progression: () => [...learningKeys.all, 'progression'] as const,
};
