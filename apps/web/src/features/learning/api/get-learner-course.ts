import { learningRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { LEARNING_QUERY_KEY } from './get-learner-courses';

/** A formation's programme sheet and outline, with the learner's completion marks. */
export function getLearnerCourse(courseId: string, signal?: AbortSignal) {
  return callApi(learningRoutes.getCourse, { params: { courseId }, signal });
}

export function learnerCourseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: [...LEARNING_QUERY_KEY, 'course', courseId],
    queryFn: ({ signal }) => getLearnerCourse(courseId, signal),
  });
}

export function useLearnerCourse(courseId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...learnerCourseQueryOptions(courseId), enabled });
}
