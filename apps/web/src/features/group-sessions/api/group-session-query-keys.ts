import type {
  GroupSessionLearnerQuery,
  GroupSessionListQuery,
  LearnerGroupSessionListQuery,
} from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    'group-sessions': true;
  }
}

export const groupSessionKeys = {
  all: getDomainKey('group-sessions'),
  trainerList: (query: GroupSessionListQuery) => [...groupSessionKeys.all, 'trainer', query] as const,
  adminList: (query: GroupSessionListQuery) => [...groupSessionKeys.all, 'admin', query] as const,
  detail: (id: string) => [...groupSessionKeys.all, 'detail', id] as const,
  learners: (query: GroupSessionLearnerQuery) => [...groupSessionKeys.all, 'learners', query] as const,
  courseOptions: () => [...groupSessionKeys.all, 'course-options'] as const,
  mine: (query: LearnerGroupSessionListQuery) => [...groupSessionKeys.all, 'mine', query] as const,
  mineOne: (id: string) => [...groupSessionKeys.all, 'mine-one', id] as const,
};
