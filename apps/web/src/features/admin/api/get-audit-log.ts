import { type AdminAuditQuery, auditRoutes } from '@cursus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** The admin audit log (the audit module's), the platform's or one organisation's. */
export function useAuditLog(query: AdminAuditQuery) {
  return useQuery({
    queryKey: adminKeys.auditLog(query),
    queryFn: ({ signal }) => callApi(auditRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
