import { messageRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { messageKeys } from './messages-query-keys';

/** One conversation (its other person, its unread count), e.g. opened from a notification's link. */
export function getConversation(id: string, signal?: AbortSignal) {
  return callApi(messageRoutes.getConversation, { params: { id }, signal });
}

export function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: messageKeys.conversation(id),
    queryFn: ({ signal }) => getConversation(id, signal),
  });
}

export function useConversation(id: string) {
  return useQuery(conversationQueryOptions(id));
}
