import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    achievements: true;
  }
}

export const achievementKeys = {
  all: getDomainKey('achievements'),
  mine: () => [...achievementKeys.all, 'mine'] as const,
  badges: () => [...achievementKeys.all, 'badges'] as const,
};
