import { type CreateLessonInput, courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshCourse } from './course-cache';
import { courseKeys } from './course-query-keys';

/** Adds a lesson at the end of a module. */
export function createLesson(courseId: string, moduleId: string, input: CreateLessonInput) {
  return callApi(courseRoutes.createLesson, { params: { id: courseId, moduleId }, body: input });
}

export function useCreateLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, input }: { moduleId: string; input: CreateLessonInput }) =>
      createLesson(courseId, moduleId, input),
    onSuccess: (lesson) => {
      queryClient.setQueryData(courseKeys.lesson(courseId, lesson.id), lesson);
      refreshCourse(queryClient, courseId);
    },
  });
}
