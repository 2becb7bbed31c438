import type { AuditEventQuery } from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    'audit-trail': true;
  }
}

/** Query keys of the audit-trail feature. */
export const auditTrailKeys = {
  all: getDomainKey('audit-trail'),
  list: (query: AuditEventQuery) => [...auditTrailKeys.all, 'list', query] as const,
};
