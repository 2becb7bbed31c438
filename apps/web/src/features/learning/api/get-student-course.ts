import { learningRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';

/** A formation's programme sheet and outline, with the learner's completion marks. */
export function getStudentCourse(courseId: string, signal?: AbortSignal) {
  return callApi(learningRoutes.getCourse, { params: { courseId }, signal });
}

export function studentCourseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: learningKeys.course(courseId),
    queryFn: ({ signal }) => getStudentCourse(courseId, signal),
  });
}

export function useStudentCourse(courseId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...studentCourseQueryOptions(courseId), enabled });
}
