import { courseRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** A formation with its programme sheet and its outline (modules and lessons, in order). */
export function getCourse(courseId: string, signal?: AbortSignal) {
  return callApi(courseRoutes.get, { params: { id: courseId }, signal });
}

export function courseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: courseKeys.detail(courseId),
    queryFn: ({ signal }) => getCourse(courseId, signal),
  });
}

export function useCourse(courseId: string) {
  return useQuery(courseQueryOptions(courseId));
}
