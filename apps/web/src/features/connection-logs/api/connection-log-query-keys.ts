import type { ConnectionLogEntriesQuery, ConnectionLogQuery } from '@cursus/contracts';
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
  entries: (studentId: string, query: ConnectionLogEntriesQuery) =>
    [...connectionLogKeys.all, 'entries', studentId, query] as const,
  studentOptions: () => [...connectionLogKeys.all, 'student-options'] as const,
  courseOptions: () => [...connectionLogKeys.all, 'course-options'] as const,
};
