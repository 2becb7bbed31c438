import type { Course, CourseDetail, CourseOutline } from '@cursus/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { courseKeys } from './course-query-keys';

/*
 * How answers of the editing routes land in the cache: the formation's own entry is updated from
 * the answer when it carries enough, and the lists (whose counts and statuses changed) refetch.
 */

function countLessons(outline: CourseOutline): number {
  return outline.modules.reduce((total, module) => total + module.lessons.length, 0);
}

export function invalidateCourseLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
}

/** A full formation answer (create, update, duplicate). */
export function storeCourseDetail(queryClient: QueryClient, course: CourseDetail) {
  queryClient.setQueryData(courseKeys.detail(course.id), course);
  void invalidateCourseLists(queryClient);
}

/** A formation without its outline (publish, lock, archive and their opposites). */
export function storeCourse(queryClient: QueryClient, course: Course) {
  queryClient.setQueryData<CourseDetail>(courseKeys.detail(course.id), (previous) =>
    previous ? { ...previous, ...course } : previous,
  );
  void invalidateCourseLists(queryClient);
}

/** A new outline (reorder, move), counts included. */
export function storeOutline(queryClient: QueryClient, courseId: string, outline: CourseOutline) {
  queryClient.setQueryData<CourseDetail>(courseKeys.detail(courseId), (previous) =>
    previous
      ? {
          ...previous,
          modules: outline.modules,
          moduleCount: outline.modules.length,
          lessonCount: countLessons(outline),
        }
      : previous,
  );
  void invalidateCourseLists(queryClient);
}

/** Anything else that changed the formation: ask the server again. */
export function refreshCourse(queryClient: QueryClient, courseId: string) {
  void queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
  void invalidateCourseLists(queryClient);
}
