import { courseRoutes, MAX_PAGE_SIZE } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { connectionLogKeys } from './connection-log-query-keys';

export interface CourseOption {
  id: string;
  title: string;
}

/** The organisation's formations for the filter (trainers: their own; admins: every one), by title. */
export async function getCourseOptions(signal?: AbortSignal): Promise<CourseOption[]> {
  const page = await callApi(courseRoutes.list, {
    query: { page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'title', order: 'asc' },
    signal,
  });
  return page.items.map((course) => ({ id: course.id, title: course.title }));
}

export function courseOptionsQueryOptions() {
  return queryOptions({
    queryKey: connectionLogKeys.courseOptions(),
    queryFn: ({ signal }) => getCourseOptions(signal),
  });
}

export function useCourseOptions() {
  return useQuery(courseOptionsQueryOptions());
}
