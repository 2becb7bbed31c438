import { courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshCourse } from './course-cache';

export interface RenameModuleInput {
  moduleId: string;
  title: string;
}

export function updateModule(courseId: string, { moduleId, title }: RenameModuleInput) {
  return callApi(courseRoutes.updateModule, { params: { id: courseId, moduleId }, body: { title } });
}

export function useUpdateModule(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RenameModuleInput) => updateModule(courseId, input),
    onSuccess: () => refreshCourse(queryClient, courseId),
  });
}
