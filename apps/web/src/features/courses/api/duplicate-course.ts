import { courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeCourseDetail } from './course-cache';

/** A deep copy titled '… (copie)': an unlocked draft without learners. */
export function duplicateCourse(courseId: string) {
  return callApi(courseRoutes.duplicate, { params: { id: courseId } });
}

export function useDuplicateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCourse,
    onSuccess: (course) => storeCourseDetail(queryClient, course),
  });
}
