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

/** One lesson with its content, completion and neighbours across modules. */
export function getStudentLesson(courseId: string, lessonId: string, signal?: AbortSignal) {
  return callApi(learningRoutes.getLesson, { params: { courseId, lessonId }, signal });
}

/** With `offline`, the device's copy stands in when the server cannot be reached (issue 18). */
export function studentLessonQueryOptions(
  courseId: string,
  lessonId: string,
  offline: LearningOfflineSource | null = null,
) {
  return queryOptions({
    queryKey: learningKeys.lesson(courseId, lessonId),
    queryFn: ({ signal }) =>
      withOfflineFallback(
        () => getStudentLesson(courseId, lessonId, signal),
        offline && (() => offline.getLesson(courseId, lessonId)),
      ),
    networkMode: offlineNetworkMode(offline),
  });
}

export function useStudentLesson(
  courseId: string,
  lessonId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const offline = useLearningOfflineSource();
  return useQuery({ ...studentLessonQueryOptions(courseId, lessonId, offline), enabled });
}
