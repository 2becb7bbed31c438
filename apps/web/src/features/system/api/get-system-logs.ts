import {
  type NotFoundListQuery,
  type SystemLogListQuery,
  type SystemLogSummaryQuery,
  systemAdminRoutes,
} from '@cursus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { systemKeys } from './system-query-keys';

export function useSystemLogs(query: SystemLogListQuery) {
  return useQuery({
    queryKey: systemKeys.logs(query),
    queryFn: ({ signal }) => callApi(systemAdminRoutes.logs, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The errors-per-hour chart and the filters' choices. */
export function useSystemLogSummary(query: SystemLogSummaryQuery) {
  return useQuery({
    queryKey: systemKeys.logSummary(query),
    queryFn: ({ signal }) => callApi(systemAdminRoutes.logSummary, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNotFoundErrors(query: NotFoundListQuery) {
  return useQuery({
    queryKey: systemKeys.notFound(query),
    queryFn: ({ signal }) => callApi(systemAdminRoutes.notFound, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
