import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    privacy: true;
  }
}

export const privacyKeys = {
  all: getDomainKey('privacy'),
  retention: () => [...privacyKeys.all, 'retention'] as const,
  erasurePreview: (studentId: string) => [...privacyKeys.all, 'erasure-preview', studentId] as const,
};
