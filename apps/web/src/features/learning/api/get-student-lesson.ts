import { learningRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';

/** One lesson with its content, completion and neighbours across modules. */
export function getStudentLesson(courseId: string, lessonId: string, signal?: AbortSignal) {
  return callApi(learningRoutes.getLesson, { params: { courseId, lessonId }, signal });
}

export function studentLessonQueryOptions(courseId: string, lessonId: string) {
  return queryOptions({
    queryKey: learningKeys.lesson(courseId, lessonId),
    queryFn: ({ signal }) => getStudentLesson(courseId, lessonId, signal),
  });
}

export function useStudentLesson(
  courseId: string,
  lessonId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...studentLessonQueryOptions(courseId, lessonId), enabled });
}
