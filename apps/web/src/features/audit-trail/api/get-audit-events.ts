import { type AuditEventQuery, auditEventRoutes } from '@cursus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { auditTrailKeys } from './audit-trail-query-keys';

/** One page of the audit trail: a trainer's organisation's, or what an admin asks for. */
export function useAuditEvents(query: AuditEventQuery) {
  return useQuery({
    queryKey: auditTrailKeys.list(query),
    queryFn: ({ signal }) => callApi(auditEventRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
