import type { GuestAttemptListQuery, PositioningListQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    quizAccess: true;
  }
}

/** Query keys of public quizzes and positioning (issue 13 points 3 and 4). */
export const quizAccessKeys = {
  all: getDomainKey('quizAccess'),
  publicQuiz: (quizId: string) => [...quizAccessKeys.all, 'public-quiz', quizId] as const,
  positioning: (token: string) => [...quizAccessKeys.all, 'positioning', token] as const,
  publicLink: (quizId: string) => [...quizAccessKeys.all, 'public-link', quizId] as const,
  guestAttempts: (quizId: string, query?: GuestAttemptListQuery) =>
    query
      ? ([...quizAccessKeys.all, 'guest-attempts', quizId, query] as const)
      : ([...quizAccessKeys.all, 'guest-attempts', quizId] as const),
  guestAttempt: (attemptId: string) => [...quizAccessKeys.all, 'guest-attempt', attemptId] as const,
  invitations: (query?: PositioningListQuery) =>
    query
      ? ([...quizAccessKeys.all, 'invitations', query] as const)
      : ([...quizAccessKeys.all, 'invitations'] as const),
  courseReport: (courseId: string) => [...quizAccessKeys.all, 'course-report', courseId] as const,
  studentReport: (studentId: string) => [...quizAccessKeys.all, 'student-report', studentId] as const,
  choices: (kind: 'courses' | 'quizzes' | 'students') => [...quizAccessKeys.all, 'choices', kind] as const,
};
