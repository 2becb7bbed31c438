import { courseRoutes, MAX_PAGE_SIZE, organizationRoutes, quizRoutes } from '@cursus/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

/**
 * What the trainer picks from: the organisation's formations, quizzes and learners (a page of the
 * largest size each, enough for a picker; a longer list is searched in its own screen).
 */
export function useCourseChoices() {
  return useQuery({
    queryKey: quizAccessKeys.choices('courses'),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: MAX_PAGE_SIZE }, signal }),
  });
}

export function useQuizChoices() {
  return useQuery({
    queryKey: quizAccessKeys.choices('quizzes'),
    queryFn: ({ signal }) => callApi(quizRoutes.list, { query: { pageSize: MAX_PAGE_SIZE }, signal }),
  });
}

export function useStudentChoices() {
  return useQuery({
    queryKey: quizAccessKeys.choices('students'),
    queryFn: ({ signal }) =>
      callApi(organizationRoutes.listStudents, { query: { pageSize: MAX_PAGE_SIZE }, signal }),
  });
}
