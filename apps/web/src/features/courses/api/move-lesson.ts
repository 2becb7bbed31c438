import { courseRoutes, type MoveLessonInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeOutline } from './course-cache';
import { courseKeys } from './course-query-keys';

/** Moves a lesson into another module of the same formation (last, unless a position is given). */
export function moveLesson(courseId: string, lessonId: string, input: MoveLessonInput) {
  return callApi(courseRoutes.moveLesson, { params: { id: courseId, lessonId }, body: input });
}

export function useMoveLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: string; input: MoveLessonInput }) =>
      moveLesson(courseId, lessonId, input),
    onSuccess: (outline, { lessonId }) => {
      storeOutline(queryClient, courseId, outline);
      // The lesson's own record names its module.
      void queryClient.invalidateQueries({ queryKey: courseKeys.lesson(courseId, lessonId) });
    },
  });
}
