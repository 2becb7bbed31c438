import { MESSAGES_REFETCH_INTERVAL_MS, messageRoutes } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { messageKeys } from './messages-query-keys';

/** Unread messages across the reader's conversations (the messages page's summary, a navigation badge). */
export function getUnreadMessagesCount(signal?: AbortSignal) {
  return callApi(messageRoutes.unreadCount, { signal });
}

export function unreadMessagesCountQueryOptions() {
  return queryOptions({
    queryKey: messageKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadMessagesCount(signal),
    select: (answer) => answer.count,
  });
}

/**
 * `isPolling` reads it again every 15 s while the page is visible (the messages page); elsewhere the
 * live stream's refresh of the 'messages' domain keeps it current.
 */
export function useUnreadMessagesCount({
  enabled = true,
  isPolling = false,
}: {
  enabled?: boolean;
  isPolling?: boolean;
} = {}) {
  return useQuery({
    ...unreadMessagesCountQueryOptions(),
    enabled,
    refetchInterval: isPolling ? MESSAGES_REFETCH_INTERVAL_MS : false,
  });
}
