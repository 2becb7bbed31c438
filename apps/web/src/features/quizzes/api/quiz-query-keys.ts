import type {
  PaginationQuery,
  QuestionListQuery,
  QuizListQuery,
  StudentQuizListQuery,
} from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    quizzes: true;
  }
}

/** Query keys of the quizzes feature: the trainer's quizzes and bank, the learner's quizzes and attempts. */
export const quizKeys = {
  all: getDomainKey('quizzes'),
  list: (query: QuizListQuery) => [...quizKeys.all, 'list', query] as const,
  detail: (quizId: string) => [...quizKeys.all, 'detail', quizId] as const,
  results: (quizId: string, query: PaginationQuery) => [...quizKeys.all, 'results', quizId, query] as const,
  questions: (query: QuestionListQuery) => [...quizKeys.all, 'questions', query] as const,
  categories: () => [...quizKeys.all, 'categories'] as const,
  courseOptions: () => [...quizKeys.all, 'course-options'] as const,
  courseModules: (courseId: string) => [...quizKeys.all, 'course-modules', courseId] as const,
  sessionOptions: (search: string) => [...quizKeys.all, 'session-options', search] as const,
  mine: (query: StudentQuizListQuery) => [...quizKeys.all, 'mine', query] as const,
  mineDetail: (quizId: string) => [...quizKeys.all, 'mine-detail', quizId] as const,
  attempt: (attemptId: string) => [...quizKeys.all, 'attempt', attemptId] as const,
  stats: () => [...quizKeys.all, 'stats'] as const,
};
