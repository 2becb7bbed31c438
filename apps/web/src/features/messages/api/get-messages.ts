import { MESSAGES_REFETCH_INTERVAL_MS, type MessageList, messageRoutes } from '@cursus/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { messageKeys } from './messages-query-keys';

/** One page of a thread: the newest messages, or those older than `before`; oldest first. */
export function getMessages(conversationId: string, before: string | undefined, signal?: AbortSignal) {
  return callApi(messageRoutes.listMessages, {
    params: { id: conversationId },
    query: { before },
    signal,
  });
}

/**
 * The open thread, page by page going back in time. It is read again every 15 s while the page is
 * visible (refetchIntervalInBackground stays off), and whenever the live stream refreshes 'messages'.
 */
export function messagesQueryOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: MessageList) => (page.hasOlder ? page.items[0]?.id : undefined),
    refetchInterval: MESSAGES_REFETCH_INTERVAL_MS,
  });
}

export function useMessages(conversationId: string) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}
