import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    offline: true;
  }
}

/** What the device holds: read from IndexedDB, kept in the query cache so every panel agrees. */
export const offlineKeys = {
  all: getDomainKey('offline'),
  formations: (userId: string) => [...offlineKeys.all, 'formations', userId] as const,
  pendingCompletions: (userId: string) => [...offlineKeys.all, 'pending-completions', userId] as const,
  storageEstimate: () => [...offlineKeys.all, 'storage-estimate'] as const,
};
