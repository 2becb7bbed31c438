import { type CourseListQuery, courseRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** SPEC 6 listing: a trainer's organisation's formations, or every organisation's for an admin. */
export function getCourses(query: CourseListQuery, signal?: AbortSignal) {
  return callApi(courseRoutes.list, { query, signal });
}

export function coursesQueryOptions(query: CourseListQuery) {
  return queryOptions({
    queryKey: courseKeys.list(query),
    queryFn: ({ signal }) => getCourses(query, signal),
    // The lists change under the trainer's own hands: always ask again when they come back to one.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useCourses(query: CourseListQuery) {
  // The previous page stays on screen while the next one loads, so the list does not jump.
  return useQuery({ ...coursesQueryOptions(query), placeholderData: keepPreviousData });
}
