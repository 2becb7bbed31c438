import { type PositioningListQuery, quizAccessRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

export function getPositioningInvitations(query: PositioningListQuery, signal?: AbortSignal) {
  return callApi(quizAccessRoutes.listPositioning, { query, signal });
}

export function positioningInvitationsQueryOptions(query: PositioningListQuery) {
  return queryOptions({
    queryKey: quizAccessKeys.invitations(query),
    queryFn: ({ signal }) => getPositioningInvitations(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePositioningInvitations(query: PositioningListQuery) {
  return useQuery(positioningInvitationsQueryOptions(query));
}
