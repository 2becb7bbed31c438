import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    auth: true;
  }
}

/** Query keys of the auth feature. */
export const authKeys = {
  all: getDomainKey('auth'),
  session: () => [...authKeys.all, 'session'] as const,
};
