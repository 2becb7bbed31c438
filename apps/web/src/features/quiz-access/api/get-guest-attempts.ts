import { type GuestAttemptListQuery, quizAccessRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

/** Visitors' attempts of a quiz (public link or positioning), newest first. */
export function getGuestAttempts(quizId: string, query: GuestAttemptListQuery, signal?: AbortSignal) {
  return callApi(quizAccessRoutes.listGuestAttempts, { params: { quizId }, query, signal });
}

export function guestAttemptsQueryOptions(quizId: string, query: GuestAttemptListQuery) {
  return queryOptions({
    queryKey: quizAccessKeys.guestAttempts(quizId, query),
    queryFn: ({ signal }) => getGuestAttempts(quizId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGuestAttempts(quizId: string | null, query: GuestAttemptListQuery) {
  return useQuery({ ...guestAttemptsQueryOptions(quizId ?? '', query), enabled: Boolean(quizId) });
}

/** One attempt with each answer beside the expected one. */
export function getGuestAttempt(attemptId: string, signal?: AbortSignal) {
  return callApi(quizAccessRoutes.getGuestAttempt, { params: { id: attemptId }, signal });
}

export function useGuestAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: quizAccessKeys.guestAttempt(attemptId ?? ''),
    queryFn: ({ signal }) => getGuestAttempt(attemptId ?? '', signal),
    enabled: Boolean(attemptId),
  });
}
