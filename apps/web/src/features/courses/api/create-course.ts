import { type CreateCourseInput, courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeCourseDetail } from './course-cache';

/** A new formation starts as a draft of the trainer's organisation. */
export function createCourse(input: CreateCourseInput) {
  return callApi(courseRoutes.create, { body: input });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: (course) => storeCourseDetail(queryClient, course),
  });
}
