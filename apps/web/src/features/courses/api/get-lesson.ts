import { courseRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** One lesson with its content, as the editor and the learner preview show it. */
export function getLesson(courseId: string, lessonId: string, signal?: AbortSignal) {
  return callApi(courseRoutes.getLesson, { params: { id: courseId, lessonId }, signal });
}

export function lessonQueryOptions(courseId: string, lessonId: string) {
  return queryOptions({
    queryKey: courseKeys.lesson(courseId, lessonId),
    queryFn: ({ signal }) => getLesson(courseId, lessonId, signal),
  });
}

export function useLesson(courseId: string, lessonId: string | null) {
  return useQuery({ ...lessonQueryOptions(courseId, lessonId ?? ''), enabled: lessonId !== null });
}
