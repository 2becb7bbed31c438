import { type ConversationListQuery, MESSAGES_REFETCH_INTERVAL_MS, messageRoutes } from '@cursus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { messageKeys } from './messages-query-keys';

/** The reader's conversations, latest activity first, with their unread counts. */
export function getConversations(query: ConversationListQuery, signal?: AbortSignal) {
  return callApi(messageRoutes.listConversations, { query, signal });
}

export function conversationsQueryOptions(query: ConversationListQuery) {
  return queryOptions({
    queryKey: messageKeys.conversationList(query),
    queryFn: ({ signal }) => getConversations(query, signal),
    placeholderData: keepPreviousData,
    // Unread counts move while the page is open; read again only while it is visible.
    refetchInterval: MESSAGES_REFETCH_INTERVAL_MS,
  });
}

export function useConversations(query: ConversationListQuery) {
  return useQuery(conversationsQueryOptions(query));
}
