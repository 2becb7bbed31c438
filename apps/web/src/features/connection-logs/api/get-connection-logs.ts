import { type ConnectionLogQuery, timeTrackingRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { connectionLogKeys } from './connection-log-query-keys';

/** `/trainer/connection-logs`: one page of learners with their counts, and the totals of the filters. */
export function getConnectionLogs(query: ConnectionLogQuery, signal?: AbortSignal) {
  return callApi(timeTrackingRoutes.connectionLogs, { query, signal });
}

export function connectionLogsQueryOptions(query: ConnectionLogQuery) {
  return queryOptions({
    queryKey: connectionLogKeys.list(query),
    queryFn: ({ signal }) => getConnectionLogs(query, signal),
    // Sessions keep arriving while learners study: always ask again when the screen opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useConnectionLogs(query: ConnectionLogQuery, { enabled = true }: { enabled?: boolean } = {}) {
  // The previous page stays on screen while the next one loads, so the list does not jump.
  return useQuery({ ...connectionLogsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
