import type {
  ComplaintListQuery,
  ImprovementListQuery,
  ImprovementScope,
  WatchListQuery,
} from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    registers: true;
  }
}

export const registerKeys = {
  all: getDomainKey('registers'),
  complaints: (query: ComplaintListQuery) => [...registerKeys.all, 'complaints', query] as const,
  improvements: (scope: ImprovementScope, query: ImprovementListQuery) =>
    [...registerKeys.all, 'improvements', scope, query] as const,
  watch: (query: WatchListQuery) => [...registerKeys.all, 'watch', query] as const,
  links: (search: string) => [...registerKeys.all, 'links', search] as const,
  platformOwners: () => [...registerKeys.all, 'platform-owners'] as const,
};
