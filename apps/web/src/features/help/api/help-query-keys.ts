import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    help: true;
  }
}

/** Query keys of the help feature. */
export const helpKeys = {
  all: getDomainKey('help'),
  publicConfig: () => [...helpKeys.all, 'public-config'] as const,
};
