import { type CourseDetail, courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeOutline } from './course-cache';
import { courseKeys } from './course-query-keys';

/** `moduleIds` lists every module of the formation once, in the new order. */
export function reorderModules(courseId: string, moduleIds: string[]) {
  return callApi(courseRoutes.reorderModules, { params: { id: courseId }, body: { moduleIds } });
}

/** Shows the new order at once (a drop must not jump back), and restores the old one if refused. */
export function useReorderModules(courseId: string) {
  const queryClient = useQueryClient();
  const key = courseKeys.detail(courseId);
  return useMutation({
    mutationFn: (moduleIds: string[]) => reorderModules(courseId, moduleIds),
    onMutate: async (moduleIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CourseDetail>(key);
      if (previous) {
        const byId = new Map(previous.modules.map((module) => [module.id, module]));
        const modules = moduleIds.flatMap((id, position) => {
          const module = byId.get(id);
          return module ? [{ ...module, position }] : [];
        });
        queryClient.setQueryData<CourseDetail>(key, { ...previous, modules });
      }
      return { previous };
    },
    onError: (_error, _moduleIds, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (outline) => storeOutline(queryClient, courseId, outline),
  });
}
