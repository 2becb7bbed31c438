import type { ConnectionLogQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    'connection-logs': true;
  }
}

/** Query keys of the connection-logs feature. */
export const connectionLogKeys = {
  all: getDomainKey('connection-logs'),
  list: (query: ConnectionLogQuery) => [...connectionLogKeys.all, 'list', query] as const,
  learnerOptions: () => [...connectionLogKeys.all, 'learner-options'] as const,
  formationOptions: () => [...connectionLogKeys.all, 'formation-options'] as const,
};
