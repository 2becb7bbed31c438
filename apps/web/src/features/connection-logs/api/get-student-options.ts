import { MAX_PAGE_SIZE, organizationRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { connectionLogKeys } from './connection-log-query-keys';

export interface StudentOption {
  id: string;
  name: string;
  email: string;
}

/** The learners the filter offers: the organisation's, by name (the first page, of the largest size). */
export async function getStudentOptions(signal?: AbortSignal): Promise<StudentOption[]> {
  const { items } = await callApi(organizationRoutes.listStudents, {
    query: { pageSize: MAX_PAGE_SIZE },
    signal,
  });
  return items.map((student) => ({ id: student.id, name: student.fullName, email: student.email }));
}

export function studentOptionsQueryOptions() {
  return queryOptions({
    queryKey: connectionLogKeys.studentOptions(),
    queryFn: ({ signal }) => getStudentOptions(signal),
  });
}

export function useStudentOptions() {
  return useQuery(studentOptionsQueryOptions());
}
