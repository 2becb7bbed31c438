import { learningRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { learningKeys } from './learning-query-keys';

/** `/progression`: progress by formation and module, totals and the latest completions. */
export function getProgression(signal?: AbortSignal) {
  return callApi(learningRoutes.progression, { signal });
}

export function progressionQueryOptions() {
  return queryOptions({
    queryKey: learningKeys.progression(),
    queryFn: ({ signal }) => getProgression(signal),
  });
}

export function useProgression({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...progressionQueryOptions(), enabled });
}
