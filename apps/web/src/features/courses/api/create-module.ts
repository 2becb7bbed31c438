import { courseRoutes, type ModuleInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshCourse } from './course-cache';

/** Adds a module after the last one. */
export function createModule(courseId: string, input: ModuleInput) {
  return callApi(courseRoutes.createModule, { params: { id: courseId }, body: input });
}

export function useCreateModule(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModuleInput) => createModule(courseId, input),
    onSuccess: () => refreshCourse(queryClient, courseId),
  });
}
