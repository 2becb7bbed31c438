import { courseRoutes, type UpdateCourseInput } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeCourseDetail } from './course-cache';

/** Saves the programme sheet (any subset of its fields). */
export function updateCourse(courseId: string, input: UpdateCourseInput) {
  return callApi(courseRoutes.update, { params: { id: courseId }, body: input });
}

export function useUpdateCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCourseInput) => updateCourse(courseId, input),
    onSuccess: (course) => storeCourseDetail(queryClient, course),
  });
}
