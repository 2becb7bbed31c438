import { courseRoutes, type EnrollmentListQuery } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** The organisation's students, enrolled or not, for the enrolment picker. */
export function getEnrollmentCandidates(courseId: string, query: EnrollmentListQuery, signal?: AbortSignal) {
  return callApi(courseRoutes.listEnrollmentCandidates, { params: { id: courseId }, query, signal });
}

export function enrollmentCandidatesQueryOptions(courseId: string, query: EnrollmentListQuery) {
  return queryOptions({
    queryKey: courseKeys.candidates(courseId, query),
    queryFn: ({ signal }) => getEnrollmentCandidates(courseId, query, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useEnrollmentCandidates(courseId: string, query: EnrollmentListQuery) {
  return useQuery({
    ...enrollmentCandidatesQueryOptions(courseId, query),
    placeholderData: keepPreviousData,
  });
}
