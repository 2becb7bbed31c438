import { courseRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeCourse } from './course-cache';

/** The state changes of a formation, each its own route (SPEC 4: published or not, locked or not). */
export const COURSE_STATE_ACTIONS = [
  'publish',
  'unpublish',
  'lock',
  'unlock',
  'archive',
  'unarchive',
] as const;
export type CourseStateAction = (typeof COURSE_STATE_ACTIONS)[number];

export function changeCourseState(courseId: string, action: CourseStateAction) {
  return callApi(courseRoutes[action], { params: { id: courseId } });
}

export function useChangeCourseState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, action }: { courseId: string; action: CourseStateAction }) =>
      changeCourseState(courseId, action),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
