import { organizationRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { CONNECTION_LOGS_QUERY_KEY } from './get-connection-logs';

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
    queryKey: [...CONNECTION_LOGS_QUERY_KEY, 'learner-options'],
    queryFn: ({ signal }) => getLearnerOptions(signal),
  });
}

export function useLearnerOptions() {
  return useQuery(learnerOptionsQueryOptions());
}
