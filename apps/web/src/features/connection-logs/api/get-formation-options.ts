import { courseRoutes, MAX_PAGE_SIZE } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { connectionLogKeys } from './connection-log-query-keys';

export interface FormationOption {
  id: string;
  title: string;
}

/** The organisation's formations for the filter (trainers: their own; admins: every one), by title. */
export async function getFormationOptions(signal?: AbortSignal): Promise<FormationOption[]> {
  const page = await callApi(courseRoutes.list, {
    query: { page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'title', order: 'asc' },
    signal,
  });
  return page.items.map((course) => ({ id: course.id, title: course.title }));
}

export function formationOptionsQueryOptions() {
  return queryOptions({
    queryKey: connectionLogKeys.formationOptions(),
    queryFn: ({ signal }) => getFormationOptions(signal),
  });
}

export function useFormationOptions() {
  return useQuery(formationOptionsQueryOptions());
}
