import { courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshCourse } from './course-cache';
import { courseKeys } from './course-query-keys';

/** Enrols students of the organisation; those already enrolled are counted, not duplicated. */
export function enrollStudents(courseId: string, studentIds: string[]) {
  return callApi(courseRoutes.enroll, { params: { id: courseId }, body: { studentIds } });
}

export function useEnrollStudents(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentIds: string[]) => enrollStudents(courseId, studentIds),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.enrollments(courseId) });
      void queryClient.invalidateQueries({ queryKey: courseKeys.candidates(courseId) });
      refreshCourse(queryClient, courseId);
    },
  });
}
