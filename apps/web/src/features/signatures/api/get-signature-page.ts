import { signatureRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { signatureKeys } from './signature-query-keys';

/** What the learner signs: the formation or one module, their completion, time and signature. */
export function getSignaturePage(courseId: string, moduleIndex: number | null, signal?: AbortSignal) {
  return callApi(signatureRoutes.getPage, {
    params: { courseId },
    query: moduleIndex === null ? {} : { module: moduleIndex },
    signal,
  });
}

export function signaturePageQueryOptions(courseId: string, moduleIndex: number | null) {
  return queryOptions({
    queryKey: signatureKeys.page(courseId, moduleIndex),
    queryFn: ({ signal }) => getSignaturePage(courseId, moduleIndex, signal),
  });
}

export function useSignaturePage(courseId: string, moduleIndex: number | null) {
  return useQuery(signaturePageQueryOptions(courseId, moduleIndex));
}
