import { courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshCourse } from './course-cache';
import { courseKeys } from './course-query-keys';

/** Ends an enrolment; completions are kept, so enrolling again restores the progress. */
export function unenrollStudent(courseId: string, studentId: string) {
  return callApi(courseRoutes.unenroll, { params: { id: courseId, studentId } });
}

export function useUnenrollStudent(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) => unenrollStudent(courseId, studentId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.enrollments(courseId) });
      void queryClient.invalidateQueries({ queryKey: courseKeys.candidates(courseId) });
      refreshCourse(queryClient, courseId);
    },
  });
}
