import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    dashboard: true;
  }
}

/** Query keys of the dashboard feature ('Mon Suivi'): tracked time, progress and recommendations. */
export const dashboardKeys = {
  all: getDomainKey('dashboard'),
  mine: () => [...dashboardKeys.all, 'me'] as const,
};
