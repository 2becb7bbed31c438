import { learningRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';

/** One lesson with its content, completion and neighbours across modules. */
export function getLearnerLesson(courseId: string, lessonId: string, signal?: AbortSignal) {
  return callApi(learningRoutes.getLesson, { params: { courseId, lessonId }, signal });
}

export function learnerLessonQueryOptions(courseId: string, lessonId: string) {
  return queryOptions({
    queryKey: learningKeys.lesson(courseId, lessonId),
    queryFn: ({ signal }) => getLearnerLesson(courseId, lessonId, signal),
  });
}

export function useLearnerLesson(
  courseId: string,
  lessonId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...learnerLessonQueryOptions(courseId, lessonId), enabled });
}
