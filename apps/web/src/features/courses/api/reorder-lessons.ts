import { type CourseDetail, courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeOutline } from './course-cache';
import { courseKeys } from './course-query-keys';

export interface ReorderLessonsVariables {
  moduleId: string;
  /** Every lesson of the module once, in the new order. */
  lessonIds: string[];
}

export function reorderLessons(courseId: string, { moduleId, lessonIds }: ReorderLessonsVariables) {
  return callApi(courseRoutes.reorderLessons, { params: { id: courseId, moduleId }, body: { lessonIds } });
}

/** Shows the new order at once, and restores the old one if the server refuses it. */
export function useReorderLessons(courseId: string) {
  const queryClient = useQueryClient();
  const key = courseKeys.detail(courseId);
  return useMutation({
    mutationFn: (variables: ReorderLessonsVariables) => reorderLessons(courseId, variables),
    onMutate: async ({ moduleId, lessonIds }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CourseDetail>(key);
      if (previous) {
        const modules = previous.modules.map((module) => {
          if (module.id !== moduleId) return module;
          const byId = new Map(module.lessons.map((lesson) => [lesson.id, lesson]));
          const lessons = lessonIds.flatMap((id, position) => {
            const lesson = byId.get(id);
            return lesson ? [{ ...lesson, position }] : [];
          });
          return { ...module, lessons };
        });
        queryClient.setQueryData<CourseDetail>(key, { ...previous, modules });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (outline) => storeOutline(queryClient, courseId, outline),
  });
}
