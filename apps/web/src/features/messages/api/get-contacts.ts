import { type MessageContactListQuery, messageRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { messageKeys } from './messages-query-keys';

/** Whom the reader may write to: a learner the trainers, a trainer the learners. */
export function getMessageContacts(query: MessageContactListQuery, signal?: AbortSignal) {
  return callApi(messageRoutes.listContacts, { query, signal });
}

export function messageContactsQueryOptions(query: MessageContactListQuery) {
  return queryOptions({
    queryKey: messageKeys.contacts(query),
    queryFn: ({ signal }) => getMessageContacts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMessageContacts(query: MessageContactListQuery) {
  return useQuery(messageContactsQueryOptions(query));
}
