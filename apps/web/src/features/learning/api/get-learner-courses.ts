import { type LearnerCourseListQuery, learningRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';

/** SPEC 6: the learner's own enrolled, published formations with their progress. */
export function getLearnerCourses(query: LearnerCourseListQuery, signal?: AbortSignal) {
  return callApi(learningRoutes.listCourses, { query, signal });
}

export function learnerCoursesQueryOptions(query: LearnerCourseListQuery) {
  return queryOptions({
    queryKey: learningKeys.courses(query),
    queryFn: ({ signal }) => getLearnerCourses(query, signal),
    // A new search or page keeps the current cards on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useLearnerCourses(
  query: LearnerCourseListQuery,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...learnerCoursesQueryOptions(query), enabled });
}
