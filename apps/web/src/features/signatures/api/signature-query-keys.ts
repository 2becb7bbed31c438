import type { PaginationQuery, TrainerSignatureListQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    signatures: true;
  }
}

export const signatureKeys = {
  all: getDomainKey('signatures'),
  page: (courseId: string, moduleIndex: number | null) =>
    [...signatureKeys.all, 'page', courseId, moduleIndex] as const,
  mine: (query: PaginationQuery) => [...signatureKeys.all, 'mine', query] as const,
  trainerList: (query: TrainerSignatureListQuery) => [...signatureKeys.all, 'trainer', query] as const,
  courseOptions: () => [...signatureKeys.all, 'course-options'] as const,
};
