import { quizAccessRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

/** Per formation: invitations' outcome and how each question went. */
export function getCourseReport(courseId: string, signal?: AbortSignal) {
  return callApi(quizAccessRoutes.courseReport, { params: { courseId }, signal });
}

export function courseReportQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: quizAccessKeys.courseReport(courseId),
    queryFn: ({ signal }) => getCourseReport(courseId, signal),
  });
}

export function useCourseReport(courseId: string | null) {
  return useQuery({ ...courseReportQueryOptions(courseId ?? ''), enabled: Boolean(courseId) });
}

/** Per learner: the positioning answers attached to their account. */
export function getStudentReport(studentId: string, signal?: AbortSignal) {
  return callApi(quizAccessRoutes.studentReport, { params: { studentId }, signal });
}

export function studentReportQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: quizAccessKeys.studentReport(studentId),
    queryFn: ({ signal }) => getStudentReport(studentId, signal),
  });
}

export function useStudentReport(studentId: string | null) {
  return useQuery({ ...studentReportQueryOptions(studentId ?? ''), enabled: Boolean(studentId) });
}
