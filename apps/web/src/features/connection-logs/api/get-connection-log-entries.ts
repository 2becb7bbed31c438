import { type ConnectionLogEntriesQuery, timeTrackingRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { connectionLogKeys } from './connection-log-query-keys';

/** One learner's newest sessions and sign-ins for the list's filters, read when their details open. */
export function getConnectionLogEntries(
  studentId: string,
  query: ConnectionLogEntriesQuery,
  signal?: AbortSignal,
) {
  return callApi(timeTrackingRoutes.connectionLogEntries, { params: { studentId }, query, signal });
}

export function useConnectionLogEntries(studentId: string, query: ConnectionLogEntriesQuery) {
  return useQuery(
    queryOptions({
      queryKey: connectionLogKeys.entries(studentId, query),
      queryFn: ({ signal }) => getConnectionLogEntries(studentId, query, signal),
      // As the list: sessions keep arriving while learners study.
      staleTime: 0,
      refetchOnMount: 'always',
    }),
  );
}
