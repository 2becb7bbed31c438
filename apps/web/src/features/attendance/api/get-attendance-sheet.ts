import { attendanceRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { attendanceKeys } from './attendance-query-keys';

/** The session's sheet; the server writes its slots and learners' rows on the first read. */
export function getAttendanceSheet(sessionId: string, signal?: AbortSignal) {
  return callApi(attendanceRoutes.getSheet, { params: { sessionId }, signal });
}

export function attendanceSheetQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: attendanceKeys.sheet(sessionId),
    queryFn: ({ signal }) => getAttendanceSheet(sessionId, signal),
  });
}

export function useAttendanceSheet(sessionId: string) {
  return useQuery(attendanceSheetQueryOptions(sessionId));
}
