import { courseRoutes, type EnrollmentListQuery } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** The formation's learners with their progress (SPEC 3 course_enrollments). */
export function getEnrollments(courseId: string, query: EnrollmentListQuery, signal?: AbortSignal) {
  return callApi(courseRoutes.listEnrollments, { params: { id: courseId }, query, signal });
}

export function enrollmentsQueryOptions(courseId: string, query: EnrollmentListQuery) {
  return queryOptions({
    queryKey: courseKeys.enrollments(courseId, query),
    queryFn: ({ signal }) => getEnrollments(courseId, query, signal),
    // Progress moves while learners work: show the latest each time the panel opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useEnrollments(courseId: string, query: EnrollmentListQuery) {
  return useQuery({ ...enrollmentsQueryOptions(courseId, query), placeholderData: keepPreviousData });
}
