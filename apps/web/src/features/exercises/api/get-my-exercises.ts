import { exerciseRoutes, type PaginationQuery } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { exerciseKeys } from './exercise-query-keys';

/** The exercises of the learner's formations, soonest due first, with their own work. */
export function getMyExercises(query: PaginationQuery, signal?: AbortSignal) {
  return callApi(exerciseRoutes.listMine, { query, signal });
}

export function myExercisesQueryOptions(query: PaginationQuery) {
  return queryOptions({
    queryKey: exerciseKeys.mine(query),
    queryFn: ({ signal }) => getMyExercises(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyExercises(query: PaginationQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myExercisesQueryOptions(query), enabled });
}
