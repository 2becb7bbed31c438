import { learningRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';

/** A formation's programme sheet and outline, with the learner's completion marks. */
export function getLearnerCourse(courseId: string, signal?: AbortSignal) {
  return callApi(learningRoutes.getCourse, { params: { courseId }, signal });
}

export function learnerCourseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: learningKeys.course(courseId),
    queryFn: ({ signal }) => getLearnerCourse(courseId, signal),
  });
}

export function useLearnerCourse(courseId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...learnerCourseQueryOptions(courseId), enabled });
}
