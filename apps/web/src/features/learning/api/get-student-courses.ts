import { learningRoutes, type StudentCourseListQuery } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';
import {
  type LearningOfflineSource,
  offlineNetworkMode,
  useLearningOfflineSource,
  withOfflineFallback,
} from './offline-source';

/** SPEC 6: the learner's own enrolled, published formations with their progress. */
export function getStudentCourses(query: StudentCourseListQuery, signal?: AbortSignal) {
  return callApi(learningRoutes.listCourses, { query, signal });
}

/** With `offline`, the device's formations stand in when the server cannot be reached (issue 18). */
export function studentCoursesQueryOptions(
  query: StudentCourseListQuery,
  offline: LearningOfflineSource | null = null,
) {
  return queryOptions({
    queryKey: learningKeys.courses(query),
    queryFn: ({ signal }) =>
      withOfflineFallback(
        () => getStudentCourses(query, signal),
        offline && (() => offline.listCourses(query)),
      ),
    networkMode: offlineNetworkMode(offline),
    // A new search or page keeps the current cards on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useStudentCourses(
  query: StudentCourseListQuery,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const offline = useLearningOfflineSource();
  return useQuery({ ...studentCoursesQueryOptions(query, offline), enabled });
}
