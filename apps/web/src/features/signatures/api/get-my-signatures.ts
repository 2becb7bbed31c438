import { type PaginationQuery, signatureRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { signatureKeys } from './signature-query-keys';

/** The learner's signature history, newest first. */
export function getMySignatures(query: PaginationQuery, signal?: AbortSignal) {
  return callApi(signatureRoutes.listMine, { query, signal });
}

export function mySignaturesQueryOptions(query: PaginationQuery) {
  return queryOptions({
    queryKey: signatureKeys.mine(query),
    queryFn: ({ signal }) => getMySignatures(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMySignatures(query: PaginationQuery) {
  return useQuery(mySignaturesQueryOptions(query));
}
