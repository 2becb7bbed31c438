import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    organizations: true;
  }
}

/** Query keys of the organizations feature. */
export const organizationKeys = {
  all: getDomainKey('organizations'),
  list: () => [...organizationKeys.all, 'list'] as const,
};
