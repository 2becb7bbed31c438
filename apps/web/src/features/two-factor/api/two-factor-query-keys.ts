import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    twoFactor: true;
  }
}

export const twoFactorKeys = {
  all: getDomainKey('twoFactor'),
  status: () => [...twoFactorKeys.all, 'status'] as const,
  policy: () => [...twoFactorKeys.all, 'policy'] as const,
};
