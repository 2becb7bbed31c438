import { courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshCourse } from './course-cache';
import { courseKeys } from './course-query-keys';

/** Learners' completions of the lesson go with it; their progress is recomputed. */
export function deleteLesson(courseId: string, lessonId: string) {
  return callApi(courseRoutes.deleteLesson, { params: { id: courseId, lessonId } });
}

export function useDeleteLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => deleteLesson(courseId, lessonId),
    onSuccess: (_result, lessonId) => {
      queryClient.removeQueries({ queryKey: courseKeys.lesson(courseId, lessonId) });
      refreshCourse(queryClient, courseId);
    },
  });
}
