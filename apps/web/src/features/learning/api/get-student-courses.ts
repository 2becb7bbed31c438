import { learningRoutes, type StudentCourseListQuery } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';

/** SPEC 6: the learner's own enrolled, published formations with their progress. */
export function getStudentCourses(query: StudentCourseListQuery, signal?: AbortSignal) {
  return callApi(learningRoutes.listCourses, { query, signal });
}

export function studentCoursesQueryOptions(query: StudentCourseListQuery) {
  return queryOptions({
    queryKey: learningKeys.courses(query),
    queryFn: ({ signal }) => getStudentCourses(query, signal),
    // A new search or page keeps the current cards on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useStudentCourses(
  query: StudentCourseListQuery,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...studentCoursesQueryOptions(query), enabled });
}
