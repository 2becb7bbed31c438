import {
  type MyQuestionsQuery,
  QUESTIONS_GC_TIME_MS,
  QUESTIONS_STALE_TIME_MS,
  type TrainerQuestionsQuery,
} from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    questions: true;
  }
}

export const questionKeys = {
  all: getDomainKey('questions'),
  mine: (query: MyQuestionsQuery) => [...questionKeys.all, 'mine', query] as const,
  myQuestion: (id: string) => [...questionKeys.all, 'my-question', id] as const,
  hub: (organizationId: string) => [...questionKeys.all, 'hub', organizationId] as const,
  trainerList: (query: TrainerQuestionsQuery) => [...questionKeys.all, 'trainer', query] as const,
  trainerQuestion: (id: string) => [...questionKeys.all, 'trainer-question', id] as const,
  trainers: (organizationId: string | undefined) =>
    [...questionKeys.all, 'trainers', organizationId] as const,
};

/** SPEC 9: questions stay fresh 60 s and are kept 5 minutes once off screen. */
export const QUESTIONS_CACHE = { staleTime: QUESTIONS_STALE_TIME_MS, gcTime: QUESTIONS_GC_TIME_MS } as const;
