import { courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshCourse } from './course-cache';

/** Deletes the module with its lessons (and learners' completions of them). */
export function deleteModule(courseId: string, moduleId: string) {
  return callApi(courseRoutes.deleteModule, { params: { id: courseId, moduleId } });
}

export function useDeleteModule(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: string) => deleteModule(courseId, moduleId),
    onSuccess: () => refreshCourse(queryClient, courseId),
  });
}
