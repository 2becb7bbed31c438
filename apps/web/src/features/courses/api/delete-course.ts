import { courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** Refused with LINKED_DATA (SPEC 8's 23503) while learners are enrolled or have progress. */
export function deleteCourse(courseId: string) {
  return callApi(courseRoutes.delete, { params: { id: courseId } });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: (_result, courseId) => {
      queryClient.removeQueries({ queryKey: courseKeys.detail(courseId) });
      void queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
    },
  });
}
