import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    compliance: true;
  }
}

export const complianceKeys = {
  all: getDomainKey('compliance'),
  report: () => [...complianceKeys.all, 'report'] as const,
};
