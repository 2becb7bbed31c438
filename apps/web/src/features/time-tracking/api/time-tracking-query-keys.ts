import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    'time-tracking': true;
  }
}

/** Query keys of the time-tracking feature: a closed session refreshes every one of them. */
export const timeTrackingKeys = {
  all: getDomainKey('time-tracking'),
  mine: () => [...timeTrackingKeys.all, 'me'] as const,
};
