import { organizationRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { connectionLogKeys } from './connection-log-query-keys';

export interface LearnerOption {
  id: string;
  name: string;
  email: string;
}

/** The learners the filter offers: the organisation's, by name (the first 100). */
export async function getLearnerOptions(signal?: AbortSignal): Promise<LearnerOption[]> {
  const { items } = await callApi(organizationRoutes.listStudents, { query: {}, signal });
  return items.map((student) => ({ id: student.id, name: student.fullName, email: student.email }));
}

export function learnerOptionsQueryOptions() {
  return queryOptions({
    queryKey: connectionLogKeys.learnerOptions(),
    queryFn: ({ signal }) => getLearnerOptions(signal),
  });
}

export function useLearnerOptions() {
  return useQuery(learnerOptionsQueryOptions());
}
