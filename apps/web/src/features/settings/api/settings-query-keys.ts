import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    settings: true;
  }
}

/** Query keys of the settings feature. */
export const settingsKeys = {
  all: getDomainKey('settings'),
  timeTracking: () => [...settingsKeys.all, 'time-tracking'] as const,
};
