import { learningRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';
import {
  type LearningOfflineSource,
  offlineNetworkMode,
  useLearningOfflineSource,
  withOfflineFallback,
} from './offline-source';

/** A formation's programme sheet and outline, with the learner's completion marks. */
export function getStudentCourse(courseId: string, signal?: AbortSignal) {
  return callApi(learningRoutes.getCourse, { params: { courseId }, signal });
}

/** With `offline`, the device's copy stands in when the server cannot be reached (issue 18). */
export function studentCourseQueryOptions(courseId: string, offline: LearningOfflineSource | null = null) {
  return queryOptions({
    queryKey: learningKeys.course(courseId),
    queryFn: ({ signal }) =>
      withOfflineFallback(
        () => getStudentCourse(courseId, signal),
        offline && (() => offline.getCourse(courseId)),
      ),
    networkMode: offlineNetworkMode(offline),
  });
}

export function useStudentCourse(courseId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const offline = useLearningOfflineSource();
  return useQuery({ ...studentCourseQueryOptions(courseId, offline), enabled });
}
