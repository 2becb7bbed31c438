import { courseRoutes, type UpdateLessonInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshCourse } from './course-cache';
import { courseKeys } from './course-query-keys';

/** Title, duration or content; the type follows the content. */
export function updateLesson(courseId: string, lessonId: string, input: UpdateLessonInput) {
  return callApi(courseRoutes.updateLesson, { params: { id: courseId, lessonId }, body: input });
}

export function useUpdateLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: string; input: UpdateLessonInput }) =>
      updateLesson(courseId, lessonId, input),
    onSuccess: (lesson) => {
      queryClient.setQueryData(courseKeys.lesson(courseId, lesson.id), lesson);
      refreshCourse(queryClient, courseId);
    },
  });
}
